import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { SERVICE_UNAVAILABLE } from "@domain/contracts/errors";
import { BODY_MESSAGES, NUL_MESSAGE } from "@domain/contracts/text";
import { databaseErrorCode, isDatabaseUnavailable } from "../db/errors";
import { AppError, TooMany } from "../errors";

const INVALID_INPUT = "Los datos enviados no son válidos.";

/** Fastify's own error codes and the Spanish text a user reads for each. */
const FRAMEWORK_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: "El cuerpo de la solicitud no es JSON válido." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: "El cuerpo de la solicitud está vacío." },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: "La solicitud es demasiado grande." },
  FST_REQ_FILE_TOO_LARGE: { status: 413, detail: "El archivo supera el tamaño máximo permitido (5 MB)." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: BODY_MESSAGES.unsupported },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, detail: "Se esperaba un formulario con archivo." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: "Longitud de contenido inválida." },
};

/**
 * Input the validation let through that the database refuses: still the user's input, so a
 * 400 with a plain sentence. Each one logged, as it marks a check to add.
 */
const DATABASE_INPUT_ERRORS: Record<string, string> = {
  "23503": "Algún dato hace referencia a un registro que no existe.",
  "22003": "Un valor está fuera del rango permitido.",
  "22P02": INVALID_INPUT,
  "22021": NUL_MESSAGE,
  "22P05": NUL_MESSAGE,
  "22007": "La fecha no es válida.",
  "22008": "La fecha no es válida.",
};

function fieldErrors(error: FastifyError): Record<string, string> {
  if (!hasZodFastifySchemaValidationErrors(error)) return {};
  const errors: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "_";
    errors[key] ??= issue.message ?? INVALID_INPUT;
  }
  return errors;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error instanceof TooMany ? (error as TooMany).retryAfterSeconds : undefined;
      if (retryAfter) reply.header("retry-after", String(retryAfter));
      return reply
        .status(error.statusCode)
        .send({ detail: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
    }
    if (error instanceof ZodError) {
      const errors: Record<string, string> = {};
      for (const issue of error.issues) errors[issue.path.join(".") || "_"] ??= issue.message;
      return reply.status(400).send({ detail: Object.values(errors)[0] ?? INVALID_INPUT, errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const first = Object.values(errors)[0];
      return reply.status(400).send({ detail: first ?? INVALID_INPUT, errors });
    }
    // The client left mid-body (Node's 'aborted', an ECONNRESET): nobody reads this answer.
    if (request.raw.destroyed && !request.raw.complete) {
      request.log.info({ method: request.method, url: request.url }, "request aborted by the client");
      return reply.status(400).send({ detail: INVALID_INPUT });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ detail: known.detail });
    const refused = DATABASE_INPUT_ERRORS[databaseErrorCode(error) ?? ""];
    if (refused) {
      request.log.warn({ err: error }, "input refused by the database");
      return reply.status(400).send({ detail: refused });
    }
    // A dependency that is down is not the request's fault: say to retry (DESIGN.md §7).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).send({ detail: SERVICE_UNAVAILABLE });
    }
    if (error.statusCode === 429)
      return reply.status(429).send({ detail: "Demasiados intentos. Esperá un momento y volvé a intentar." });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: INVALID_INPUT });
    }
    // A 5xx never leaks internals: the log has them, the user gets a plain sentence.
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ detail: "Error del servidor" });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ detail: "No se encontró el recurso solicitado." });
  });
}
