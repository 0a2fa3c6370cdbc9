import { describe, expect, it } from "vitest";
import { NotDeliveredRequest, DeliveredRequest } from "@domain/contracts/courier";
import {
  cashTotals,
  directionsUrl,
  isCashMethod,
  progressOf,
  routeOrder,
  telNumber,
  whatsappNumber,
} from "@domain/courier";

describe("courier rules (issue 16)", () => {
  it("orders stops route by route, each in its planned order", () => {
    const at = (s: number) => new Date(Date.UTC(2027, 0, 1, 10, 0, s));
    const stops = [
      { id: 5, sentAt: at(30), position: 0 },
      { id: 2, sentAt: at(0), position: 1 },
      { id: 1, sentAt: at(0), position: 0 },
    ];
    expect(routeOrder(stops).map((s) => s.id)).toEqual([1, 2, 5]);
  });

  it("counts progress as closed stops over all stops", () => {
    expect(progressOf(["entregado", "pendiente", "no_entregado"])).toEqual({ done: 2, total: 3 });
    expect(progressOf([])).toEqual({ done: 0, total: 0 });
  });

  it("sums cash exactly in centavos, delivered cash stops only", () => {
    const totals = cashTotals([
      { courierId: 1, state: "entregado", due: 400_010, received: 400_000 },
      { courierId: 1, state: "entregado", due: 10, received: 20 },
      { courierId: 1, state: "entregado", due: null, received: null },
      { courierId: 1, state: "no_entregado", due: 99_900, received: null },
      { courierId: 1, state: "pendiente", due: 5_000, received: null },
    ]);
    expect(totals).toEqual({ stops: 5, delivered: 3, notDelivered: 1, due: 400_020, received: 400_020, difference: 0 });
  });

  it("parses the amount received to the centavo and refuses a third decimal", () => {
    expect(DeliveredRequest.parse({ order_id: "3", amount_received: "4000,1" }).amount_received).toBe(400_010);
    expect(DeliveredRequest.parse({ order_id: 3, amount_received: 0.29 }).amount_received).toBe(29);
    expect(DeliveredRequest.parse({ order_id: 3, amount_received: "" }).amount_received).toBeUndefined();
    expect(DeliveredRequest.safeParse({ order_id: 3, amount_received: "1.005" }).success).toBe(false);
    expect(DeliveredRequest.safeParse({ order_id: 3, amount_received: "-1" }).success).toBe(false);
  });

  it("needs a text only for the reason Otro", () => {
    expect(NotDeliveredRequest.safeParse({ order_id: 1, reason: "Ausente" }).success).toBe(true);
    expect(NotDeliveredRequest.safeParse({ order_id: 1, reason: "Otro", text: "  " }).success).toBe(false);
    expect(NotDeliveredRequest.safeParse({ order_id: 1, reason: "Otro", text: "Perro suelto" }).success).toBe(true);
  });

  it("builds the phone actions from what staff type", () => {
    expect(whatsappNumber("011 4253-1234")).toBe("5491142531234");
    expect(whatsappNumber("+54 9 11 4253 1234")).toBe("5491142531234");
    expect(whatsappNumber("")).toBeNull();
    expect(telNumber("+54 11 4253-1234")).toBe("+541142531234");
    expect(isCashMethod("Efectivo")).toBe(true);
    expect(isCashMethod("Transferencia")).toBe(false);
    expect(directionsUrl({ latitude: -34.7, longitude: -58.25, address: "Mitre 500", city: "Quilmes" })).toContain(
      "destination=-34.700000%2C-58.250000",
    );
    expect(directionsUrl({ latitude: null, longitude: null, address: "Mitre 500", city: "Quilmes" })).toContain(
      "destination=Mitre+500%2C+Quilmes",
    );
  });
});
