import type { LineType } from "./pricing";

export const QUANTITY_MESSAGES = {
  kg: "La cantidad en KG admite hasta tres decimales.",
  un: "La cantidad por unidad debe ser un número entero.",
  invalid: "Ingresá una cantidad válida.",
} as const;

export type QuantityResult = { ok: true; milliUnits: number } | { ok: false; message: string };

/**
 * SPEC.md §5: KG takes up to three decimals with a comma or a dot; UN and PROMO whole units.
 * The result is in thousandths (grams for KG). Zero or less is valid here: it removes the line.
 */
export function parseQuantity(value: number | string, type: LineType): QuantityResult {
  const text = (typeof value === "number" ? String(value) : value.trim()).replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(text) && !/^-?\.\d+$/.test(text)) return { ok: false, message: QUANTITY_MESSAGES.invalid };
  const decimals = text.split(".")[1]?.length ?? 0;
  if (type === "KG" && decimals > 3) return { ok: false, message: QUANTITY_MESSAGES.kg };
  if (type !== "KG" && decimals > 0 && Number(text) % 1 !== 0) return { ok: false, message: QUANTITY_MESSAGES.un };
  return { ok: true, milliUnits: Math.round(Number(text) * 1000) };
}
