import type { PreparationLine } from "./contracts/preparation";
import { gramsToDecimal, toGrams } from "./money";

export interface PickSource {
  productId: number;
  productName: string;
  type: string;
  amount: string;
}

export interface PickLine {
  productId: number;
  productName: string;
  /** KG lines are summed in kilograms, unit and promo lines in units: never mixed. */
  type: "KG" | "UN";
  amount: string;
}

/** One line per product and kind across a batch's orders, so a preparer picks once. */
export function pickList(lines: PickSource[]): PickLine[] {
  const totals = new Map<string, { line: Omit<PickLine, "amount">; milli: number }>();
  for (const line of lines) {
    const type = line.type === "KG" ? "KG" : "UN";
    const key = `${line.productId}|${type}`;
    const entry = totals.get(key) ?? {
      line: { productId: line.productId, productName: line.productName, type },
      milli: 0,
    };
    entry.milli += toGrams(line.amount);
    totals.set(key, entry);
  }
  return [...totals.values()]
    .map(({ line, milli }) => ({
      ...line,
      amount: line.type === "KG" ? gramsToDecimal(milli) : String(Math.round(milli / 1000)),
    }))
    .sort((a, b) => a.productName.localeCompare(b.productName, "es") || a.type.localeCompare(b.type));
}

/**
 * One order's lines as its preparation card carries them: one per product and kind, summed to
 * the gram or milli-unit (amounts to 3 decimals, never rounded), in product id order. A batch's
 * pick list is `pickList` over its orders' lines, whether summed from these or from the raw ones.
 */
export function preparationLines(lines: Omit<PickSource, "productName">[]): PreparationLine[] {
  const totals = new Map<string, PreparationLine>();
  for (const line of lines) {
    const type = line.type === "KG" ? "KG" : "UN";
    const key = `${line.productId}|${type}`;
    const held = totals.get(key);
    const milli = toGrams(line.amount) + (held ? toGrams(held[2]) : 0);
    totals.set(key, [line.productId, type, gramsToDecimal(milli)]);
  }
  return [...totals.values()].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
}
