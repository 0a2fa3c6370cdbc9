/** DESIGN.md §5 status ids. */
export const STATUS = {
  confirmed: 1,
  cancelled: 2,
  delivered: 3,
  sent: 4,
  pending: 5,
  prepared: 6,
  modified: 7,
} as const;

/** SPEC.md §4: preparation works on Confirmado and Pendiente orders. */
export const PREPARATION_STATUSES: number[] = [STATUS.confirmed, STATUS.pending];

const ALLOWED: Record<number, number[]> = {
  [STATUS.confirmed]: [STATUS.pending, STATUS.prepared, STATUS.cancelled],
  [STATUS.pending]: [STATUS.confirmed, STATUS.prepared],
  // Back to Pendiente before it is sent (issue 41: its real weights are cleared).
  [STATUS.prepared]: [STATUS.sent, STATUS.pending],
  // No entregado sends the order back to Armado, to be dispatched again.
  [STATUS.sent]: [STATUS.delivered, STATUS.prepared],
};

/** Confirmado ⇄ Pendiente, Confirmado/Pendiente ⇄ Armado ⇄ Enviado → Entregado, Confirmado → Cancelado. */
export function canTransition(from: number, to: number): boolean {
  return ALLOWED[from]?.includes(to) ?? false;
}

/**
 * Asking again for the state an order is already in succeeds and changes nothing: a preparer
 * who re-opens a checklist and saves it incomplete again, or a double click, is not an error.
 */
export const isRepeat = (from: number, to: number) => from === to;

/** Only a confirmed order can be modified or cancelled (SPEC.md §4). */
export const isEditable = (status: number) => status === STATUS.confirmed;
