import type { FastifyInstance, preValidationHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { z } from "zod";
import { BODY_MESSAGES } from "@domain/contracts/text";
import { AppError, Invalid } from "../errors";

const isPlainObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a schema takes a missing body; one whose refinements cannot even run on it does not. */
function acceptsNothing(schema: z.ZodType) {
  try {
    return schema.safeParse(undefined).success;
  } catch {
    return false;
  }
}

/**
 * A body, when a route takes one, is a JSON object: `null`, an array, a string or a number is
 * refused here with a 400, before the route's schema and its refinements see it (a rule written
 * for an object never runs on something else). A route whose schema requires a body also
 * refuses a missing one, and a multipart form (415): forms are the upload routes' own.
 * Appended after the route's other pre-validation hooks: the token is checked first.
 */
async function jsonBody(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === "GET" || method === "HEAD")) return;
    const schema = route.schema?.body as z.ZodType | undefined;
    const bodyRequired = schema ? !acceptsNothing(schema) : false;
    const gate: preValidationHookHandler = function requireObjectBody(request, _reply, done) {
      const body = request.body;
      // A form sent to a JSON route in a scope that takes uploads: as anywhere else, 415.
      if (schema && request.isMultipart?.()) return done(new AppError(415, BODY_MESSAGES.unsupported));
      if (body === undefined) return done(bodyRequired ? new Invalid(BODY_MESSAGES.missing) : undefined);
      done(isPlainObject(body) ? undefined : new Invalid(BODY_MESSAGES.notObject));
    };
    const own = route.preValidation ?? [];
    route.preValidation = [...(Array.isArray(own) ? own : [own]), gate];
  });
}

export default fp(jsonBody, { name: "frio-json-body" });
