import { queryOptions, useQuery } from "@tanstack/react-query";
import { LotTrace } from "@domain/contracts/lots";
import { get } from "../../../api/http";
import { lotKeys } from "./keys";

/** A lot and every order that took it: the recall list. */
const getLotTrace = async (lotId: number) => LotTrace.parse(await get(`/lots/${lotId}/trace/`));

const lotTraceOptions = (lotId: number) =>
  queryOptions({ queryKey: lotKeys.trace(lotId), queryFn: () => getLotTrace(lotId) });

export const useLotTrace = (lotId: number | null) => useQuery({ ...lotTraceOptions(lotId ?? 0), enabled: !!lotId });
