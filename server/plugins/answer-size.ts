import type { RouteOptions } from "fastify";
import type { z } from "zod";

/** zod's own name for a schema's kind, and the parts a wrapper or container holds. */
type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const SCALARS = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "date",
  "null",
  "undefined",
  "nan",
  "literal",
  "enum",
]);
const isScalar = (def: Def) => SCALARS.has(def.type);
const EMPTY = new Set(["null", "undefined", "void"]);
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "nonoptional", "catch"]);

function unwrap(schema: z.ZodType): Def {
  let def = defOf(schema);
  while (WRAPPERS.has(def.type) || def.type === "pipe") {
    const inner = def.type === "pipe" ? def.out : def.innerType;
    if (!inner) return def;
    def = defOf(inner);
  }
  return def;
}

/** A field of one record: a scalar, or a short list of them (a user's groups). */
function isField(schema: z.ZodType): boolean {
  const def = unwrap(schema);
  if (def.type === "union") return def.options!.every(isField);
  if (def.type === "array") return isScalar(unwrap(def.element!));
  return isScalar(def);
}

/** One record: an object whose fields are scalars (no list of rows, no map, no nested record), or nothing. */
function isOneRecord(schema: z.ZodType): boolean {
  const def = unwrap(schema);
  if (EMPTY.has(def.type)) return true;
  if (def.type === "union") return def.options!.every(isOneRecord);
  return def.type === "object" && Object.values(def.shape!).every(isField);
}

/**
 * Whether every successful answer the route declares is one record (the signed-in user, a
 * health check, a saved order's id and status): such an answer stays well under the
 * compression threshold, so compressing it is never worth its per-request hooks. Routes
 * without a declared answer (files, streams, pages) and lists are not.
 */
export function answersOneRecord(route: Pick<RouteOptions, "schema">): boolean {
  const responses = route.schema?.response as Record<string, z.ZodType> | undefined;
  if (!responses) return false;
  const success = Object.entries(responses).filter(([status]) => status.startsWith("2"));
  return success.length > 0 && success.every(([, schema]) => isOneRecord(schema));
}
