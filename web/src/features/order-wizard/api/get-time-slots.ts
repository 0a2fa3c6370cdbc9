import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { TimeSlot } from "../../../../../domain/contracts/orders";
import { get } from "../../../api/http";
import { wizardKeys } from "./keys";

// SPEC.md §7: when the slots cannot be loaded or come empty, these stand in.
const FALLBACK_SLOTS = ["SELECCIONE", "Mañana", "Mediodía", "Tarde"].map((Name, i) => ({
  PK_TimesShipping: i + 1,
  Name,
}));

async function getTimeSlots() {
  try {
    const slots = z.array(TimeSlot).parse(await get("/get_times_shipping/"));
    return slots.length ? slots : FALLBACK_SLOTS;
  } catch {
    return FALLBACK_SLOTS;
  }
}

const timeSlotsOptions = () => queryOptions({ queryKey: wizardKeys.timeSlots, queryFn: getTimeSlots });

export const useTimeSlots = () => useQuery(timeSlotsOptions());
