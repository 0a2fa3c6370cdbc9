import { describe, expect, it } from "vitest";
import { eventCapability } from "@domain/contracts/events";
import { can, GROUPS } from "@domain/permissions";

describe("permissions of DESIGN.md §4", () => {
  it("lets only Admin see cancelled orders, approve users, export and deploy", () => {
    for (const capability of ["orders.see_cancelled", "users.approve", "data.export", "software.deploy"] as const) {
      expect(["Admin", "Vendedor", "Preparador", "Despachante"].filter((g) => can(g, capability))).toEqual(["Admin"]);
    }
  });

  it("gives the boards to their groups and Admin", () => {
    expect(can("Preparador", "preparation.work")).toBe(true);
    expect(can("Despachante", "preparation.work")).toBe(false);
    expect(can("Despachante", "dispatch.work")).toBe(true);
    expect(can("Vendedor", "dispatch.work")).toBe(false);
  });

  it("lets sellers take orders and edit the catalog, and the others only read", () => {
    expect(can("Vendedor", "orders.take")).toBe(true);
    expect(can("Preparador", "orders.take")).toBe(false);
    expect(can("Preparador", "catalog.read")).toBe(true);
    expect(can("Despachante", "catalog.write")).toBe(false);
  });

  it("refuses unknown or missing groups", () => {
    expect(can(undefined, "session.use")).toBe(false);
    expect(can("Cliente", "session.use")).toBe(false);
  });

  it("sends order.cancelled to Admin only, other order events to every group that lists orders", () => {
    expect(eventCapability("order.cancelled")).toBe("orders.see_cancelled");
    expect(GROUPS.filter((g) => can(g, eventCapability("order.cancelled")))).toEqual(["Admin"]);
    expect(eventCapability("order.created")).toBe("orders.list");
  });
});
