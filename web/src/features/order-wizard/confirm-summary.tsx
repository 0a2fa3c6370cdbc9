import { Alert, Button, Card, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import { formatIsoDate } from "@domain/calendar";
import type { z } from "zod";
import type { PayMethod } from "@domain/contracts/orders";
import { formatMoneyWizard, formatWeight } from "@domain/money";
import { PENDING_MESSAGES } from "@domain/pending-orders";
import type { WizardData } from "../../stores/order-wizard";
import type { Placed } from "./use-confirm-order";

interface ConfirmSummaryProps {
  details: WizardData["details"];
  methods: z.infer<typeof PayMethod>[];
  payment: string | null;
  onPayment(value: string | null): void;
  notes: string;
  onNotes(notes: string): void;
  weight: number;
  subtotal: number;
  delivery: number;
  error: string | null;
  placed: Placed | null;
  sending: boolean;
  canConfirm: boolean;
  onConfirm(): void;
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : undefined}>{value}</Text>
    </Group>
  );
}

/** The confirm step's side card: where and when, payment, notes, the totals and 'Confirmar pedido'. */
export function ConfirmSummary(props: ConfirmSummaryProps) {
  const { details, placed } = props;
  return (
    <Card withBorder>
      <Stack gap="xs">
        {details && (
          <Text size="sm">
            {details.delivery_method} · {formatIsoDate(details.date)} · {details.time.text} · {details.address}
          </Text>
        )}
        <Select
          label="Forma de pago"
          data={props.methods.map((m) => ({ value: String(m.PK_PayMethods), label: m.Name }))}
          value={props.payment}
          onChange={props.onPayment}
          disabled={!!placed}
        />
        <Textarea
          label="Notas del pedido"
          value={props.notes}
          onChange={(e) => props.onNotes(e.currentTarget.value)}
          readOnly={!!placed}
          autosize
          minRows={2}
        />
        <Figure label="Peso total" value={formatWeight(props.weight)} />
        <Figure label="Sub total" value={formatMoneyWizard(props.subtotal)} />
        <Figure label="Costo de envío" value={formatMoneyWizard(props.delivery)} />
        <Figure label="TOTAL" value={formatMoneyWizard(props.subtotal + props.delivery)} strong />
        <Alert color="yellow">Revisá los datos del pedido antes de confirmar.</Alert>
        {props.error && (
          <Text c="red" role="alert">
            {props.error}
          </Text>
        )}
        {placed ? (
          <Alert
            color="teal"
            role="status"
            title={
              placed.kept
                ? PENDING_MESSAGES.kept
                : placed.placedId
                  ? `Pedido #${placed.placedId} confirmado`
                  : "Pedido confirmado"
            }
          >
            Volviendo a Nuevo Pedido…
          </Alert>
        ) : (
          <Button onClick={props.onConfirm} loading={props.sending} disabled={!props.canConfirm}>
            Confirmar pedido
          </Button>
        )}
      </Stack>
    </Card>
  );
}
