import { DAY_PLAN_MESSAGES, minutesOf, type TimeSlotsRequest, timeOf } from "@domain/contracts/day-plan";
import type { Database } from "../../db/types";
import { Invalid } from "../../errors";
import { slotRows, writeSlotHours } from "./repository";

/** The delivery slots with their hours, as the fleet screen edits them. */
export async function slotHours(db: Database) {
  const rows = await slotRows(db);
  return {
    slots: rows.map((s) => ({
      id: s.id,
      name: s.name,
      start: s.start === null ? null : timeOf(s.start),
      end: s.end === null ? null : timeOf(s.end),
    })),
  };
}

/** Every slot's hours in one transaction: an unknown slot refuses them all. */
export async function saveSlotHours(db: Database, request: TimeSlotsRequest) {
  await db.transaction(async (tx) => {
    for (const slot of request.slots) {
      const written = await writeSlotHours(
        tx,
        slot.id,
        slot.start === null ? null : minutesOf(slot.start),
        slot.end === null ? null : minutesOf(slot.end),
      );
      if (!written) throw new Invalid(DAY_PLAN_MESSAGES.slot, { slots: DAY_PLAN_MESSAGES.slot });
    }
  });
  return slotHours(db);
}
