import { queryOptions, useQuery } from "@tanstack/react-query";
import { AppliedPlan } from "@domain/contracts/day-plan";
import { get } from "../../../api/http";
import { dispatchKeys } from "./keys";

const getAppliedPlan = async (date: string) =>
  AppliedPlan.parse(await get(`/dispatch/plans/?delivery_date=${encodeURIComponent(date)}`));

const appliedPlanQuery = (date: string) =>
  queryOptions({ queryKey: dispatchKeys.appliedPlan(date), queryFn: () => getAppliedPlan(date) });

/** The plan last laid on the date's board: each column shows its trips one under the other. */
export const useAppliedPlan = (date: string) => useQuery({ ...appliedPlanQuery(date), enabled: date !== "" });
