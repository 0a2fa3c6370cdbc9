import type { BoardOrderRow } from "@domain/contracts/boards";
import { applyCardToPreparation, preparationSummary } from "@domain/live-preparation";
import type { Database } from "../../db/types";
import { boardRows } from "../order-read-model";
import { storedViews, unsweptOrderIds, type StoredView } from "./repository";

/**
 * The board as JSON text. Stored views pass through as written; only a batch holding an
 * order changed since the last sweep is parsed and given that order's card as it is now, or
 * loses it when it left preparation or its group, as the web applies the same order event.
 */
export function boardText(stored: StoredView[], changedCards: BoardOrderRow[]): string {
  const changed = new Map(changedCards.map((card) => [card.PK_Orders, card]));
  const views: string[] = [];
  let orders = 0;
  for (const { order_ids, view } of stored) {
    const cards = changed.size ? order_ids.flatMap((id) => changed.get(id) ?? []) : [];
    if (!cards.length) {
      views.push(view);
      orders += order_ids.length;
      continue;
    }
    const patched = cards.reduce(applyCardToPreparation, {
      summary: preparationSummary([]),
      batches: [JSON.parse(view)],
    });
    for (const batch of patched.batches) {
      views.push(JSON.stringify(batch));
      orders += batch.order_count;
    }
  }
  return `{"summary":${JSON.stringify({ suggested_groups: views.length, orders_covered: orders })},"batches":[${views.join(",")}]}`;
}

export function createPreparationService({ db }: { db: Database }) {
  return {
    /** One delivery date's board (or every date's) as JSON text: a scan of the stored views and the few orders the sweep has yet to fold in. */
    async board(deliveryDate?: string): Promise<string> {
      const [stored, changed] = await Promise.all([
        storedViews(db, deliveryDate),
        unsweptOrderIds(db).then((ids) => (ids.length ? boardRows(db, { ids }) : [])),
      ]);
      return boardText(
        stored,
        changed.map((row) => row.card),
      );
    },
  };
}

export type PreparationService = ReturnType<typeof createPreparationService>;
