import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeptExportsResponse } from "../../../../../domain/contracts/exports";
import { del, get } from "../../../api/http";
import { useEvents } from "../../../api/socket";

export const keptExportKeys = { all: ["kept-exports"] as const };

/** The export files kept on the server, refreshed when an export ends. */
export function useKeptExports() {
  const client = useQueryClient();
  useEvents("export.", (event) => {
    if (event.type !== "export.progress") void client.invalidateQueries({ queryKey: keptExportKeys.all });
  });
  return useQuery({ queryKey: keptExportKeys.all, queryFn: async () => KeptExportsResponse.parse(await get("/exports/")) });
}

export const deleteKeptExport = (id: string) => del(`/exports/${id}/`);
