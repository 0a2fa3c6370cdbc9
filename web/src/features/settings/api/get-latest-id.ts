import { queryOptions, useQuery } from "@tanstack/react-query";
import { LatestIdResponse } from "@domain/contracts/exports";
import { get } from "../../../api/http";
import { settingsKeys } from "./keys";

/** SPEC.md §2: the end of an export's id range is prefilled with the table's latest id. */
const getLatestId = async (table: string) =>
  LatestIdResponse.parse(await get(`/get-latest-id/?table=${table}`)).last_id;

const latestIdOptions = (table: string) =>
  queryOptions({ queryKey: settingsKeys.latestId(table), queryFn: () => getLatestId(table), retry: false });

export const useLatestId = (table: string | null, enabled: boolean) =>
  useQuery({ ...latestIdOptions(table ?? ""), enabled: enabled && !!table });
