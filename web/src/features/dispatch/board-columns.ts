import { DEFAULT_COURIER_COLUMNS } from "@domain/contracts/boards";
import type { CourierColumns } from "@domain/contracts/courier";

/**
 * The board's columns: Sin asignar, then every courier of the fleet (the SPEC's Cadete 1–3, more
 * when the fleet adds them), and any column a card still sits in.
 */
export function boardCourierColumns(couriers: CourierColumns | undefined, placed: Iterable<number>): number[] {
  const fleet = couriers?.couriers.map((c) => c.column) ?? DEFAULT_COURIER_COLUMNS;
  return [0, ...[...new Set([...fleet, ...placed])].filter((c) => c > 0).sort((a, b) => a - b)];
}
