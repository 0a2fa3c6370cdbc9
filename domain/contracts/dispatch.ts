import { z } from "zod";
import { BOARD_MESSAGES, BoardOrderRow, courierColumn } from "./boards";
import { LARGEST_ID, recordId } from "./catalog-common";
import { text } from "./text";

/** SPEC.md §9: a route has at most 3 stops; route links only for columns of 1 to 3 orders. */
export const MAX_ROUTE_ORDERS = 3;

const Courier = courierColumn(0);

export const DispatchCard = BoardOrderRow.extend({ courier: z.number(), position: z.number(), version: z.number() });
export type DispatchCard = z.infer<typeof DispatchCard>;

export const DispatchBoard = z.object({
  /** Armado orders, each in its column and position. */
  cards: z.array(DispatchCard),
  /** Enviado orders, waiting to be marked Entregado. */
  sent: z.array(BoardOrderRow),
});
export type DispatchBoard = z.infer<typeof DispatchBoard>;

export const AssignRequest = z.object({
  order_id: recordId(),
  courier: Courier,
  /** Drop in front of this order; null puts it last in the column. */
  before_order_id: recordId().nullable().optional().default(null),
  /** The card's version the dispatcher saw: a stale one is refused with 409. */
  version: z.number().int().nonnegative(),
});
export type AssignRequest = z.infer<typeof AssignRequest>;

const routeOrderIds = z
  .array(z.number().int().positive().max(LARGEST_ID, "Identificador inválido."))
  .min(1, BOARD_MESSAGES.routeSize)
  .max(MAX_ROUTE_ORDERS, BOARD_MESSAGES.routeSize);
const RouteOrders = z.object({ order_ids: routeOrderIds });
export const RouteQuery = z.object({
  order_ids: text()
    .transform((text) => text.split(",").filter(Boolean).map(Number))
    .pipe(routeOrderIds),
});
export const SendRouteRequest = RouteOrders.extend({
  courier: Courier.refine((c) => c > 0, BOARD_MESSAGES.chooseCourier),
});

const RouteStop = z.object({
  order_id: z.number(),
  client_name: text(),
  address: text(),
  lat: z.number(),
  lng: z.number(),
});
export const DispatchRoute = z.object({
  depot: z.object({ lat: z.number(), lng: z.number() }),
  stops: z.array(RouteStop),
  without_coordinates: z.array(z.number()),
  distance_m: z.number(),
  maps_url: text().nullable(),
  whatsapp_url: text(),
});
export type DispatchRoute = z.infer<typeof DispatchRoute>;
