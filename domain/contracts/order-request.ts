import { z } from "zod";
import { DELIVERY_METHODS } from "../delivery-method";
import { LARGEST_ID } from "./catalog-common";
import { isoDate } from "./dates";
import { text } from "./text";

/**
 * The order the wizard sends (SPEC.md §3's submit payload), as a strict union: a pick-up
 * names no place, a home delivery names its city, address and map point. The server takes the
 * same wire shape, read more loosely (`SubmitOrderRequest` in ./orders) so that what a person
 * left out is answered field by field in Spanish; it narrows what it read to `OrderDelivery`.
 */

const id = z.number().int().positive().max(LARGEST_ID);
const name = text().max(200);

/** SPEC.md §3 "order details kept locally": what the delivery step keeps between visits. */
export const DeliveryDetails = z.object({
  zone: id.nullable(),
  address: text().max(300),
  city: z.object({ id: id.nullable(), text: name }),
  delivery_method: text(),
  time: z.object({ id: id.nullable(), text: name, persist: z.boolean().optional() }),
  date: text(),
  delivery_cost: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  payment_method: z.object({ id: id.nullable(), name }),
});
export type DeliveryDetails = z.infer<typeof DeliveryDetails>;

/**
 * What the server stores of a delivery, a pick-up or a home delivery: the part of the request
 * it reads (it names things from its catalogue, and prices the cart itself).
 */
const placeCommon = {
  zone: id,
  time: z.object({ id }),
  date: isoDate(),
  payment_method: z.object({ id }),
  notes: text().max(2000),
};
const pickupPlace = {
  delivery_method: z.literal(DELIVERY_METHODS.pickup),
  ...placeCommon,
  address: text().max(300),
  /** Stored as PICKUP_CITY_ID whatever is sent. */
  city: z.object({ id: id.nullable() }),
  latitude: z.null(),
  longitude: z.null(),
};
const homePlace = {
  delivery_method: z.literal(DELIVERY_METHODS.home),
  ...placeCommon,
  address: text().trim().min(1).max(300),
  city: z.object({ id }),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
};
export const DeliveryPlace = z.discriminatedUnion("delivery_method", [z.object(pickupPlace), z.object(homePlace)]);
export type DeliveryPlace = z.infer<typeof DeliveryPlace>;

/** What the wizard adds: the labels it showed and its totals. */
const labels = (cityId: typeof id | z.ZodNullable<typeof id>) => ({
  time: z.strictObject({ id, text: name, persist: z.boolean().optional() }),
  payment_method: z.strictObject({ id, name }),
  city: z.strictObject({ id: cityId, text: name }),
  delivery_cost: z.number().nonnegative(),
  total_price: z.number().nonnegative(),
  /** Issue 44: an Admin takes the order past the client's credit limit on purpose. */
  allow_over_credit: z.literal(true).optional(),
});

/** orderData: the delivery, its payment and notes. */
const OrderDelivery = z.discriminatedUnion("delivery_method", [
  z.strictObject({ ...pickupPlace, ...labels(id.nullable()) }),
  z.strictObject({ ...homePlace, ...labels(id) }),
]);

export const OrderRequestItem = z.strictObject({
  productId: id,
  productName: name,
  /** As typed ("1,5" survives); the server reads it (SPEC.md §5). */
  units: text().max(40),
  type: z.enum(["KG", "UN", "PROMO"]),
  virtual_freezer: z.boolean(),
  vfLimit: z.number().nullable(),
});
export type OrderRequestItem = z.infer<typeof OrderRequestItem>;

export const OrderRequest = z.strictObject({
  orderData: OrderDelivery,
  cart: z.strictObject({
    items: z.array(OrderRequestItem).min(1).max(200),
    /** What the wizard showed (pesos, kilograms); the server prices the cart itself. */
    meta: z.strictObject({ total: z.number(), weight: z.number(), distinct: z.number().int() }),
  }),
  client_name: name,
  client_id: id,
  /** The order modified, or null for a new one. */
  order_id: id.nullable(),
  old_cart: z.array(OrderRequestItem).max(200),
});
export type OrderRequest = z.infer<typeof OrderRequest>;
