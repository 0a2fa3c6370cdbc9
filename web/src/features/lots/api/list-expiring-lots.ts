import { queryOptions, useQuery } from "@tanstack/react-query";
import { ExpiringLotsResponse } from "@domain/contracts/lots";
import { get } from "../../../api/http";
import { lotKeys } from "./keys";

/** 'Lotes por vencer': lots with kilograms left expiring from today to today + days, soonest first. */
const listExpiringLots = async (days: number) =>
  ExpiringLotsResponse.parse(await get(`/lots/?expiring_within_days=${days}`)).results;

const expiringLotsOptions = (days: number) =>
  queryOptions({ queryKey: lotKeys.expiring(days), queryFn: () => listExpiringLots(days) });

export const useExpiringLots = (days: number) => useQuery(expiringLotsOptions(days));
