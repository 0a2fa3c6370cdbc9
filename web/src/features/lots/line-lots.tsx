import { Text } from "@mantine/core";
import { formatIsoDate } from "@domain/calendar";
import type { LineLot, OrderLot } from "@domain/contracts/lots";
import { formatKilos, toGrams } from "@domain/money";

/** What an order line says about lots: the ones it took, and the kilograms no lot covered. */
export interface LotsOfLine {
  lots: LineLot[];
  /** Kilograms taken as stock without a lot; null when its product had no lot to take from. */
  without_lot: string | null;
}

/** Its pieces joined by ' · ', each kept on one line (a narrow cell breaks only between them). */
const pieces = (...parts: string[]) => parts.map((part) => part.replace(/ /g, "\u00a0")).join(" · ");

/** One lot of a line in words: 'Lote L-42 · vence 31/12/2026 · 4,5 kg'. */
export const lotText = (lot: Pick<LineLot, "code" | "expiry" | "quantity">) =>
  pieces(`Lote ${lot.code}`, `vence ${formatIsoDate(lot.expiry)}`, formatKilos(toGrams(lot.quantity)));

/** 'Sin lote · 2 kg': what the product's lots could not cover. */
export const withoutLotText = (kilos: string) => pieces("Sin lote", formatKilos(toGrams(kilos)));

/** Every sentence a line's lots make, in the order they were taken; none for a line without lots. */
function lineLotTexts({ lots, without_lot }: LotsOfLine): string[] {
  const uncovered = without_lot !== null && toGrams(without_lot) > 0 ? [withoutLotText(without_lot)] : [];
  return [...lots.map(lotText), ...uncovered];
}

/** A line's lots under its product, in the order's detail: one small line each. */
export function LineLots({ line }: { line: LotsOfLine }) {
  return lineLotTexts(line).map((text) => (
    <Text key={text} size="sm" c="gray.7" data-testid="line-lot">
      {text}
    </Text>
  ));
}

/** A line's lots on paper (the remito, the route sheet): under the product, one small line each. */
export function PrintedLineLots({ line }: { line: LotsOfLine }) {
  return lineLotTexts(line).map((text) => (
    <div className="lot" key={text}>
      {text}
    </div>
  ));
}

/** What a stop's order took of each lot, on the route sheet: 'Merluza en filet: Lote L-42 · vence 31/12/2026 · 7 kg'. */
export function PrintedOrderLots({ lots }: { lots: OrderLot[] }) {
  return lots.map((lot) => (
    <div className="lot" key={`${lot.product_name}-${lot.code}`}>
      {lot.product_name}: {lotText(lot)}
    </div>
  ));
}
