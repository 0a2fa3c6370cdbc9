import { z } from "zod";
import { wholeNumber } from "./catalog-common";
import { isoDate } from "./dates";
import { text } from "./text";

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

/** 0 = Sin asignar, 1–3 = Cadete N (SPEC.md §9): the SPEC's couriers, always on the board; the fleet may add columns up to MAX_COURIER_COLUMN (issue 43). */
export const DEFAULT_COURIER_COLUMNS = [1, 2, 3] as const;
export const MAX_COURIER_COLUMN = 12;
export const UNKNOWN_COURIER = "Cadete inexistente.";
export const courierName = (courier: number) => (courier === 0 ? "Sin asignar" : `Cadete ${courier}`);
/** A courier column as a request names it; whether the fleet has it is the server's check. */
export const courierColumn = (min: 0 | 1) => wholeNumber(min, MAX_COURIER_COLUMN, UNKNOWN_COURIER);
