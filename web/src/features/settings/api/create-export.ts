import { useMutation } from "@tanstack/react-query";
import { ExportJobResponse } from "@domain/contracts/exports";
import { post } from "../../../api/http";

interface ExportInput {
  sql_table: string;
  type_archive: string;
  start_id?: number | string;
  end_id?: number | string;
}

/** An export runs as a job: its progress and its end arrive over the websocket, which also refreshes the kept files. */
const createExport = async (body: ExportInput) => ExportJobResponse.parse(await post("/exports/", body));

export const useCreateExport = () => useMutation({ mutationFn: createExport });
