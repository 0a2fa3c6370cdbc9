/**
 * Money travels as numbers with 2 decimals and weight with 3 (DESIGN.md §3); inside the
 * rules both are integers (centavos, grams) so sums are exact.
 */
export type Centavos = number;
export type Grams = number;

/** Parses "1.234,5", "1234.5", "1234,5" or a number into an exact integer of 1/10^decimals. */
function toScaled(value: number | string, decimals: number): number {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return NaN;
    return Math.round(value * 10 ** decimals + (value >= 0 ? 1e-9 : -1e-9));
  }
  const text = value.trim().replace(/\s/g, "");
  if (text === "") return NaN;
  // A comma is the decimal mark (es-AR); dots before it group thousands.
  const normalised = text.includes(",") ? text.replace(/\./g, "").replace(",", ".") : text;
  if (!/^-?\d*(\.\d*)?$/.test(normalised) || normalised === "." || normalised === "-") return NaN;
  return toScaled(Number(normalised), decimals);
}

export const toCentavos = (value: number | string): Centavos => toScaled(value, 2);
export const toGrams = (value: number | string): Grams => toScaled(value, 3);

/** "1234.50" for numeric columns, exact. */
export function centavosToDecimal(centavos: Centavos): string {
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function gramsToDecimal(grams: Grams): string {
  const sign = grams < 0 ? "-" : "";
  const abs = Math.abs(grams);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, "0")}`;
}

/** Price of a quantity: centavos per kg or unit × grams-or-milli-units, rounded half up to the centavo. */
export function priceOf(unitPrice: Centavos, milliQuantity: number): Centavos {
  return Math.round((unitPrice * milliQuantity) / 1000);
}

const pesos = (decimals: number) =>
  new Intl.NumberFormat("es-AR", {
    style: "currency",
    currency: "ARS",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
const adminPesos = pesos(2);
const wizardPesos = pesos(0);
const weightFormat = new Intl.NumberFormat("es-AR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Admin screens: 2 decimals (SPEC.md §9). */
export const formatMoney = (centavos: Centavos) => adminPesos.format(centavos / 100);
/** The order wizard: 0 decimals. */
export const formatMoneyWizard = (centavos: Centavos) => wizardPesos.format(centavos / 100);
const kilosFormat = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 3 });

/** The order wizard: weight with 1 decimal. */
export const formatWeight = (grams: Grams) => `${weightFormat.format(grams / 1000)} kg`;
/** Stock, unit weights and pick lists: every gram counts, up to 3 decimals ("2,25 kg"). */
export const formatKilos = (grams: Grams) => `${kilosFormat.format(grams / 1000)} kg`;

/** A line's quantity as the seller typed it, in es-AR: "2,5 kg" for KG lines, "3 u." otherwise. */
export const formatLineQuantity = (amount: number | string, type: string) =>
  type === "KG" ? formatKilos(toGrams(amount)) : `${kilosFormat.format(toGrams(amount) / 1000)} u.`;
