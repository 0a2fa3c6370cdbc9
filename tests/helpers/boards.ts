import { addDays, todayInBuenosAires } from "@domain/calendar";
import type { ApiClient } from "./app";
import { createClient, createProduct } from "./catalog";
import { orderDetails, placeOrder } from "./orders";

let day = 0;
/**
 * A delivery date no other test of the file uses, so boards filtered by it see only this test's
 * orders: from a week ahead on, inside the year a new order may be set in.
 */
export const freshDate = () => addDays(todayInBuenosAires(), 7 + (++day % 340));

export interface BoardOrderOptions {
  date: string;
  zone?: number;
  time?: number;
  latitude?: number | null;
  longitude?: number | null;
  /** The client ordering; a new one otherwise. */
  clientId?: number;
  notes?: string;
}

/** Confirms an order of one KG and one UN line, for a new client unless one is given; returns its id. */
export async function confirmOrder(
  seller: ApiClient,
  options: BoardOrderOptions,
  products?: { kg: number; un: number },
) {
  const clientId = options.clientId ?? (await createClient(seller)).id;
  const kg = products?.kg ?? (await createProduct(seller, { quantity: 500 })).PK_Products;
  const un = products?.un ?? (await createProduct(seller, { quantity: 500, isWeighted: false })).PK_Products;
  const response = await placeOrder(
    seller,
    clientId,
    [
      { productId: kg, units: "1.5", type: "KG" },
      { productId: un, units: 2, type: "UN" },
    ],
    {
      orderData: orderDetails({
        date: options.date,
        zone: options.zone ?? 1,
        time: { id: options.time ?? 2, text: "" },
        latitude: options.latitude === undefined ? -34.72 : options.latitude,
        longitude: options.longitude === undefined ? -58.25 : options.longitude,
        notes: options.notes ?? "",
      }),
    },
  );
  if (response.statusCode !== 200) throw new Error(`confirmOrder: ${response.statusCode} ${response.body}`);
  return response.json().order_id as number;
}

/** Drops prepared orders into a courier column of `date`'s dispatch board and sends the route; throws on a refusal. */
export async function sendRouteOf(dispatcher: ApiClient, date: string, column: number, orderIds: number[]) {
  for (const id of orderIds) {
    const cards = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json().cards as {
      PK_Orders: number;
      version: number;
    }[];
    const version = cards.find((c) => c.PK_Orders === id)?.version;
    const assigned = await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: column, version });
    if (assigned.statusCode !== 200) throw new Error(`assign ${id}: ${assigned.statusCode} ${assigned.body}`);
  }
  const sent = await dispatcher.post("/api/dispatch/send-route/", { courier: column, order_ids: orderIds });
  if (sent.statusCode !== 200) throw new Error(`send-route: ${sent.statusCode} ${sent.body}`);
}
