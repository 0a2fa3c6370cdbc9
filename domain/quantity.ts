import type { LineType } from "./pricing";

const QUANTITY_MESSAGES = {
  kg: "La cantidad en KG admite hasta tres decimales.",
  invalid: "Ingresá una cantidad válida.",
} as const;

export type QuantityResult = { ok: true; milliUnits: number } | { ok: false; message: string };

/**
 * SPEC.md §5: KG takes up to three decimals with a comma or a dot; UN and PROMO are whole
 * units, and a fraction typed for them is rounded to the nearest whole (SPEC.md §4), not refused.
 * The result is in thousandths (grams for KG). Zero or less is valid here: it removes the line.
 */
export function parseQuantity(value: number | string, type: LineType): QuantityResult {
  const text = (typeof value === "number" ? String(value) : value.trim()).replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(text) && !/^-?\.\d+$/.test(text))
    return { ok: false, message: QUANTITY_MESSAGES.invalid };
  const decimals = text.split(".")[1]?.length ?? 0;
  if (type === "KG" && decimals > 3) return { ok: false, message: QUANTITY_MESSAGES.kg };
  if (type !== "KG") return { ok: true, milliUnits: wholeUnits(Number(text)) * 1000 };
  return { ok: true, milliUnits: Math.round(Number(text) * 1000) };
}

// Half away from zero, so -0.5 and 0.5 mirror each other.
const wholeUnits = (n: number) => Math.sign(n) * Math.round(Math.abs(n));

/**
 * What a committed quantity settles to: UN and PROMO rounded to whole units, KG to three
 * decimals, an emptied field to "0" (which removes the line); null when it is not a number.
 * It runs when the field is left, so typing is never cut short.
 */
export function committedUnits(value: number | string, type: LineType): string | null {
  const text = (typeof value === "number" ? String(value) : value.trim()).replace(",", ".");
  if (text === "") return "0";
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  return String(type === "KG" ? Math.round(n * 1000) / 1000 : wholeUnits(n));
}
