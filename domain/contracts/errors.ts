import { z } from "zod";

export const SuccessBody = z.object({ success: z.literal(true) });

/** What a request answers while Postgres or Redis is unreachable (503); the screen says to retry. */
export const SERVICE_UNAVAILABLE = "Servicio no disponible, reintentá en unos segundos.";
