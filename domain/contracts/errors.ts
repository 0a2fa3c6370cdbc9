import { z } from "zod";
import { text } from "./text";

/** The one error envelope of the API (DESIGN.md §3). */
export const ErrorBody = z.object({
  detail: text(),
  errors: z.record(text(), text()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const SuccessBody = z.object({ success: z.literal(true) });

/** What a request answers while Postgres or Redis is unreachable (503); the screen says to retry. */
export const SERVICE_UNAVAILABLE = "Servicio no disponible, reintentá en unos segundos.";
