import { Alert, Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { ApiError } from "../../api/messages";

/** An order the server refused for the client's credit limit (409 with what is available). */
export interface CreditRefusal {
  message: string;
  /** Decimal text, as the server sent it ("1234.50"). */
  available: string;
}

export function creditRefusalOf(error: unknown): CreditRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const { available } = (error.data ?? {}) as { available?: unknown };
  return typeof available === "string" ? { message: error.message, available } : null;
}

interface CreditRefusalAlertProps {
  refusal: CreditRefusal | null;
  /** Given to an Admin: take the order past the limit on purpose. */
  onTakeAnyway?(): void;
  taking: boolean;
}

/**
 * The server's refusal stays on the page, with the cart untouched: a seller lowers the order or
 * calls the office; an Admin may take it anyway after saying so once more.
 */
export function CreditRefusalAlert({ refusal, onTakeAnyway, taking }: CreditRefusalAlertProps) {
  const [asking, setAsking] = useState(false);
  if (!refusal) return null;
  return (
    <Alert color="red" role="alert" title="Límite de crédito" mb="md">
      <Text size="sm" fw={600}>
        {refusal.message}
      </Text>
      {onTakeAnyway && (
        <Button mt="xs" size="sm" color="red" variant="light" onClick={() => setAsking(true)}>
          Tomar el pedido igual
        </Button>
      )}
      <Modal opened={asking} onClose={() => setAsking(false)} title="Pedido sobre el límite de crédito" centered>
        <Text mb="lg">{refusal.message} ¿Tomar el pedido igual? Queda registrado en el historial del pedido.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)}>
            Cancelar
          </Button>
          <Button
            color="red"
            loading={taking}
            onClick={() => {
              setAsking(false);
              onTakeAnyway?.();
            }}
          >
            Tomar el pedido igual
          </Button>
        </Group>
      </Modal>
    </Alert>
  );
}
