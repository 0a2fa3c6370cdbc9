import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type {
  PreparationBatch,
  PreparationBoard,
  PreparationCard,
  PreparationLine,
} from "@domain/contracts/preparation";
import { PreparationUpdatedData } from "@domain/contracts/event-data";
import { applyGroupBatches, preparationSummary } from "@domain/live-preparation";
import { batchMoves, groupDelta, placeBatches } from "@domain/preparation-delta";
import { batchView } from "@domain/preparation-view";
import { boardCard } from "../helpers/board-card";

const DATE = "2027-03-01";
const ORIGIN = { lat: -34.72, lng: -58.25 };
/** Order `id`'s lines: product id % 4 (odd ones by the kilo) and, for some, product 10 + id % 3; an edited order takes more. */
const linesOf = (id: number, edited = false): PreparationLine[] =>
  [
    [id % 4, id % 2 ? "KG" : "UN", `${1 + (id % 3)}.${edited ? "750" : "000"}`] as PreparationLine,
    ...(id % 5 ? [[10 + (id % 3), "KG", "0.250"] as PreparationLine] : []),
  ].sort((a, b) => a[0] - b[0]);
const card = (id: number, status = 1): PreparationCard => ({
  ...boardCard(DATE, id, status, {
    Address: `Calle ${id}`,
    // Every seventh order is a pick-up, without coordinates.
    Latitude: id % 7 ? (-34.72 - (id % 13) * 0.0005).toFixed(6) : null,
    Longitude: id % 7 ? (-58.25 + (id % 11) * 0.0005).toFixed(6) : null,
    total_weight: `${id % 5}.500`,
    FK_OrderStatus__Name: status === 1 ? "Confirmado" : "Pendiente",
  }),
  lines: linesOf(id, status !== 1),
});
const nameOf = (renamed: boolean) => (id: number) => (renamed && id === 0 ? "Producto cero" : `Producto ${id}`);
const view = (cards: PreparationCard[], renamed = false) => batchView(ORIGIN, cards, nameOf(renamed));
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
const OTHER = batchView(ORIGIN, [{ ...card(1000), FK_Shipments__PK_Shipments: 2 }], nameOf(false));
const firstIds = (batches: PreparationBatch[]) => batches.map((b) => b.orders[0]!.PK_Orders);

/**
 * A sweep as the server runs it: the group was `before` (order ids per batch, in order), is now
 * `after`; the orders in `changed` have a new card and lines. With `renamed`, product 0 has a
 * new name, and every order showing it counts as changed (as the rename trigger marks them). It
 * sends the batches a board lacks: those whose view no held batch has, or holding a changed or
 * new order, with those orders' cards.
 */
function sweep(before: number[][], after: number[][], edited: Set<number>, renamed = false) {
  const cardOf = (id: number) => card(id, edited.has(id) ? 5 : 1);
  const held = new Set(before.flat());
  const showsRenamed = (id: number) => renamed && cardOf(id).lines.some(([p]) => p === 0);
  const changed = new Set([...edited, ...after.flat().filter((id) => !held.has(id) || showsRenamed(id))]);
  const oldViews = before.map((ids) => view(ids.map((id) => card(id))));
  const newViews = after.map((ids) => view(ids.map(cardOf), renamed));
  const sent = newViews.filter(
    (v) => v.orders.some((o) => changed.has(o.PK_Orders)) || !oldViews.some((old) => isDeepStrictEqual(old, v)),
  );
  const delta = PreparationUpdatedData.parse({
    delivery_date: DATE,
    zone_id: 1,
    time_slot_id: 1,
    origin: ORIGIN,
    ...groupDelta(firstIds(oldViews), firstIds(newViews), sent, (c) => changed.has(c.PK_Orders)),
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
    renamed: fc.boolean(),
  })
  .map(({ before, sizes, keep, arrivals, newSizes, shuffle, changed, renamed }) => {
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
    return { before: old, after, changed: new Set(changed.filter((id) => before.includes(id))), renamed };
  });

describe("a preparation delta", () => {
  it("brings a board holding the group as it was to the group as a fresh read shows it, and changes nothing the second time", () => {
    fc.assert(
      fc.property(sweeps, ({ before, after, changed, renamed }) => {
        const { old, fresh, delta } = sweep(before, after, changed, renamed);
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
    // Each changed batch as its orders' ids alone: the board sums the pick list from the cards.
    expect(delta.changed).toEqual([
      [157, 158, 301],
      [159, 160],
    ]);
    expect(delta.cards.map((c) => c.PK_Orders)).toEqual([301]);
    // Only the new card's products are named: 301 % 4 and 10 + 301 % 3.
    expect(delta.products).toEqual({ 1: "Producto 1", 11: "Producto 11" });
    expect(delta.moved).toEqual([
      [157, 153],
      [159, 157],
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
