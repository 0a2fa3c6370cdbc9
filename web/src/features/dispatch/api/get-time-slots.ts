import { queryOptions, useQuery } from "@tanstack/react-query";
import { TimeSlots } from "@domain/contracts/day-plan";
import { get } from "../../../api/http";
import { dispatchKeys } from "./keys";

const getTimeSlots = async () => TimeSlots.parse(await get("/settings/time-slots/"));

const timeSlotsQuery = () => queryOptions({ queryKey: dispatchKeys.timeSlots, queryFn: getTimeSlots });

export const useTimeSlots = () => useQuery(timeSlotsQuery());
