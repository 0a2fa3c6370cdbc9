import { useMutation, useQueryClient } from "@tanstack/react-query";
import { del } from "../../../api/http";
import { settingsKeys } from "./keys";

const deleteExport = (id: string) => del(`/exports/${id}/`);

/** The list is read again whether or not the delete went through: it shows what the server keeps. */
export function useDeleteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteExport,
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.keptExports }),
  });
}
