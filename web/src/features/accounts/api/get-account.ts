import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { ClientAccount } from "@domain/contracts/accounts";
import { get } from "../../../api/http";
import { accountKeys } from "./keys";

/** Movements on one page of the account screen and the statement. */
export const MOVEMENTS_PAGE_SIZE = 20;

const getAccount = async (clientId: number, limit: number, offset: number) =>
  ClientAccount.parse(await get(`/clients/${clientId}/account/?limit=${limit}&offset=${offset}`));

const accountOptions = (clientId: number, limit: number, offset: number) =>
  queryOptions({
    queryKey: accountKeys.account(clientId, limit, offset),
    queryFn: () => getAccount(clientId, limit, offset),
    // The previous page stays on screen while the next one is read: the list does not jump.
    placeholderData: keepPreviousData,
  });

/** A client's account with one page (1-based) of its movements, newest first. */
export const useClientAccount = (clientId: number, page = 1, limit = MOVEMENTS_PAGE_SIZE) =>
  useQuery({ ...accountOptions(clientId, limit, (page - 1) * limit), enabled: clientId > 0 });

/**
 * The balance and the available credit alone (the wizard's client bar): one movement is read.
 * Without a signal it is simply absent; the order is still taken and the server checks the limit.
 */
export const useAccountSummary = (clientId: number, enabled: boolean) =>
  useQuery({ ...accountOptions(clientId, 1, 0), enabled: enabled && clientId > 0, retry: false });
