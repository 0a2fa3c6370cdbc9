import { useMutation } from "@tanstack/react-query";
import type { PlanRequest } from "@domain/contracts/day-plan";
import { post } from "../../../api/http";

const requestPlan = (request: PlanRequest) => post<{ id: string }>("/dispatch/plans/", request);

/** 'Planificar el día': the plan is computed by a job; its id is read when the boards hear it is ready. */
export const useRequestPlan = () => useMutation({ mutationFn: requestPlan });
