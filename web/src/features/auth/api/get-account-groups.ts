import { queryOptions, useQuery } from "@tanstack/react-query";
import { AccountGroupsResponse } from "@domain/contracts/auth";
import { get } from "../../../api/http";
import { authKeys } from "./keys";

/** The groups a registration request may ask for (Admin is not among them). */
const getAccountGroups = async () => AccountGroupsResponse.parse(await get("/account-groups/")).results;

const accountGroupsOptions = () => queryOptions({ queryKey: authKeys.accountGroups, queryFn: getAccountGroups });

export const useAccountGroups = () => useQuery(accountGroupsOptions());
