import { z } from "zod";
import { isoDate } from "./dates";
import { text } from "./text";
import { LARGEST_ID, recordId, wholeNumber } from "./catalog-common";

/** SPEC.md §8 messages of the preparation and dispatch boards. */
export const BOARD_MESSAGES = {
  preparedLoadFailed: "No se pudieron cargar los pedidos preparados.",
  openLoadFailed: "No se pudieron cargar los pedidos confirmados y pendientes.",
  preparedFailed: "No se pudo marcar el pedido como preparado.",
  pendingFailed: "No se pudo marcar el pedido como pendiente.",
  noItems: "Este pedido no tiene items para mostrar.",
  noOpenOrders: "No se encontraron pedidos confirmados ni pendientes para agrupar.",
  noPreparedOrders: "No hay pedidos armados para despachar.",
  staleAssignment: "Otro despachante movió este pedido. El tablero se actualizó.",
  notInColumn: "Los pedidos de la ruta ya no están en esa columna. El tablero se actualizó.",
  routeSize: "Una ruta lleva de 1 a 3 pedidos.",
  routeSent: "Ruta enviada: los pedidos pasaron a Enviado.",
  delivered: "Pedido marcado como entregado.",
  assignmentsReset: "Asignaciones reiniciadas.",
  chooseCourier: "Elegí un cadete.",
  noCourierLinked: (column: number) =>
    `${courierName(column)} no tiene un cadete vinculado: elegí quién lleva la ruta antes de enviarla.`,
  keepCourierLinked: (column: number) =>
    `${courierName(column)} tiene paradas pendientes: elegí otro cadete para que las lleve, no la dejes sin cadete.`,
  notPrepared: (id: number) => `El pedido #${id} ya no está armado para despachar. El tablero se actualizó.`,
} as const;

/** SPEC.md §9: checklist ticks expire 24 hours after they were last changed. */
export const CHECKLIST_TTL_MS = 24 * 60 * 60 * 1000;

/** SPEC.md §3 "Order list row (dispatch/preparation)". */
export const BoardOrderRow = z.object({
  PK_Orders: z.number(),
  FK_Clients__Name: text(),
  Delivery_Date: text(),
  Order_Time: text(),
  FK_TimesShipping__Name: text().nullable(),
  FK_TimesShipping__PK_TimesShipping: z.number().nullable(),
  FK_Shipments__Name: text().nullable(),
  FK_Shipments__PK_Shipments: z.number().nullable(),
  FK_Shipments__Price: text().nullable(),
  Address: text(),
  FK_Clients__FK_Cities__Name: text().nullable(),
  Latitude: text().nullable(),
  Longitude: text().nullable(),
  total_weight: text(),
  distinct_products: z.number(),
  Has_FV: z.boolean(),
  FK_OrderStatus__PK_OrderStatus: z.number(),
  FK_OrderStatus__Name: text(),
});
export type BoardOrderRow = z.infer<typeof BoardOrderRow>;

/** Boards show one delivery date (default today in Buenos Aires); none means every date. */
export const BoardQuery = z.object({ delivery_date: isoDate().optional() });

export const PickListLine = z.object({
  product_id: z.number(),
  product_name: text(),
  Type: z.enum(["KG", "UN"]),
  Amount: text(),
});

export const PreparationBatch = z.object({
  id: text(),
  zone: text().nullable(),
  zone_id: z.number().nullable(),
  delivery_date: text(),
  time_slot: text().nullable(),
  time_slot_id: z.number().nullable(),
  order_count: z.number(),
  total_weight: text(),
  route_distance_m: z.number(),
  maps_url: text().nullable(),
  whatsapp_url: text(),
  without_coordinates: z.array(z.number()),
  orders: z.array(BoardOrderRow),
  pick_list: z.array(PickListLine),
});
export type PreparationBatch = z.infer<typeof PreparationBatch>;
export type PickListLine = z.infer<typeof PickListLine>;

export const PreparationBoard = z.object({
  summary: z.object({ suggested_groups: z.number(), orders_covered: z.number() }),
  batches: z.array(PreparationBatch),
});
export type PreparationBoard = z.infer<typeof PreparationBoard>;

/** SPEC.md §9: a route has at most 3 stops; route links only for columns of 1 to 3 orders. */
export const MAX_ROUTE_ORDERS = 3;

/** 0 = Sin asignar, 1–3 = Cadete N (SPEC.md §9). */
export const COURIERS = [0, 1, 2, 3] as const;
export const courierName = (courier: number) => (courier === 0 ? "Sin asignar" : `Cadete ${courier}`);
const Courier = wholeNumber(0, 3, "Cadete inexistente.");

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
