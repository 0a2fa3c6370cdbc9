import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchMembers, batchOrders, batchSizes, keepingSizes } from "@domain/batching";

const depot = { lat: -34.7206, lng: -58.2546 };

describe("preparation batches (SPEC.md §4)", () => {
  it("keeps up to 4 together, splits larger groups into 3 to 4, and 5 as 3 + 2", () => {
    expect(batchSizes(4)).toEqual([4]);
    expect(batchSizes(5)).toEqual([3, 2]);
    expect(batchSizes(6)).toEqual([3, 3]);
    expect(batchSizes(7)).toEqual([4, 3]);
    expect(batchSizes(9)).toEqual([3, 3, 3]);
    for (let n = 6; n < 200; n++) expect(batchSizes(n).every((s) => s >= 3 && s <= 4)).toBe(true);
  });

  it("keeps the previous batches the route allows: a new order changes the batches around it, not all after it", () => {
    const ids = Array.from({ length: 16 }, (_, i) => i + 1);
    const cut = (sizes: number[], list = ids) =>
      sizes.map((_, i) => list.slice(sizes.slice(0, i).reduce((a, b) => a + b, 0)).slice(0, sizes[i]!));
    const previous = new Set(cut([4, 4, 4, 4]).map(batchMembers));
    // Order 99 lands after order 2: its batch and the next give way (3 + 3 + 3), the last two are kept.
    const withNew = [1, 2, 99, ...ids.slice(2)];
    const sizes = keepingSizes(withNew, previous);
    expect(sizes).toEqual([3, 3, 3, 4, 4]);
    expect(cut(sizes, withNew).filter((b) => previous.has(batchMembers(b)))).toHaveLength(2);
    // A batch of 3 takes a new order in alone.
    const threes = new Set(cut([3, 3, 3, 3, 4]).map(batchMembers));
    const intoThree = [1, 2, 3, 4, 5, 99, ...ids.slice(5)];
    expect(keepingSizes(intoThree, threes)).toEqual([3, 4, 3, 3, 4]);
    // An order that leaves a batch of 4 changes that batch only.
    const left = withNew.filter((id) => id !== 10);
    expect(keepingSizes(left, new Set(cut([3, 3, 3, 4, 4], withNew).map(batchMembers)))).toEqual([3, 3, 3, 3, 4]);
    // Nothing to keep: the even cut of batchSizes.
    for (let n = 0; n < 40; n++)
      expect(
        keepingSizes(
          Array.from({ length: n }, (_, i) => i),
          new Set(["x"]),
        ),
      ).toEqual(batchSizes(n));
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 80 }), fc.integer({ min: 0, max: 79 }), (n, at) => {
        const route = Array.from({ length: n }, (_, i) => i + 1);
        const before = new Set(cut(batchSizes(n), route).map(batchMembers));
        const after = [...route.slice(0, at % n), 999, ...route.slice(at % n)];
        const sizes = keepingSizes(after, before);
        const changed = cut(sizes, after).filter((b) => !before.has(batchMembers(b)));
        const fewest = Math.ceil((n + 1) / 4);
        return (
          sizes.every((s) => s === 3 || s === 4) &&
          sizes.reduce((a, b) => a + b, 0) === n + 1 &&
          sizes.length <= fewest + Math.max(1, Math.floor(fewest / 10)) &&
          changed.length <= 3
        );
      }),
    );
  });

  it("puts every order in exactly one batch of its own zone, date and slot", () => {
    const order = fc.record({
      id: fc.integer(),
      zoneId: fc.integer({ min: 1, max: 3 }),
      deliveryDate: fc.constantFrom("2026-11-23", "2026-11-24"),
      timeSlotId: fc.integer({ min: 2, max: 3 }),
      latitude: fc.option(fc.double({ min: -34.8, max: -34.6, noNaN: true })),
      longitude: fc.double({ min: -58.4, max: -58.1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(order, { selector: (o) => o.id, maxLength: 40 }), (orders) => {
        const batches = batchOrders(orders, depot);
        const ids = batches.flatMap((b) => b.orders.map((o) => o.id));
        const sameGroup = batches.every((b) =>
          b.orders.every(
            (o) => o.zoneId === b.zoneId && o.deliveryDate === b.deliveryDate && o.timeSlotId === b.timeSlotId,
          ),
        );
        return ids.length === orders.length && new Set(ids).size === orders.length && sameGroup;
      }),
    );
  });

  it("places orders without coordinates last and flags them; identical points are fine", () => {
    const base = { zoneId: 1, deliveryDate: "2026-11-23", timeSlotId: 2 };
    const orders = [
      { id: 1, ...base, latitude: null, longitude: null },
      { id: 2, ...base, latitude: -34.7, longitude: -58.25 },
      { id: 3, ...base, latitude: -34.7, longitude: -58.25 },
    ];
    const [batch] = batchOrders(orders, depot);
    expect(batch!.orders.map((o) => o.id)).toEqual([2, 3, 1]);
    expect(batch!.withoutCoordinates).toEqual([1]);
  });
});
