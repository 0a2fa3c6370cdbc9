import { useMutation } from "@tanstack/react-query";
import { CommissionResult } from "@domain/contracts/commissions";
import { post } from "../../../api/http";

interface CommissionInput {
  start_date: string;
  end_date: string;
  /** Only an Admin names the seller. */
  seller_id?: number;
}

/** A POST that reads: the result belongs to the form that asked, so it is not cached. */
const calculateCommission = async (body: CommissionInput) => CommissionResult.parse(await post("/commissions/", body));

export const useCalculateCommission = () => useMutation({ mutationFn: calculateCommission });
