import { z } from "zod";

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

/** A row id as the database stores it (integer): anything else is a 400, never a query. */
export const recordId = (message = "Identificador inválido.") =>
  z.coerce.number({ error: message }).int(message).positive(message).max(LARGEST_ID, message);

export const idParam = z.object({ id: recordId() });
