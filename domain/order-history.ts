import { courierName } from "./contracts/boards";

/**
 * An order's history as the office reads it (the order detail's 'Historial'): each event of
 * `order_events` in words, with where the order came from and went, never an event's type.
 */

/** DESIGN.md §5 status names by id, as drizzle/seed/reference.ts stores them. */
const STATUS_NAMES: Record<number, string> = {
  1: "Confirmado",
  2: "Cancelado",
  3: "Entregado",
  4: "Enviado",
  5: "Pendiente",
  6: "Armado",
  7: "Modificado",
};

const STOP_MARKS: Record<string, string> = {
  entregado: "Entregado",
  no_entregado: "No entregado",
  pendiente: "Pendiente",
};

/** The few facts of an event's data the history needs (the rest of the data is rows for the screens). */
export interface HistoryFacts {
  from?: number | null;
  status_id?: number | null;
  undo?: boolean | null;
  courier?: number | null;
  reset?: boolean | null;
  state?: string | null;
  undone?: string | null;
  reason?: string | null;
  /** The real weights packed (issue 41). */
  notes?: string[] | null;
}

const statusName = (id: number | null | undefined) => (id == null ? null : (STATUS_NAMES[id] ?? `Estado ${id}`));

function statusChange(facts: HistoryFacts): string {
  if (facts.from != null && facts.from === facts.status_id) return "Peso real corregido";
  const from = statusName(facts.from);
  const to = statusName(facts.status_id);
  const move = from && to ? `${from} → ${to}` : to ? `Pasó a ${to}` : "Cambio de estado";
  return facts.undo ? `${move} (marca del cadete deshecha)` : move;
}

function assignment(facts: HistoryFacts): string {
  if (facts.reset) return "Asignaciones reiniciadas";
  if (facts.courier == null) return "Asignación cambiada";
  return facts.courier === 0 ? "Devuelto a Sin asignar" : `Asignado a ${courierName(facts.courier)}`;
}

function stopMark(facts: HistoryFacts): string {
  const mark = facts.state ? `Marcado ${STOP_MARKS[facts.state] ?? facts.state} por el cadete` : "Marca del cadete";
  return facts.reason ? `${mark}: ${facts.reason}` : mark;
}

const DESCRIBE: Record<string, (facts: HistoryFacts) => string> = {
  "order.created": () => "Pedido confirmado",
  "order.modified": () => "Pedido modificado",
  "order.cancelled": (facts) => (statusName(facts.from) ? `${statusName(facts.from)} → Cancelado` : "Pedido cancelado"),
  "order.status_changed": statusChange,
  "dispatch.assignment_changed": assignment,
  "dispatch.stop_updated": stopMark,
  "dispatch.stop_undone": (facts) =>
    facts.undone ? `Marca ${STOP_MARKS[facts.undone] ?? facts.undone} deshecha` : "Marca del cadete deshecha",
};

/** One history line: 'Armado → Enviado', 'Asignado a Cadete 2'; an unknown type reads as a plain change. */
export const describeHistoryEvent = (type: string, facts: HistoryFacts): string =>
  DESCRIBE[type]?.(facts) ?? "Cambio en el pedido";
