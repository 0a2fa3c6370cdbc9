import { readKilos } from "./decimal-input";
import { formatKilos, formatMoney, priceOf, type Centavos, type Grams } from "./money";
import type { LineType } from "./pricing";
import { gs1Elements } from "./gs1";

/**
 * Catch weight (issue 41): a line ordered by the kilo or by the unit is billed by the kilos
 * actually packed. The ordered weight stays on the line; the real one sits beside it, so a
 * correction always re-prices from what was ordered, never from an earlier re-pricing.
 */

export const WEIGHT_MESSAGES = {
  positive: "El peso real debe ser mayor a 0.",
  missing: (product: string) => `Falta el peso real de ${product}.`,
  tooLarge: (product: string) => `El peso real de ${product} supera 10 veces lo pedido.`,
  notWeighable: (product: string) => `${product} no se pesa: las promociones y el Freezer Virtual no llevan peso real.`,
  notOfOrder: "Esa línea no es de este pedido.",
  repeated: (product: string) => `El peso real de ${product} está dos veces.`,
} as const;

/** A real weight more than this many times the ordered one is a typing slip, not a heavy box. */
const MAX_WEIGHT_FACTOR = 10;
/** A product's tolerance when none is set, in %. */
export const DEFAULT_TOLERANCE_PCT = 10;

export type WeightReading = { ok: true; grams: Grams } | { ok: false; message: string };

/** A weight as the preparer types it (es-AR "19,6", up to 3 decimals), or as a number; above 0. */
export function parseWeight(input: string | number): WeightReading {
  const read = readKilos(input);
  if (!read.ok) return read;
  return read.grams > 0 ? read : { ok: false, message: WEIGHT_MESSAGES.positive };
}

/** Lines that can carry a real weight: KG and UN lines taken from stock; promotions and freezer lines never. */
export const isWeighable = (line: { type: string; virtualFreezer: boolean }) =>
  !line.virtualFreezer && (line.type === "KG" || line.type === "UN");

/** Lines 'Preparado!' cannot go without: weighable lines of a product that requires weighing. */
const needsWeight = (line: { type: string; virtualFreezer: boolean; requiresWeighing: boolean }) =>
  line.requiresWeighing && isWeighable(line);

export interface WeighedLineInput {
  type: LineType | string;
  /** The weight the line was ordered with: its kilos, or units × unit weight for UN. */
  ordered: Grams;
  /** The weight packed, or null while nobody weighed it. */
  picked: Grams | null;
  /** The line's price per kilogram (per promotion for PROMO) as the order froze it. */
  unitPrice: Centavos;
  virtualFreezer: boolean;
  /** The line's units: what a promotion is billed by. */
  milliUnits: Grams;
}

/** The weight the line stands for now: the packed one once weighed, else the ordered one. */
const effectiveWeight = (line: { ordered: Grams; picked: Grams | null }): Grams => line.picked ?? line.ordered;

/**
 * What the line costs: a promotion its price × units, a freezer line 0, KG and UN lines the
 * price per kilogram × the real weight when there is one, else × the ordered weight, rounded
 * half up to the centavo (as the order was priced).
 */
export function lineTotal(line: WeighedLineInput): Centavos {
  if (line.virtualFreezer) return 0;
  if (line.type === "PROMO") return priceOf(line.unitPrice, line.milliUnits);
  return priceOf(line.unitPrice, effectiveWeight(line));
}

export interface ToleranceCheck {
  /** Real − ordered, in grams: negative when less was packed. */
  difference: Grams;
  /** The difference as a % of the ordered weight, rounded to one decimal (for the message). */
  percent: number;
  within: boolean;
}

/**
 * Whether a real weight stays within `tolerancePct` % of the ordered one, compared exactly in
 * integers (grams and hundredths of a percent); the limit itself is within.
 */
export function checkTolerance(ordered: Grams, picked: Grams, tolerancePct: number): ToleranceCheck {
  const difference = picked - ordered;
  const hundredths = Math.round(tolerancePct * 100);
  const within = ordered > 0 ? Math.abs(difference) * 10_000 <= ordered * hundredths : difference === 0;
  const percent = ordered > 0 ? Math.round((difference * 1000) / ordered) / 10 : 100;
  return { difference, percent, within };
}

const percentFormat = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 2 });
const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text.replace("-", "−"));

/** "+0,4 kg (+2 %)" / "−0,4 kg (−2 %)": the difference as the confirmation says it. */
function formatDifference(check: ToleranceCheck): string {
  const kilos = signed(formatKilos(check.difference), check.difference);
  const percent = signed(`${percentFormat.format(check.percent)} %`, check.percent);
  return `${kilos} (${percent})`;
}

/** The 409 when a real weight is outside the product's tolerance and nobody confirmed it. */
export function outOfToleranceMessage(
  product: string,
  ordered: Grams,
  picked: Grams,
  tolerancePct: number,
  check: ToleranceCheck = checkTolerance(ordered, picked, tolerancePct),
): string {
  return `El peso real de ${product} (${formatKilos(picked)}) difiere ${formatDifference(check)} de lo pedido (${formatKilos(ordered)}), fuera de la tolerancia de ${percentFormat.format(tolerancePct)} %.`;
}

/** The order's history line for a weighed line: 'Peso real: 19,6 kg (pedido 20 kg)'. */
export const pickedWeightNote = (product: string, ordered: Grams, picked: Grams) =>
  `${product} — Peso real: ${formatKilos(picked)} (pedido ${formatKilos(ordered)})`;

/** What the seller sends the client by WhatsApp once the order is priced (weighed or not). */
export const finalAmountMessage = (orderId: number, finalPrice: Centavos, weighed: boolean) =>
  `Pedido #${orderId}: el total final es ${formatMoney(finalPrice)}${weighed ? ", según el peso real de la mercadería preparada" : ""}.`;

/**
 * The net weight in kilograms of a GS1-128 label, AI 310n (n decimals, six digits), in grams
 * (rounded half up when the label has more than 3 decimals); null when the label has none.
 */
export function readGs1NetWeight(raw: string): Grams | null {
  for (const [ai, data] of gs1Elements(raw)) {
    if (!/^310[0-5]$/.test(ai) || !/^\d{6}$/.test(data)) continue;
    const decimals = Number(ai[3]);
    const value = Number(data);
    const grams = decimals <= 3 ? value * 10 ** (3 - decimals) : Math.round(value / 10 ** (decimals - 3));
    return grams > 0 ? grams : null;
  }
  return null;
}

/** The last day of a month (month 1–12). */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A GS1 YYMMDD date (AI 17) as ISO: years 2000–2099; day 00 is the month's last day (GS1
 * General Specifications); null when it is no date.
 */
function gs1Date(data: string): string | null {
  if (!/^\d{6}$/.test(data)) return null;
  const year = 2000 + Number(data.slice(0, 2));
  const month = Number(data.slice(2, 4));
  const day = Number(data.slice(4, 6)) || lastDay(year, month);
  if (month < 1 || month > 12 || day > lastDay(year, month)) return null;
  return `${year}-${data.slice(2, 4)}-${String(day).padStart(2, "0")}`;
}

/**
 * The lot (AI 10, up to 20 characters) and the expiry date (AI 17, as ISO) of a GS1-128 label
 * (issue 42: the preparer scans the box to take its lot); null when the label carries neither.
 */
export function readGs1Lot(raw: string): { code: string | null; expiry: string | null } | null {
  const found = gs1Elements(raw);
  const lot = found.get("10")?.trim();
  const code = lot && lot.length <= 20 ? lot : null;
  const date = found.get("17");
  const expiry = date === undefined ? null : gs1Date(date);
  return code === null && expiry === null ? null : { code, expiry };
}

/** An order line as weighing reads it: amounts in grams, milli-units and centavos. */
export interface WeighingLine {
  id: number;
  productId: number;
  product: string;
  type: string;
  milliUnits: number;
  ordered: Grams;
  picked: Grams | null;
  unitPrice: Centavos;
  virtualFreezer: boolean;
  /** Counts in the order's weight (If_Weight). */
  weighted: boolean;
  requiresWeighing: boolean;
  tolerancePct: number;
}

export interface WeightGiven {
  detailed_product_id: number;
  picked_weight: string | number;
}

export interface Reweighed {
  ok: true;
  /** Each line's real weight and what it costs now. */
  lines: { id: number; picked: Grams | null; total: Centavos }[];
  /** Grams each product takes from stock now beyond what it took (negative: goes back). */
  stock: Map<number, Grams>;
  /** The order's lines total and counted weight. */
  total: Centavos;
  weight: Grams;
  /** The history's lines for the weights given. */
  notes: string[];
}

export type WeighingRefusal = { ok: false; status: 400 | 409; message: string };

/** The order's lines with these real weights: prices, weight and the stock each product moves by. */
function reweigh(lines: WeighingLine[], picked: Map<number, Grams | null>, notes: string[] = []): Reweighed {
  const stock = new Map<number, Grams>();
  let total = 0;
  let weight = 0;
  const priced = lines.map((line) => {
    const next = picked.has(line.id) ? (picked.get(line.id) ?? null) : line.picked;
    const now = { ...line, picked: next };
    const lineCost = lineTotal(now);
    total += lineCost;
    if (line.weighted) weight += effectiveWeight(now);
    if (!line.virtualFreezer) {
      const moved = effectiveWeight(now) - effectiveWeight(line);
      stock.set(line.productId, (stock.get(line.productId) ?? 0) + moved);
    }
    return { id: line.id, picked: next, total: lineCost };
  });
  return { ok: true, lines: priced, stock, total, weight, notes };
}

/**
 * 'Preparado!' with real weights: every given weight checked (a line of the order that can be
 * weighed, read as es-AR kilos with up to 3 decimals, above 0, at most 10× the ordered weight),
 * every required line weighed (given now or, on a correction, before), and a weight outside the
 * product's tolerance only once confirmed. A refusal changes nothing.
 */
export function planWeighing(
  lines: WeighingLine[],
  given: WeightGiven[],
  confirmTolerance: boolean,
): Reweighed | WeighingRefusal {
  const refuse = (status: 400 | 409, message: string): WeighingRefusal => ({ ok: false, status, message });
  const byId = new Map(lines.map((l) => [l.id, l]));
  const picked = new Map<number, Grams>();
  for (const weight of given) {
    const line = byId.get(weight.detailed_product_id);
    if (!line) return refuse(400, WEIGHT_MESSAGES.notOfOrder);
    if (!isWeighable(line)) return refuse(400, WEIGHT_MESSAGES.notWeighable(line.product));
    if (picked.has(line.id)) return refuse(400, WEIGHT_MESSAGES.repeated(line.product));
    const read = parseWeight(weight.picked_weight);
    if (!read.ok) return refuse(400, `${line.product}: ${read.message}`);
    if (read.grams > line.ordered * MAX_WEIGHT_FACTOR) return refuse(400, WEIGHT_MESSAGES.tooLarge(line.product));
    picked.set(line.id, read.grams);
  }
  const missing = lines.find((l) => needsWeight(l) && !picked.has(l.id) && l.picked === null);
  if (missing) return refuse(400, WEIGHT_MESSAGES.missing(missing.product));
  const outside: string[] = [];
  const notes: string[] = [];
  for (const [id, grams] of picked) {
    const line = byId.get(id)!;
    const check = checkTolerance(line.ordered, grams, line.tolerancePct);
    if (!check.within) outside.push(outOfToleranceMessage(line.product, line.ordered, grams, line.tolerancePct, check));
    notes.push(pickedWeightNote(line.product, line.ordered, grams));
  }
  if (outside.length && !confirmTolerance) return refuse(409, outside.join(" "));
  return reweigh(lines, picked, notes);
}

/** Back to Pendiente: every real weight cleared, price and stock as ordered. */
export const clearWeights = (lines: WeighingLine[]) =>
  reweigh(lines, new Map(lines.filter((l) => l.picked !== null).map((l) => [l.id, null])));
