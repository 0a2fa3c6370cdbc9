import { queryOptions, useQuery } from "@tanstack/react-query";
import { CashReport } from "@domain/contracts/courier";
import { download, get } from "../../../api/http";
import { saveFile } from "../../../api/save-file";
import { courierKeys } from "./keys";

const getCash = async (from: string, to: string) => CashReport.parse(await get(`/courier/cash/?from=${from}&to=${to}`));

const cashQuery = (from: string, to: string) =>
  queryOptions({ queryKey: courierKeys.cash(from, to), queryFn: () => getCash(from, to) });

export const useCash = (from: string, to: string) => useQuery(cashQuery(from, to));

/** Every stop with its amounts, through the export whitelist (table CourierStops). */
export async function exportStops() {
  const { blob, filename } = await download("/export-data/", { sql_table: "CourierStops", type_archive: "csv" });
  saveFile(blob, filename);
}
