import { useQuery } from "@tanstack/react-query";
import { AccountGroupsResponse, type RegisterRequest } from "../../../../../domain/contracts/auth";
import { get, post } from "../../../api/http";

export const useAccountGroups = () =>
  useQuery({ queryKey: ["account-groups"], queryFn: async () => AccountGroupsResponse.parse(await get("/account-groups/")).results });

export const sendRegistration = (request: RegisterRequest) => post<{ success: boolean }>("/register-request/", request);
