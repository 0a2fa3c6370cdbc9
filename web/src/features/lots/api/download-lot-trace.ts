import { download } from "../../../api/http";

/** A lot's trace as a file (es-AR CSV or xlsx, as the data export writes them). A file to save, so no query. */
export const downloadLotTrace = (lotId: number, format: "csv" | "xlsx") =>
  download(`/lots/${lotId}/trace/file/?format=${format}`);
