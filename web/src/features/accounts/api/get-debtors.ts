import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { DebtorsResponse } from "@domain/contracts/accounts";
import { get } from "../../../api/http";
import { accountKeys } from "./keys";

export const DEBTORS_PAGE_SIZE = 50;

const getDebtors = async (page: number) =>
  DebtorsResponse.parse(await get(`/accounts/?limit=${DEBTORS_PAGE_SIZE}&offset=${(page - 1) * DEBTORS_PAGE_SIZE}`));

const debtorsOptions = (page: number) =>
  queryOptions({
    queryKey: accountKeys.debtors(page),
    queryFn: () => getDebtors(page),
    placeholderData: keepPreviousData,
  });

/** Clients that owe, oldest debt first (one 1-based page), with how many and what they owe together. */
export const useDebtors = (page = 1, enabled = true) => useQuery({ ...debtorsOptions(page), enabled });
