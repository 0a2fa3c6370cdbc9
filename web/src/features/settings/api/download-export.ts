import { download } from "../../../api/http";

/** A finished export's file and its name. A file to save, not a screen's data, so no query. */
export const downloadExport = (id: string) => download(`/exports/${id}/file`);
