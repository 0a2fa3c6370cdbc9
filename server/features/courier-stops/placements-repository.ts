import { sql } from "drizzle-orm";
import { courierAssignments } from "../../../drizzle/schema";
import { inIds } from "../../db/conditions";
import type { Executor } from "../../db/types";

const DISPATCH_LOCK = 7261010;

/** Board changes serialise on one lock: two dispatchers' drops apply one after the other. */
export async function lockBoard(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DISPATCH_LOCK})`);
}

/** An order leaves the dispatch board's columns (sent, or back from the road). */
export async function removePlacements(tx: Executor, orderIds: number[]) {
  if (orderIds.length) await tx.delete(courierAssignments).where(inIds(courierAssignments.orderId, orderIds));
}
