import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, preValidationHookHandler } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * Swagger UI's badges, method labels and links give 2.2–4.1:1; these keep 4.5:1. Its server
 * picker (an unlabelled select) is hidden: there is one server, the page's own.
 */
const CONTRAST_CSS = `
.swagger-ui .info .title small.version-stamp { background-color: #3d6b00; }
.swagger-ui .info .title small { background-color: #4a5563; }
.swagger-ui .info .url, .swagger-ui .info a, .swagger-ui .info__license__url { color: #1f4fbf; }
.swagger-ui .scheme-container .servers-title, .swagger-ui .scheme-container .servers { display: none; }
.swagger-ui .btn.authorize { color: #17683f; border-color: #17683f; }
.swagger-ui .btn.authorize svg { fill: #17683f; }
.swagger-ui .parameters-col_name .parameter__in, .swagger-ui .parameter__deprecated { color: #5b616b; }
.swagger-ui .opblock.opblock-get .opblock-summary .opblock-summary-method { background: #1d5b9a; }
.swagger-ui .opblock.opblock-post .opblock-summary .opblock-summary-method { background: #17683f; }
.swagger-ui .opblock.opblock-patch .opblock-summary .opblock-summary-method { background: #7a5300; }
.swagger-ui .opblock.opblock-delete .opblock-summary .opblock-summary-method { background: #a3241b; }
.swagger-ui .opblock.opblock-put .opblock-summary .opblock-summary-method { background: #8a4b00; }
`;

/** Where the browsable reference lives; its JSON is at `${DOCS_PREFIX}/json`. */
export const DOCS_PREFIX = "/api/docs";

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, unknown>;
};
type Document = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

const ERROR_ENVELOPE = {
  type: "object",
  description: "DESIGN.md §3: one envelope for every error, its text in Spanish for the user.",
  properties: {
    detail: { type: "string", description: "What went wrong, in a sentence a user can read." },
    errors: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Field name → message, for input that did not validate.",
    },
  },
  required: ["detail"],
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/**
 * The errors every operation can answer, added to the document only: a response schema on
 * the route itself would make Fastify serialize (and check) the error envelope through it.
 */
function documentErrors(path: string, operation: Operation, rateLimited: boolean) {
  operation.responses ??= {};
  const responses = operation.responses;
  const takesInput = !!operation.requestBody || !!operation.parameters?.length;
  if (takesInput) responses["400"] ??= errorResponse("The input did not validate; `errors` names each field.");
  if (operation.security?.length) {
    responses["401"] ??= errorResponse("No token, or an expired or revoked one.");
    responses["403"] ??= errorResponse("The user's group may not do this.");
  }
  if (path.includes("{")) responses["404"] ??= errorResponse("No such record (or not the user's to see).");
  if (rateLimited) responses["429"] ??= errorResponse("Too many attempts; Retry-After says when to try again.");
  responses["503"] ??= errorResponse("The database cannot be reached; try again in a few seconds.");
}

/** Routes that rate-limit by design (login, registration, the challenge). */
const RATE_LIMITED = /\/(login|register|token|challenge)/;

function completeDocument(document: Document): Document {
  document.components = {
    ...document.components,
    schemas: { ...(document.components?.schemas as object), Error: ERROR_ENVELOPE },
  };
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!HTTP_METHODS.has(method)) continue;
      // Two paths may share one params schema (a claim with or without its product).
      operation.parameters = operation.parameters?.filter((p) => p.in !== "path" || path.includes(`{${p.name}}`));
      documentErrors(path, operation, RATE_LIMITED.test(path));
    }
  }
  return document;
}

/**
 * The OpenAPI 3.1 document generated from the routes' zod schemas, and Swagger UI over it at
 * /api/docs. Registered before the routes (so it sees them). Embedded (a laptop, a shop's PC)
 * the reference is public; in production every path under it needs an Admin's token, so the
 * map of the API is not handed to whoever reaches the site (issue 39,
 * docs/decisions/platform/0165-api-docs-in-production.md).
 */
export async function registerApiDocs(app: FastifyInstance, { signInRequired }: { signInRequired: boolean }) {
  // Built at the first request: the auth plugin, registered after this one, provides it.
  let adminOnly: preValidationHookHandler | undefined;
  const guard: preValidationHookHandler = function guardDocs(request, reply, done) {
    adminOnly ??= app.guardRoute("audit.read");
    return adminOnly.call(this, request, reply, done);
  };
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(DOCS_PREFIX)) return;
    route.config = { ...(route.config as object), permission: signInRequired ? "audit.read" : "public" };
    if (!signInRequired) return;
    const own = route.preValidation ?? [];
    route.preValidation = [guard, ...(Array.isArray(own) ? own : [own])];
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Frío API",
        version: "1",
        description: "Orders, stock, preparation and dispatch of a frozen-food distributor.",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: "/", description: "The server that serves this page" }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const permission = (input.route.config as { permission?: string } | undefined)?.permission;
      const guarded = !!permission && permission !== "public";
      // An empty list says "no token needed" (OpenAPI's way), rather than saying nothing.
      return { ...transformed, schema: { ...transformed.schema, security: guarded ? [{ bearer: [] }] : [] } };
    },
    transformObject: (documentObject) =>
      completeDocument((documentObject as { openapiObject: Document }).openapiObject) as never,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The app's own Content-Security-Policy covers the page: its scripts are files of this origin.
    staticCSP: false,
    theme: { title: "Frío API", css: [{ filename: "frio.css", content: CONTRAST_CSS }] },
    // BaseLayout: no top bar, whose URL box and logo only serve to browse other documents.
    uiConfig: {
      layout: "BaseLayout",
      docExpansion: "list",
      deepLinking: true,
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
    },
  });
}
