import { queryOptions, useQuery } from "@tanstack/react-query";
import { Fleet } from "@domain/contracts/day-plan";
import { get } from "../../../api/http";
import { dispatchKeys } from "./keys";

const getFleet = async () => Fleet.parse(await get("/dispatch/fleet/"));

const fleetQuery = () => queryOptions({ queryKey: dispatchKeys.fleet, queryFn: getFleet });

export const useFleet = () => useQuery(fleetQuery());
