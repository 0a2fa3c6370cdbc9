import { z } from "zod";
import { text } from "./text";

/** Accepts 12, "12", "12,5" or "12.5"; SPEC.md §5 lets quantities use a decimal comma. */
export const decimalInput = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const text =
      typeof value === "number" ? String(value) : typeof value === "string" ? value.trim().replace(",", ".") : "";
    const parsed = text === "" ? NaN : Number(text);
    if (!Number.isFinite(parsed)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed;
  });

/** The largest id an integer column holds. */
export const LARGEST_ID = 2 ** 31 - 1;

const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * An id as a request may carry it: a JSON integer, or a string of decimal digits and nothing
 * else (a path, a query, a form's select). JavaScript's Number() and z.coerce read "0x3",
 * " 1", "3e0", "+3", "1.0" and true as ids, so `/api/orders/0x3/` answered order 3 and
 * `/api/products/delete/%201/` deleted product 1 (issue 39): anything else is undefined here.
 * docs/decisions/platform/0058-ids-checked-before-queries.md.
 */
export function idFrom(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === "string" && DECIMAL_DIGITS.test(value)) return Number(value);
  return undefined;
}

/**
 * A whole number from `min` to `max` as a request may carry it (an integer, or decimal digits
 * alone, which /api/docs shows): ids, and the small codes that name things (a claim type, a
 * courier column). Anything else is `message`.
 */
export const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union([z.number().int(message).min(min, message).max(max, message), text().regex(DECIMAL_DIGITS, message)], {
      error: message,
    })
    .transform((value, ctx) => {
      const id = idFrom(value);
      if (id !== undefined && id >= min && id <= max) return id;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });

/** A row id as the database stores it (integer): anything else is a 400, never a query. */
export const recordId = (message = "Identificador inválido.") => wholeNumber(1, LARGEST_ID, message);

/**
 * An id a request may leave out: absent, null or "" is `none`; anything else is an id from
 * `min`, or `message`.
 */
export const optionalRecordId = <None extends number | null>(message: string, none: None, min = 1) =>
  z
    .union([z.number(), text(), z.null()], { error: message })
    .optional()
    .transform((value, ctx): number | None => {
      if (value === null || value === undefined || value === "") return none;
      const id = idFrom(value);
      if (id !== undefined && id >= min && id <= LARGEST_ID) return id;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });

export const idParam = z.object({ id: recordId() });
