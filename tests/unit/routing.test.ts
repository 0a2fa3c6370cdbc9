import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
} from "@domain/routing";

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
