import { formatIsoDate } from "./calendar";
import { LOT_MESSAGES } from "./contracts/lots";
import { formatKilos, type Grams } from "./money";

/**
 * Lots and expiry (issue 42), the pure rules: which lots an order's lines take when it is
 * prepared. A lot is usable through its expiry date (the Buenos Aires date, inclusive) and never
 * after; lines take the earliest expiry first, across lots when one is not enough; what the usable
 * lots cannot cover is taken as stock without a lot. Quantities are grams.
 */

/** A lot as allocation reads it: locked by the caller, with what it has left now. */
export interface PoolLot {
  id: number;
  productId: number;
  code: string;
  /** YYYY-MM-DD. */
  expiry: string;
  remaining: Grams;
}

export interface Take {
  lotId: number;
  grams: Grams;
}

/** An order line as allocation reads it. */
export interface AllocationLine {
  id: number;
  productId: number;
  product: string;
  /** The kilograms the line takes from stock: its real weight once weighed, else the ordered one. */
  need: Grams;
  /** False for a Virtual Freezer line: it takes nothing from stock, so no lot. */
  fromStock: boolean;
  /** What the preparer said the line took: honoured exactly, or refused. */
  chosen?: Take[];
  /** What the line took before (a correction of an Armado order): kept where it still fits. */
  previous?: Take[];
}

interface LineAllocation {
  id: number;
  productId: number;
  takes: Take[];
  /** Grams taken without a lot; null when the line's product has no lots at all. */
  withoutLot: Grams | null;
}

export type Allocation = { ok: true; lines: LineAllocation[] } | { ok: false; status: 400 | 409; message: string };

/** Usable through the expiry day itself: 'today' is the Buenos Aires date. */
export const isUsable = (expiry: string, today: string) => expiry >= today;

/** First expiry first; the older lot (lower id) first on the same day. */
const byExpiry = (a: { expiry: string; id: number }, b: { expiry: string; id: number }) =>
  a.expiry < b.expiry ? -1 : a.expiry > b.expiry ? 1 : a.id - b.id;

/**
 * Allocates the lines' kilograms to lots, all or nothing: the preparer's chosen lots first (a
 * lot of another product, expired, or holding less than asked refuses the whole preparation),
 * then what each line took before where it still fits, then the product's usable lots earliest
 * expiry first, line by line in the order given. `pool` holds every lot of the lines' products.
 */
export function allocate(lines: AllocationLine[], pool: PoolLot[], today: string): Allocation {
  const refuse = (status: 400 | 409, message: string): Allocation => ({ ok: false, status, message });
  const lots = new Map(pool.map((lot) => [lot.id, lot]));
  const left = new Map(pool.map((lot) => [lot.id, lot.remaining]));
  const withLots = new Set(pool.map((lot) => lot.productId));
  const result = new Map<number, { takes: Map<number, Grams>; need: Grams }>();
  for (const line of lines) result.set(line.id, { takes: new Map(), need: line.fromStock ? line.need : 0 });

  const take = (lineId: number, lotId: number, grams: Grams) => {
    const entry = result.get(lineId)!;
    entry.takes.set(lotId, (entry.takes.get(lotId) ?? 0) + grams);
    entry.need -= grams;
    left.set(lotId, left.get(lotId)! - grams);
  };

  for (const line of lines) {
    if (!line.chosen?.length) continue;
    if (!line.fromStock) return refuse(400, LOT_MESSAGES.notFromStock(line.product));
    const seen = new Set<number>();
    let sum = 0;
    for (const chosen of line.chosen) {
      const lot = lots.get(chosen.lotId);
      if (!lot) return refuse(400, LOT_MESSAGES.unknownLot(chosen.lotId));
      if (lot.productId !== line.productId) return refuse(400, LOT_MESSAGES.otherProduct(lot.code, line.product));
      if (seen.has(lot.id)) return refuse(400, LOT_MESSAGES.repeated(lot.code, line.product));
      seen.add(lot.id);
      sum += chosen.grams;
    }
    if (sum > line.need)
      return refuse(400, LOT_MESSAGES.overLine(line.product, formatKilos(sum), formatKilos(line.need)));
    for (const chosen of line.chosen) {
      const lot = lots.get(chosen.lotId)!;
      if (!isUsable(lot.expiry, today)) return refuse(409, LOT_MESSAGES.expired(lot.code, formatIsoDate(lot.expiry)));
      const available = left.get(lot.id)!;
      if (chosen.grams > available)
        return refuse(409, LOT_MESSAGES.notEnough(lot.code, formatKilos(available), formatKilos(chosen.grams)));
      take(line.id, lot.id, chosen.grams);
    }
  }

  for (const line of lines) {
    if (line.chosen?.length || !line.previous?.length) continue;
    for (const before of line.previous) {
      const lot = lots.get(before.lotId);
      const need = result.get(line.id)!.need;
      if (!lot || lot.productId !== line.productId || !isUsable(lot.expiry, today) || need <= 0) continue;
      const grams = Math.min(before.grams, need, left.get(lot.id)!);
      if (grams > 0) take(line.id, lot.id, grams);
    }
  }

  const usable = pool.filter((lot) => isUsable(lot.expiry, today)).sort(byExpiry);
  for (const line of lines) {
    for (const lot of usable) {
      const need = result.get(line.id)!.need;
      if (need <= 0) break;
      if (lot.productId !== line.productId) continue;
      const grams = Math.min(need, left.get(lot.id)!);
      if (grams > 0) take(line.id, lot.id, grams);
    }
  }

  return {
    ok: true,
    lines: lines.map((line) => {
      const entry = result.get(line.id)!;
      const hasLots = line.fromStock && line.need > 0 && withLots.has(line.productId);
      return {
        id: line.id,
        productId: line.productId,
        takes: [...entry.takes].map(([lotId, grams]) => ({ lotId, grams })),
        withoutLot: hasLots ? entry.need : null,
      };
    }),
  };
}

/** Grams each lot gives (negative) or takes (positive) going from `before` to `after`. */
export function lotChanges(before: Take[], after: Take[]): Map<number, Grams> {
  const changes = new Map<number, Grams>();
  for (const t of before) changes.set(t.lotId, (changes.get(t.lotId) ?? 0) - t.grams);
  for (const t of after) changes.set(t.lotId, (changes.get(t.lotId) ?? 0) + t.grams);
  for (const [lotId, grams] of changes) if (grams === 0) changes.delete(lotId);
  return changes;
}

export interface ReceivingCheck {
  expiry: string;
  today: string;
}

/** A lot already past its expiry is not received: 'today' itself still is. */
export const receivingRefusal = ({ expiry, today }: ReceivingCheck): string | null =>
  isUsable(expiry, today) ? null : LOT_MESSAGES.expiryPast(formatIsoDate(expiry));
