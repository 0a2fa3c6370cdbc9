import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BoardOrderRow } from "../../domain/contracts/boards";
import type { PickListLine, PreparationBatch, PreparationBoard } from "../../domain/contracts/preparation";
import { PreparationUpdatedData } from "../../domain/contracts/event-data";
import { applyGroupBatches, preparationSummary } from "../../domain/live-preparation";
import { batchMoves, groupDelta, placeBatches } from "../../domain/preparation-delta";
import { batchView } from "../../domain/preparation-view";
import { boardCard } from "../helpers/board-card";

const DATE = "2027-03-01";
const ORIGIN = { lat: -34.72, lng: -58.25 };
const card = (id: number, status = 1) =>
  boardCard(DATE, id, status, {
    Address: `Calle ${id}`,
    // Every seventh order is a pick-up, without coordinates.
    Latitude: id % 7 ? (-34.72 - (id % 13) * 0.0005).toFixed(6) : null,
    Longitude: id % 7 ? (-58.25 + (id % 11) * 0.0005).toFixed(6) : null,
    total_weight: `${id % 5}.500`,
    FK_OrderStatus__Name: status === 1 ? "Confirmado" : "Pendiente",
  });
const pickOf = (ids: number[]): PickListLine[] =>
  [...new Set(ids.map((id) => id % 4))].map((p) => ({
    product_id: p,
    product_name: `Producto ${p}`,
    Type: p % 2 ? "KG" : "UN",
    Amount: String(ids.filter((id) => id % 4 === p).length),
  }));
const view = (cards: BoardOrderRow[]) => batchView(ORIGIN, cards, pickOf(cards.map((c) => c.PK_Orders)));
/** Cuts ids into batches of 1 to 4 by `sizes`, taken in turn. */
function cut(ids: number[], sizes: number[]) {
  const batches: number[][] = [];
  for (let at = 0, k = 0; at < ids.length; k++) {
    const size = sizes[k % sizes.length]!;
    batches.push(ids.slice(at, at + size));
    at += size;
  }
  return batches;
}
const boardOf = (batches: PreparationBatch[]): PreparationBoard => ({
  summary: preparationSummary(batches),
  batches,
});
/** Another group's batch, which no delta of group 1 touches. */
const OTHER = batchView(ORIGIN, [{ ...card(1000), FK_Shipments__PK_Shipments: 2 }], []);

/**
 * A sweep as the server runs it: the group was `before` (order ids per batch, in order), is now
 * `after`; the orders in `changed` have a new card. It sends the batches a board lacks: those
 * whose view no held batch has, or holding a changed or new order, with those orders' cards.
 */
function sweep(before: number[][], after: number[][], edited: Set<number>) {
  const cardOf = (id: number) => card(id, edited.has(id) ? 5 : 1);
  const held = new Set(before.flat());
  const changed = new Set([...edited, ...after.flat().filter((id) => !held.has(id))]);
  const oldViews = before.map((ids) => view(ids.map((id) => card(id))));
  const newViews = after.map((ids) => view(ids.map(cardOf)));
  const sent = newViews.filter(
    (v) => v.orders.some((o) => changed.has(o.PK_Orders)) || !oldViews.some((old) => isDeepStrictEqual(old, v)),
  );
  const delta = PreparationUpdatedData.parse({
    delivery_date: DATE,
    zone_id: 1,
    time_slot_id: 1,
    origin: ORIGIN,
    ...groupDelta(
      oldViews.map((v) => v.id),
      newViews.map((v) => v.id),
      sent,
      (c) => changed.has(c.PK_Orders),
    ),
  });
  return { old: boardOf([...oldViews, OTHER]), fresh: boardOf([...newViews, OTHER]), delta };
}

/** A group before and after a sweep: some batches kept, moved or dropped; orders new, gone or changed. */
const sweeps = fc
  .record({
    before: fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 0, maxLength: 60 }),
    sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 }),
    keep: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
    arrivals: fc.uniqueArray(fc.integer({ min: 401, max: 500 }), { maxLength: 8 }),
    newSizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 }),
    shuffle: fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
    changed: fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 5 }),
  })
  .map(({ before, sizes, keep, arrivals, newSizes, shuffle, changed }) => {
    const old = cut(before, sizes);
    const kept = old.filter((_, i) => keep[i % keep.length]);
    const loose = [
      ...old
        .filter((_, i) => !keep[i % keep.length])
        .flat()
        .filter((_, i) => i % 3),
      ...arrivals,
    ];
    const after = [...kept, ...cut(loose, newSizes)];
    // A few swaps: a route that now visits some batches in another order.
    for (let k = 0; k + 1 < shuffle.length && after.length > 1; k += 2) {
      const [i, j] = [shuffle[k]! % after.length, shuffle[k + 1]! % after.length];
      if (k < 6) [after[i], after[j]] = [after[j]!, after[i]!];
    }
    return { before: old, after, changed: new Set(changed.filter((id) => before.includes(id))) };
  });

describe("a preparation delta", () => {
  it("brings a board holding the group as it was to the group as a fresh read shows it, and changes nothing the second time", () => {
    fc.assert(
      fc.property(sweeps, ({ before, after, changed }) => {
        const { old, fresh, delta } = sweep(before, after, changed);
        const applied = applyGroupBatches(old, DATE, delta);
        expect(applied).toEqual(fresh);
        expect(applyGroupBatches(applied, DATE, delta)).toEqual(fresh);
      }),
      { numRuns: 400 },
    );
  });

  it("carries the cards of new and changed orders only, and no batch the board holds as it is", () => {
    const before = cut(
      Array.from({ length: 300 }, (_, i) => i + 1),
      [4],
    );
    // A new order joins the 40th batch, which splits in two: the rest keep their order.
    const after = [...before.slice(0, 39), [157, 158, 301], [159, 160], ...before.slice(40)];
    const { delta } = sweep(before, after, new Set());
    expect(delta.changed.map((b) => b.id)).toEqual(["lote-157", "lote-159"]);
    expect(delta.cards.map((c) => c.PK_Orders)).toEqual([301]);
    expect(delta.moved).toEqual([
      ["lote-157", "lote-153"],
      ["lote-159", "lote-157"],
    ]);
    expect(delta.removed).toEqual([]);
  });

  it("names the batches that moved, not the group: one batch moved is one move", () => {
    const held = Array.from({ length: 80 }, (_, i) => `lote-${i}`);
    const next = [...held.slice(0, 10), held[50]!, ...held.slice(10, 50), ...held.slice(51)];
    const moves = batchMoves(held, next, new Set());
    expect(moves).toEqual([["lote-50", "lote-9"]]);
    expect(placeBatches(held, moves, new Set())).toEqual(next);
  });
});
