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
