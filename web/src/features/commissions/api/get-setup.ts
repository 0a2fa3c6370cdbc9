import { queryOptions, useQuery } from "@tanstack/react-query";
import { CommissionSetup } from "@domain/contracts/commissions";
import { get } from "../../../api/http";
import { commissionKeys } from "./keys";

/** Who may be chosen: the sellers for an Admin, oneself for the rest (SPEC.md §6). */
const getCommissionSetup = async () => CommissionSetup.parse(await get("/commissions/"));

const commissionSetupOptions = () => queryOptions({ queryKey: commissionKeys.setup, queryFn: getCommissionSetup });

export const useCommissionSetup = () => useQuery(commissionSetupOptions());
