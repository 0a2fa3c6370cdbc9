import { useMutation, useQueryClient } from "@tanstack/react-query";
import { download } from "../../../api/http";
import { settingsKeys } from "./keys";

/** A fresh backup of everything, written by the server as it asks; the status is read again after it (it is now the last). */
export function useDownloadBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => download("/backups/download/"),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.backups }),
  });
}
