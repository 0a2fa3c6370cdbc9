import type { PreparedRequest, OrderListQuery, SubmitOrderRequest } from "@domain/contracts/orders";
import type { Database } from "../../db/types";
import type { AuthenticatedUser } from "../auth";
import { createOrder } from "./create-order";
import { modifyOrder } from "./modify-order";
import { backToPending, prepareOrder } from "./preparing";
import { checklistItems, lastOrder, listOrders, orderDetail, payMethods, timeSlots } from "./reads";
import { changeStatus, revertToSent } from "./status-changes";

/**
 * The orders feature's service, one object for its routes and for the features that move an
 * order's status inside their own transaction (dispatch, courier): submitting (create, modify),
 * status changes, preparing with real weights and lots, and the reads.
 */
export function createOrdersService({ db }: { db: Database }) {
  return {
    submit: (request: SubmitOrderRequest, user: AuthenticatedUser, key: string | null) =>
      request.order_id ? modifyOrder(db, request.order_id, request, user) : createOrder(db, request, user, key),
    async transition(orderId: number, to: number, user: AuthenticatedUser) {
      await db.transaction((tx) => changeStatus(tx, orderId, to, user));
    },
    prepare: (request: PreparedRequest, user: AuthenticatedUser) => prepareOrder(db, request, user),
    toPending: (orderId: number, user: AuthenticatedUser) => backToPending(db, orderId, user),
    changeStatus,
    revertToSent,
    list: (query: OrderListQuery, user: AuthenticatedUser) => listOrders(db, query, user),
    detail: (id: number, user: AuthenticatedUser) => orderDetail(db, id, user),
    items: (id: number, user: AuthenticatedUser) => checklistItems(db, id, user),
    lastOrder: (clientId: number) => lastOrder(db, clientId),
    timeSlots: () => timeSlots(db),
    payMethods: () => payMethods(db),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
