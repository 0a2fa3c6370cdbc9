import type { ClientAccount } from "@domain/contracts/accounts";

export type Movement = ClientAccount["movements"][number];

/** What a movement was, in words: "Pedido #12", "Pago · Transferencia (anulado)", "Anulación". */
export function movementLabel(m: Movement): string {
  const head =
    m.kind === "pedido"
      ? m.order_id === null
        ? "Pedido"
        : `Pedido #${m.order_id}`
      : m.kind === "pago"
        ? `Pago${m.method ? ` · ${m.method}` : ""}`
        : "Anulación";
  return m.voided ? `${head} (anulado)` : head;
}

/**
 * Only a payment recorded at the office is voided from the account; the courier's cash came
 * with a delivery (it has the order) and is corrected by undoing that delivery.
 */
export const isVoidable = (m: Movement) => m.kind === "pago" && !m.voided && m.order_id === null;
