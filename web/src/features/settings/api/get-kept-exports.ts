import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeptExportsResponse } from "@domain/contracts/exports";
import { get } from "../../../api/http";
import { useEvents } from "../../../api/socket";
import { settingsKeys } from "./keys";

const getKeptExports = async () => KeptExportsResponse.parse(await get("/exports/"));

const keptExportsOptions = () => queryOptions({ queryKey: settingsKeys.keptExports, queryFn: getKeptExports });

/** The export files kept on the server, read again when an export ends (its event carries no row). */
export function useKeptExports() {
  const client = useQueryClient();
  useEvents("export.", (event) => {
    if (event.type !== "export.progress") void client.invalidateQueries({ queryKey: settingsKeys.keptExports });
  });
  return useQuery(keptExportsOptions());
}
