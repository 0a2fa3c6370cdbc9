import { describe, expect, it } from "vitest";
import { defaultZone } from "@domain/delivery-rules";
import { isPickupZone } from "@domain/delivery-method";
import { canTransition, isEditable, STATUS } from "@domain/order-status";

describe("order status machine (DESIGN.md §5)", () => {
  it("allows exactly the listed transitions", () => {
    const allowed = [
      [1, 5],
      [5, 1],
      [1, 6],
      [5, 6],
      [6, 4],
      [6, 5],
      [4, 3],
      [4, 6],
      [1, 2],
    ];
    for (let from = 1; from <= 7; from++) {
      for (let to = 1; to <= 7; to++) {
        expect(canTransition(from, to)).toBe(allowed.some(([a, b]) => a === from && b === to));
      }
    }
  });

  it("lets only a confirmed order be modified or cancelled", () => {
    expect(isEditable(STATUS.confirmed)).toBe(true);
    expect([2, 3, 4, 5, 6, 7].some(isEditable)).toBe(false);
  });
});

describe("delivery defaults (SPEC.md §4)", () => {
  const zones = [
    { PK_Shipments: 1, Name: "Zona Centro" },
    { PK_Shipments: 8, Name: "Lo busca" },
  ];
  it("takes the client's zone, else the pick-up one, else the first", () => {
    expect(defaultZone(zones, 1)?.PK_Shipments).toBe(1);
    expect(defaultZone(zones, 99)?.PK_Shipments).toBe(8);
    expect(defaultZone([zones[0]!], null)?.PK_Shipments).toBe(1);
    expect(isPickupZone("Lo BUSCA")).toBe(true);
  });
});
