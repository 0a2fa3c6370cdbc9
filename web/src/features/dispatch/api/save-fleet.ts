import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Fleet, type FleetRequest } from "@domain/contracts/day-plan";
import { put } from "../../../api/http";
import { dispatchKeys } from "./keys";

const saveFleet = async (request: FleetRequest) => Fleet.parse(await put("/dispatch/fleet/", request));

export function useSaveFleet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFleet,
    onSuccess: (fleet) => {
      client.setQueryData(dispatchKeys.fleet, fleet);
      // A courier added is a new column on the board.
      void client.invalidateQueries({ queryKey: dispatchKeys.allCouriers });
    },
  });
}
