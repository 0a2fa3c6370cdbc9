import { z } from "zod";

/** What a request hears when its body is not the JSON object the route takes. */
export const BODY_MESSAGES = {
  missing: "Falta el cuerpo de la solicitud: se esperaba un objeto JSON.",
  notObject: "El cuerpo de la solicitud debe ser un objeto JSON.",
  unsupported: "Tipo de contenido no admitido.",
} as const;

/** A NUL character: Postgres stores no text containing one, and no person types it. */
export const NUL_MESSAGE = "El texto contiene caracteres no permitidos.";

const withoutNul = (value: string) => !value.includes("\u0000");

/**
 * Every string of every contract: z.string with the same parameters, refusing a NUL byte with
 * NUL_MESSAGE (a unit test keeps z.string itself out of domain/contracts and the routes).
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(withoutNul, { message: NUL_MESSAGE, abort: true });
