import { describe, expect, it } from "vitest";
import type { CartLine } from "@domain/cart";
import { type DeliveryDetails, DeliveryPlace, OrderRequest } from "@domain/contracts/order-request";
import { DELIVERY_METHODS } from "@domain/delivery-method";
import { ORDER_MESSAGES } from "@domain/contracts/orders";
import { PICKUP_ADDRESS, PICKUP_CITY_ID, PICKUP_ZONE_ID } from "@domain/delivery-rules";
import { buildOrderRequest, type WizardOrder } from "@domain/build-order-request";

const line: CartLine = {
  productId: 7,
  productName: "Milanesa",
  units: "1,5",
  type: "KG",
  virtual_freezer: false,
  vfLimit: null,
  quotedPrice: "1000.00",
};
const home: DeliveryDetails = {
  zone: 2,
  address: "Mitre 500",
  city: { id: 2, text: "Quilmes" },
  delivery_method: DELIVERY_METHODS.home,
  time: { id: 2, text: "Mañana" },
  date: "2030-05-04",
  delivery_cost: 1500,
  latitude: -34.72,
  longitude: -58.25,
  payment_method: { id: null, name: "" },
};
const pickup: DeliveryDetails = {
  ...home,
  zone: PICKUP_ZONE_ID,
  address: PICKUP_ADDRESS,
  city: { id: PICKUP_CITY_ID, text: "" },
  delivery_method: DELIVERY_METHODS.pickup,
  delivery_cost: 0,
  latitude: null,
  longitude: null,
};
const order = (over: Partial<WizardOrder> = {}): WizardOrder => ({
  clientId: 9,
  clientName: "Ana Pérez",
  items: [line],
  notes: "Tocar timbre",
  details: home,
  orderId: null,
  oldCart: [],
  ...over,
});
const confirmation = { payment: { id: 1, name: "Efectivo" }, totals: { total: 150000, weight: 1500, distinct: 1 } };

describe("buildOrderRequest", () => {
  it("builds SPEC.md §3's payload for a home delivery, totals in pesos and kilograms", () => {
    const built = buildOrderRequest(order(), confirmation);
    expect(built).toEqual({
      ok: true,
      request: {
        orderData: {
          ...home,
          payment_method: { id: 1, name: "Efectivo" },
          notes: "Tocar timbre",
          total_price: 3000,
        },
        cart: {
          items: [
            { productId: 7, productName: "Milanesa", units: "1,5", type: "KG", virtual_freezer: false, vfLimit: null },
          ],
          meta: { total: 1500, weight: 1.5, distinct: 1 },
        },
        client_name: "Ana Pérez",
        client_id: 9,
        order_id: null,
        old_cart: [],
      },
    });
  });

  it("builds a pick-up without a map point, and a modification with its old cart", () => {
    const built = buildOrderRequest(order({ details: pickup, orderId: 44, oldCart: [line] }), confirmation);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.request.orderData).toMatchObject({ delivery_method: DELIVERY_METHODS.pickup, latitude: null });
    expect(built.request.order_id).toBe(44);
    expect(built.request.old_cart).toHaveLength(1);
    expect(OrderRequest.parse(built.request)).toEqual(built.request);
    // What the server reads of it is the same union without the labels.
    expect(DeliveryPlace.parse(built.request.orderData)).toMatchObject({ zone: PICKUP_ZONE_ID, latitude: null });
  });

  it("refuses what the delivery step should have asked for, with the server's sentences", () => {
    expect(buildOrderRequest(order({ details: null }), confirmation)).toEqual({
      ok: false,
      message: ORDER_MESSAGES.missingDelivery,
    });
    expect(buildOrderRequest(order({ items: [] }), confirmation)).toEqual({
      ok: false,
      message: ORDER_MESSAGES.emptyCart,
    });
    for (const details of [
      { ...home, latitude: null },
      { ...home, address: "  " },
      { ...home, city: { id: null, text: "" } },
      { ...home, time: { id: null, text: "" } },
      { ...home, date: "" },
      { ...home, zone: null },
      { ...home, delivery_method: "Por correo" },
    ])
      expect(buildOrderRequest(order({ details }), confirmation)).toEqual({
        ok: false,
        message: ORDER_MESSAGES.missingFields,
      });
  });
});

describe("OrderRequest", () => {
  const built = buildOrderRequest(order(), confirmation);
  const request = built.ok ? built.request : null;

  it("is strict: a pick-up with a map point, a home delivery without one, or a stray field is refused", () => {
    expect(OrderRequest.safeParse(request).success).toBe(true);
    const data = request!.orderData;
    const variants = [
      { ...data, delivery_method: DELIVERY_METHODS.pickup },
      { ...data, latitude: null },
      { ...data, zone: "2" },
      { ...data, extra: 1 },
    ];
    for (const orderData of variants) expect(OrderRequest.safeParse({ ...request, orderData }).success).toBe(false);
    expect(OrderRequest.safeParse({ ...request, client_id: "9" }).success).toBe(false);
  });
});
