import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TimeSlots, type TimeSlotsRequest } from "@domain/contracts/day-plan";
import { put } from "../../../api/http";
import { dispatchKeys } from "./keys";

const saveTimeSlots = async (request: TimeSlotsRequest) => TimeSlots.parse(await put("/settings/time-slots/", request));

export function useSaveTimeSlots() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTimeSlots,
    onSuccess: (slots) => client.setQueryData(dispatchKeys.timeSlots, slots),
  });
}
