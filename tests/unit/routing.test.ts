import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchMembers, batchOrders, batchSizes, keepingSizes } from "../../domain/batching";
import {
  formatDistance,
  googleMapsRouteUrl,
  haversineMeters,
  inSlotOrder,
  nearestNeighbour,
  pathMeters,
  shortestRoute,
  slotRank,
  whatsappShareUrl,
} from "../../domain/routing";

const depot = { lat: -34.7206, lng: -58.2546 };
const point = fc.record({
  lat: fc.double({ min: -34.8, max: -34.6, noNaN: true }),
  lng: fc.double({ min: -58.4, max: -58.1, noNaN: true }),
});

describe("distances and routes", () => {
  it("measures on a 6371 km sphere and shows metres below 1 km", () => {
    // One degree of latitude is 6371 km × π / 180 ≈ 111.195 km.
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_194.9, 0);
    expect(formatDistance(850.4)).toBe("850 m");
    expect(formatDistance(1234)).toBe("1,2 km");
  });

  it("never finds a route longer than nearest neighbour, for up to 3 stops", () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 3 }), (stops) => {
        return (
          pathMeters(depot, shortestRoute(depot, stops)) <= pathMeters(depot, nearestNeighbour(depot, stops)) + 1e-6
        );
      }),
    );
  });

  it("visits by nearest neighbour from the depot, ties in input order, as the step-by-step definition does", () => {
    // A few distinct places, so ties are exact and other distances far apart.
    const place = fc.constantFrom(
      { lat: -34.7, lng: -58.3 },
      { lat: -34.71, lng: -58.2 },
      { lat: -34.65, lng: -58.25 },
      { lat: -34.8, lng: -58.4 },
    );
    const byDefinition = <T extends { lat: number; lng: number }>(points: T[]) => {
      const left = [...points];
      const visited: T[] = [];
      let from: { lat: number; lng: number } = depot;
      while (left.length) {
        const nearest = left.reduce(
          (best, p, i) => (haversineMeters(from, p) < haversineMeters(from, left[best]!) ? i : best),
          0,
        );
        const next = left.splice(nearest, 1)[0]!;
        visited.push(next);
        from = next;
      }
      return visited;
    };
    fc.assert(
      fc.property(fc.array(place, { maxLength: 12 }), (places) => {
        const points = places.map((p, id) => ({ ...p, id }));
        expect(nearestNeighbour(depot, points).map((p) => p.id)).toEqual(byDefinition(points).map((p) => p.id));
      }),
    );
  });

  it("builds the Google Maps and WhatsApp links", () => {
    const url = googleMapsRouteUrl(depot, [
      { lat: -34.7, lng: -58.3 },
      { lat: -34.71, lng: -58.31 },
    ]);
    expect(url).toContain("origin=-34.720600%2C-58.254600");
    expect(url).toContain("destination=-34.710000%2C-58.310000");
    expect(url).toContain("waypoints=-34.700000%2C-58.300000");
    expect(whatsappShareUrl("Ruta 1")).toBe("https://wa.me/?text=Ruta%201");
    expect(whatsappShareUrl("Saldo $ 10", "5491142531234")).toBe("https://wa.me/5491142531234?text=Saldo%20%24%2010");
  });
});

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

describe("a route keeps the delivery slots (issue 29)", () => {
  const MAÑANA = 2;
  const TARDE = 4;
  it("visits a Mañana stop before a nearer Tarde one, and the shortest path within a slot", () => {
    const nearTarde = { lat: depot.lat - 0.005, lng: depot.lng, id: "tarde-cerca", slot: TARDE };
    const farMañana = { lat: depot.lat - 0.03, lng: depot.lng + 0.02, id: "mañana-lejos", slot: MAÑANA };
    const midMañana = { lat: depot.lat - 0.02, lng: depot.lng + 0.02, id: "mañana-medio", slot: MAÑANA };
    const ids = (stops: { id: string }[]) => stops.map((s) => s.id);
    expect(ids(shortestRoute(depot, [nearTarde, farMañana, midMañana]))).toEqual([
      "tarde-cerca",
      "mañana-medio",
      "mañana-lejos",
    ]);
    expect(ids(shortestRoute(depot, [nearTarde, farMañana, midMañana], (s) => slotRank(s.slot)))).toEqual([
      "mañana-medio",
      "mañana-lejos",
      "tarde-cerca",
    ]);
  });

  it("never visits a later slot before an earlier one, and is the shortest such path", () => {
    const slotted = fc.record({
      lat: point.map((p) => p.lat),
      lng: point.map((p) => p.lng),
      slot: fc.option(fc.constantFrom(2, 3, 4), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(slotted, { minLength: 1, maxLength: 3 }), (stops) => {
        const rank = (s: { slot: number | null }) => slotRank(s.slot);
        const route = shortestRoute(depot, stops, rank);
        expect(route.map(rank)).toEqual(route.map(rank).sort((a, b) => a - b));
        const bySlotThenPath = [...stops].sort((a, b) => rank(a) - rank(b));
        expect(pathMeters(depot, route)).toBeLessThanOrEqual(pathMeters(depot, bySlotThenPath) + 1e-6);
      }),
    );
  });

  it("puts a stop without coordinates last within its own slot", () => {
    const rank = (s: { slot: number | null }) => slotRank(s.slot);
    const ordered = [
      { id: 1, slot: 2 },
      { id: 2, slot: 4 },
    ];
    expect(
      inSlotOrder(
        ordered,
        [
          { id: 3, slot: 2 },
          { id: 4, slot: null },
        ],
        rank,
      ).map((s) => s.id),
    ).toEqual([1, 3, 2, 4]);
  });
});
