import { z } from "zod";

/** Accepts 12, "12", "12,5" or "12.5"; SPEC.md §5 lets quantities use a decimal comma. */
export const decimalInput = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim().replace(",", ".") : "";
    const parsed = text === "" ? NaN : Number(text);
    if (!Number.isFinite(parsed)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed;
  });

export const idParam = z.object({ id: z.coerce.number({ error: "Identificador inválido." }).int().positive("Identificador inválido.") });
