import { BOARD_MESSAGES, DEFAULT_COURIER_COLUMNS } from "./contracts/boards";
import { MAX_ROUTE_ORDERS } from "./contracts/dispatch";

/** Courier columns of the dispatch board (0 = Sin asignar) as ordered lists of order ids. */
export type Columns = Map<number, number[]>;

export interface Placement {
  orderId: number;
  courier: number;
  position: number;
}

/** Columns from stored placements: by position, ties by order id, so every screen agrees. */
export function columnsOf(placements: Placement[]): Columns {
  // Sin asignar and the SPEC's three couriers always; a courier the fleet added (4–12) once it holds a card.
  const columns: Columns = new Map([0, ...DEFAULT_COURIER_COLUMNS].map((c) => [c, []]));
  const sorted = [...placements].sort(
    (a, b) => a.courier - b.courier || a.position - b.position || a.orderId - b.orderId,
  );
  for (const p of sorted) {
    if (!columns.has(p.courier)) columns.set(p.courier, []);
    columns.get(p.courier)!.push(p.orderId);
  }
  return columns;
}

/**
 * Moves an order to a column, in front of `beforeId` (or last when it is null or not in
 * that column). Every order stays in exactly one column.
 */
export function moveCard(columns: Columns, orderId: number, courier: number, beforeId: number | null): Columns {
  const next: Columns = new Map([...columns].map(([c, ids]) => [c, ids.filter((id) => id !== orderId)]));
  const target = next.get(courier) ?? [];
  const at = beforeId === null ? -1 : target.indexOf(beforeId);
  target.splice(at === -1 ? target.length : at, 0, orderId);
  next.set(courier, target);
  return next;
}

/** The placements a move must write: those whose stored column or position differ from the new board. */
export function changedPlacements(stored: Placement[], after: Columns): Placement[] {
  const was = new Map(stored.map((p) => [p.orderId, `${p.courier}:${p.position}`]));
  const changed: Placement[] = [];
  for (const [courier, ids] of after)
    ids.forEach((orderId, position) => {
      if (was.get(orderId) !== `${courier}:${position}`) changed.push({ orderId, courier, position });
    });
  return changed;
}

/**
 * Why a column's route cannot be sent, or null when it can: a route goes to the Cadete user
 * linked to the column (with nobody linked its stops would reach no phone), and holds 1 to 3
 * orders (SPEC.md §9).
 */
export function sendRouteRefusal(column: number, orders: number, linked: boolean): string | null {
  if (column < 1) return BOARD_MESSAGES.chooseCourier;
  if (orders < 1 || orders > MAX_ROUTE_ORDERS) return BOARD_MESSAGES.routeSize;
  if (!linked) return BOARD_MESSAGES.noCourierLinked(column);
  return null;
}
