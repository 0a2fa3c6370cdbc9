import { DAY_PLAN_MESSAGES, type FleetRequest, minutesOf } from "@domain/contracts/day-plan";
import type { Database } from "../../db/types";
import { Invalid } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import { newCourier, readFleet } from "./compute";
import { writeFleetCourier, writeFleetSetting } from "./repository";

interface FleetDeps {
  db: Database;
  /** The courier feature's link: a fleet entry's user_id is the column's linked Cadete. */
  linkCourier(actor: AuthenticatedUser, column: number, userId: number | null): Promise<unknown>;
}

/**
 * The fleet the plan is made for, changed where the request names it; a shift is checked whole,
 * after merging with what is stored.
 */
export async function saveFleet({ db, linkCourier }: FleetDeps, request: FleetRequest, actor: AuthenticatedUser) {
  const current = await readFleet(db);
  const couriers = (request.couriers ?? []).map((change) => {
    // A column the fleet does not have yet is a courier added (issue 43: up to 12), with the defaults.
    const stored = current.couriers.find((c) => c.column === change.column);
    const was = stored ?? newCourier(change.column);
    const next = { ...was, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
    if (minutesOf(next.shift_start) >= minutesOf(next.shift_end))
      throw new Invalid(DAY_PLAN_MESSAGES.shift, { shift_end: DAY_PLAN_MESSAGES.shift });
    return { next, was, added: !stored };
  });
  const link = (added: boolean) =>
    Promise.all(
      couriers
        .filter((c) => c.added === added && c.next.user_id !== c.was.user_id)
        .map(({ next }) => linkCourier(actor, next.column, next.user_id)),
    );
  // A link refused (not a Cadete, open stops) leaves the fleet as it was; a courier added is linked once it is a column.
  await link(false);
  await db.transaction(async (tx) => {
    for (const { next, added } of couriers) {
      // A new column on every board: the boards read their columns again, as when a Cadete is linked.
      if (added)
        await appendEvent(tx, {
          type: "dispatch.courier_linked",
          actorId: actor.id,
          data: { column: next.column, user_id: null },
        });
      await writeFleetCourier(tx, {
        column: next.column,
        name: next.name,
        capacityKg: next.capacity_kg.toFixed(3),
        maxStops: next.max_stops,
        shiftStart: minutesOf(next.shift_start),
        shiftEnd: minutesOf(next.shift_end),
      });
    }
    if (request.speed_kmh !== undefined || request.service_minutes !== undefined)
      await writeFleetSetting(tx, {
        speed_kmh: request.speed_kmh ?? current.speed_kmh,
        service_minutes: request.service_minutes ?? current.service_minutes,
      });
  });
  await link(true);
  return readFleet(db);
}
