import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { CourierStop } from "@domain/contracts/courier";
import { formatMoney, formatWeight, toCentavos, toGrams } from "@domain/money";
import { formatCelsius } from "@domain/cold-chain";
import { UndoButton } from "./undo-button";

const STATE = {
  pendiente: { label: "Pendiente", color: "blue" },
  entregado: { label: "Entregado", color: "teal" },
  no_entregado: { label: "No entregado", color: "red" },
} as const;

const money = (value: string) => formatMoney(toCentavos(value));

interface StopCardProps {
  stop: CourierStop;
  onDelivered(stop: CourierStop): void;
  onNotDelivered(stop: CourierStop): void;
  /** The order's latest stop: only its mark can be undone. */
  latest?: boolean;
  /** The client's heading level: under 'Mi reparto' (2) or under a section such as a trip or 'Cerradas' (3). */
  level?: 2 | 3;
}

/** One stop, read at arm's length: who, where, what to collect, and one-tap actions. */
export function StopCard({ stop, onDelivered, onNotDelivered, latest = true, level }: StopCardProps) {
  const state = STATE[stop.state];
  const open = stop.state === "pendiente";
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      shadow={open ? "sm" : undefined}
      data-testid={`stop-${stop.order_id}`}
      aria-label={`Parada ${stop.position}: ${stop.client_name}`}
    >
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Group gap="xs" wrap="nowrap">
          <Badge size="xl" circle variant="filled" color="dark" aria-hidden>
            {stop.position}
          </Badge>
          {/* An open stop sits right under 'Mi reparto'; a closed one under 'Cerradas'. */}
          <Title order={level ?? (open ? 2 : 3)} size="h4" lineClamp={2}>
            {stop.client_name}
          </Title>
        </Group>
        <Badge
          color={state.color}
          variant="light"
          size="md"
          data-testid="stop-state"
          c={`${state.color}.9`}
          style={{ flexShrink: 0, overflow: "visible" }}
        >
          {state.label}
        </Badge>
      </Group>
      <Text size="lg">{stop.address}</Text>
      <Text c="gray.7">
        {[stop.city, stop.time_slot].filter(Boolean).join(" · ")} · Pedido #{stop.order_id}
      </Text>
      <Group justify="space-between" mt="xs" align="flex-end">
        <div>
          <Text size="sm" c="gray.7">
            {stop.pay_method ?? "Sin forma de pago"}
          </Text>
          <Text fw={700} size="xl" data-testid="stop-amount">
            {stop.is_cash ? `Cobrar ${money(stop.Final_Price)}` : `${money(stop.Final_Price)} (no se cobra)`}
          </Text>
        </div>
        <Text c="gray.7">
          {stop.item_count} {stop.item_count === 1 ? "producto" : "productos"} ·{" "}
          {formatWeight(toGrams(stop.total_weight))}
        </Text>
      </Group>
      {stop.notes && (
        <Text mt="xs" p="xs" bg="yellow.0" style={{ borderRadius: 6 }}>
          Notas: {stop.notes}
        </Text>
      )}
      {stop.state === "entregado" && stop.amount_received !== null && (
        <Text mt="xs" fw={600} c={stop.difference === "0.00" ? "teal.9" : "red.9"}>
          Recibido {money(stop.amount_received)}
          {stop.difference !== "0.00" && stop.difference !== null ? ` · diferencia ${money(stop.difference)}` : ""}
        </Text>
      )}
      {stop.state === "entregado" && stop.temperature_c !== null && (
        <Text mt={4} data-testid="stop-temperature">
          Temperatura: {formatCelsius(stop.temperature_c)}
          {stop.temperature_note ? ` · ${stop.temperature_note}` : ""}
        </Text>
      )}
      {stop.state === "no_entregado" && (
        <Text mt="xs" fw={600} c="red.9">
          {stop.reason}
          {stop.reason_text ? `: ${stop.reason_text}` : ""}
        </Text>
      )}
      {!open && latest && <UndoButton stop={stop} />}
      {open && (
        <Stack gap="xs" mt="sm">
          <SimpleGrid cols={stop.phone ? 3 : 1} spacing="xs">
            <Button
              component="a"
              href={stop.directions_url}
              target="_blank"
              rel="noreferrer"
              variant="default"
              size="md"
              px={4}
            >
              Navegar
            </Button>
            {stop.phone && (
              <Button component="a" href={`tel:${stop.phone}`} variant="default" size="md" px={4}>
                Llamar
              </Button>
            )}
            {stop.whatsapp && (
              <Button
                component="a"
                href={`https://wa.me/${stop.whatsapp}`}
                target="_blank"
                rel="noreferrer"
                variant="default"
                size="md"
                px={4}
              >
                WhatsApp
              </Button>
            )}
          </SimpleGrid>
          <SimpleGrid cols={2} spacing="xs">
            <Button size="lg" px={6} color="teal.9" onClick={() => onDelivered(stop)}>
              Entregado
            </Button>
            <Button size="lg" px={6} color="red.9" variant="outline" onClick={() => onNotDelivered(stop)}>
              No entregado
            </Button>
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}
