import { asc } from "drizzle-orm";
import { DEFAULT_COURIER_COLUMNS, UNKNOWN_COURIER } from "@domain/contracts/boards";
import { fleetCouriers } from "../../../drizzle/schema";
import type { Executor } from "../../db/types";
import { Invalid } from "../../errors";

/** The board's courier columns: the SPEC's Cadete 1–3 and every courier the fleet added (up to 12), in order. */
export async function courierColumnsOf(db: Executor): Promise<number[]> {
  const rows = await db.select({ column: fleetCouriers.column }).from(fleetCouriers).orderBy(asc(fleetCouriers.column));
  return [...new Set([...DEFAULT_COURIER_COLUMNS, ...rows.map((r) => r.column)])].sort((a, b) => a - b);
}

/** A request's courier column must be one of the fleet's (0, Sin asignar, when `unassigned` allows it). */
export async function assertCourierColumn(db: Executor, column: number, field: string, unassigned = false) {
  if (unassigned && column === 0) return;
  if (!(await courierColumnsOf(db)).includes(column)) throw new Invalid(UNKNOWN_COURIER, { [field]: UNKNOWN_COURIER });
}
