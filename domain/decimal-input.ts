/**
 * Numbers as people in Argentina type them (es-AR): a comma is the decimal mark and dots
 * group thousands, "111.000" and "1.234,50". One reading for every money and weight field
 * (docs/decisions/ui/0129-es-ar-number-input.md):
 * - with a comma, it is the decimal mark and every dot before it groups thousands;
 * - dots in groups of three digits ("111.000", "1.234.567") group thousands;
 * - any other single dot is a decimal point ("1.5", "0.500", "1234.5"), as a phone's
 *   numeric keypad or a pasted "1234.50" gives it: a dot followed by 1 or 2 digits cannot be
 *   a thousands group.
 */

export const DECIMAL_MESSAGES = {
  empty: "Ingresá un número.",
  invalid: "Ingresá solo números, como 111.000 o 1.234,50.",
  grouping: "Los puntos separan miles de a tres cifras: 111.000 o 1.234.567. Los decimales van con coma.",
  negative: "Ingresá un número positivo.",
  tooLarge: "El número es demasiado grande.",
  decimals: (decimals: number) =>
    decimals === 0 ? "Ingresá un número entero." : `Admite hasta ${decimals} decimales.`,
} as const;

export type DecimalReading = { ok: true; scaled: number; value: number } | { ok: false; message: string };

export interface DecimalOptions {
  /** Decimals the field keeps: 2 for money, 3 for kilograms. */
  decimals: number;
  allowNegative?: boolean;
}

/** Twelve integer digits: a billion pesos or kilograms, well inside exact integers once scaled. */
const MAX_INTEGER_DIGITS = 12;
const GROUPED = /^\d{1,3}(\.\d{3})+$/;
/** A first group that may start a grouped number: no leading zero ("0.500" is half a kilo). */
const GROUP_START = /^[1-9]\d{0,2}$/;

/** Splits the text into integer and fraction digits, or says why it is not a number. */
function split(text: string): { integer: string; fraction: string } | { message: string } {
  if (!/^[\d.,]+$/.test(text)) return { message: DECIMAL_MESSAGES.invalid };
  const commas = text.split(",").length - 1;
  if (commas > 1) return { message: DECIMAL_MESSAGES.invalid };
  if (commas === 1) {
    const [integer, fraction] = text.split(",") as [string, string];
    if (fraction.includes(".")) return { message: DECIMAL_MESSAGES.grouping };
    if (integer.includes(".") && !GROUPED.test(integer)) return { message: DECIMAL_MESSAGES.grouping };
    if (integer === "" && fraction === "") return { message: DECIMAL_MESSAGES.invalid };
    return { integer: integer.replace(/\./g, ""), fraction };
  }
  const dots = text.split(".").length - 1;
  if (dots === 0) return { integer: text, fraction: "" };
  if (dots > 1)
    return GROUPED.test(text)
      ? { integer: text.replace(/\./g, ""), fraction: "" }
      : { message: DECIMAL_MESSAGES.grouping };
  const [integer, fraction] = text.split(".") as [string, string];
  if (fraction.length === 3 && GROUP_START.test(integer)) return { integer: integer + fraction, fraction: "" };
  if (integer === "" && fraction === "") return { message: DECIMAL_MESSAGES.invalid };
  return { integer, fraction };
}

/**
 * Reads a typed number into an exact integer of 1/10^decimals (centavos, grams), never
 * through floating point. Spaces and a leading "$" are ignored; a trailing comma or dot
 * ("12,") is the number typed so far.
 */
export function parseDecimalInput(input: string, { decimals, allowNegative = false }: DecimalOptions): DecimalReading {
  let text = input.replace(/[\s\u00a0\u202f]/g, "").replace(/^(-?)\$/, "$1");
  if (text === "") return { ok: false, message: DECIMAL_MESSAGES.empty };
  const negative = text.startsWith("-");
  if (negative) text = text.slice(1);
  const parts = split(text);
  if ("message" in parts) return { ok: false, message: parts.message };
  if (negative && !allowNegative) return { ok: false, message: DECIMAL_MESSAGES.negative };
  if (parts.fraction.length > decimals) return { ok: false, message: DECIMAL_MESSAGES.decimals(decimals) };
  const integer = parts.integer.replace(/^0+(?=\d)/, "");
  if (integer.length > MAX_INTEGER_DIGITS) return { ok: false, message: DECIMAL_MESSAGES.tooLarge };
  const magnitude = Number((integer || "0") + parts.fraction.padEnd(decimals, "0"));
  const scaled = negative && magnitude !== 0 ? -magnitude : magnitude;
  return { ok: true, scaled, value: scaled / 10 ** decimals };
}

/**
 * A number as a field shows it to be edited, in es-AR: a weight with the field's decimals at most
 * ("1.500,5"), an amount of money always with all of them ("87.252,20", SPEC.md §9: 2 decimals).
 */
export function formatDecimalInput(value: number, decimals: number, { money = false } = {}): string {
  return new Intl.NumberFormat("es-AR", {
    minimumFractionDigits: money ? decimals : 0,
    maximumFractionDigits: decimals,
    useGrouping: true,
  }).format(value);
}

/** How a field says it read a typed number: 'Se lee: $ 12.345,50', 'Se lee: 0,25 kg'. */
export function decimalReading(value: number, decimals: number, unit?: "$" | "kg"): string {
  const number = formatDecimalInput(value, decimals, { money: unit === "$" });
  return unit === "$" ? `Se lee: $ ${number}` : unit === "kg" ? `Se lee: ${number} kg` : `Se lee: ${number}`;
}

export type KilosReading = { ok: true; grams: number } | { ok: false; message: string };

/**
 * Kilograms as a request carries them into exact grams: a JSON number (1.475 is a kilo and a
 * half, not "1.475" read as thousands) or es-AR text ("19,6"), up to 3 decimals, not negative.
 * Zero is read: whether it may be is the caller's rule.
 */
export function readKilos(input: string | number): KilosReading {
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { ok: false, message: DECIMAL_MESSAGES.empty };
    const grams = Math.round(input * 1000);
    if (Math.abs(input * 1000 - grams) > 1e-6) return { ok: false, message: DECIMAL_MESSAGES.decimals(3) };
    if (input < 0) return { ok: false, message: DECIMAL_MESSAGES.negative };
    if (!Number.isSafeInteger(grams) || grams >= 10 ** (MAX_INTEGER_DIGITS + 3))
      return { ok: false, message: DECIMAL_MESSAGES.tooLarge };
    return { ok: true, grams };
  }
  const read = parseDecimalInput(input, { decimals: 3 });
  return read.ok ? { ok: true, grams: read.scaled } : read;
}
