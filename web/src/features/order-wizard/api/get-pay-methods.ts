import { queryOptions, usePrefetchQuery, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { PayMethod } from "@domain/contracts/orders";
import { get } from "../../../api/http";
import { useOffline } from "../../offline";
import { wizardKeys } from "./keys";

const getPayMethods = async () => z.array(PayMethod).parse(await get("/get-pay-methods-jwt/"));

const payMethodsOptions = () => queryOptions({ queryKey: wizardKeys.payMethods, queryFn: getPayMethods });

/**
 * SPEC.md §7's default (efectivo, id 1), standing alone with no signal when the phone never read
 * the list: an order can still be taken, in cash (docs/decisions/offline/0160-offline-wizard.md).
 */
const OFFLINE_METHODS = [{ PK_PayMethods: 1, Name: "Efectivo" }];

/** The methods: the kept ones, else with no signal the default alone, at once. */
export function usePayMethods() {
  const query = useQuery(payMethodsOptions());
  const offline = useOffline();
  const data = query.data ?? (offline ? OFFLINE_METHODS : undefined);
  return { data, isPending: data === undefined };
}

/** Read while there is signal, so the confirm step finds them kept when there is none. */
export const usePrefetchPayMethods = () => usePrefetchQuery(payMethodsOptions());
