import { queryOptions, usePrefetchQuery, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { TimeSlot } from "@domain/contracts/orders";
import { get } from "../../../api/http";
import { useOffline } from "../../offline";
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

/**
 * The slots: the kept ones, else with no signal the SPEC's fallback list at once, as when the
 * call fails (the request would wait for the signal and the delivery step with it).
 */
export function useTimeSlots() {
  const query = useQuery(timeSlotsOptions());
  const offline = useOffline();
  const data = query.data ?? (offline ? FALLBACK_SLOTS : undefined);
  return { data, isPending: data === undefined };
}

/** Read while there is signal, so the delivery step finds them kept when there is none. */
export const usePrefetchTimeSlots = () => usePrefetchQuery(timeSlotsOptions());
