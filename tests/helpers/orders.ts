import type { Api } from "./http-api";

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export function orderDetails(overrides: Record<string, unknown> = {}) {
  return {
    zone: 1,
    address: "Mitre 500",
    city: { id: 2, text: "Quilmes" },
    delivery_method: "Entrega a domicilio",
    time: { id: 2, text: "Mañana" },
    date: tomorrow(),
    delivery_cost: 0,
    latitude: -34.72,
    longitude: -58.25,
    payment_method: { id: 1, name: "Efectivo" },
    notes: "",
    total_price: 1,
    ...overrides,
  };
}

type Line = { productId: number; units: number | string; type: "KG" | "UN" | "PROMO"; virtual_freezer?: boolean };

/** The submit payload of SPEC.md §3, with totals the server must not trust. */
export function orderPayload(clientId: number, items: Line[], overrides: Record<string, unknown> = {}) {
  return {
    orderData: orderDetails(),
    cart: {
      items: items.map((i) => ({ virtual_freezer: false, ...i })),
      meta: { total: 1, weight: 1, distinct: items.length },
    },
    client_name: "Cliente",
    client_id: clientId,
    order_id: null,
    old_cart: [],
    ...overrides,
  };
}

export async function placeOrder(
  api: Api,
  clientId: number,
  items: Line[],
  overrides: Record<string, unknown> = {},
  key?: string,
) {
  return api.post("/api/order/", orderPayload(clientId, items, overrides), key ? { "idempotency-key": key } : {});
}

export async function stockOf(api: Api, productId: number): Promise<string> {
  return (await api.get(`/api/products/${productId}/details/`)).json().Quantity;
}
