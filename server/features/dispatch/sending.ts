import { BOARD_MESSAGES } from "@domain/contracts/boards";
import { columnsOf, sendRouteRefusal } from "@domain/dispatch";
import { STATUS } from "@domain/order-status";
import type { Point } from "@domain/routing";
import type { Database } from "../../db/types";
import { Conflict } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import {
  appendCourierChanged,
  appendStopEvents,
  assertCourierColumn,
  closeFromBoard,
  courierOfColumn,
  recordRoute,
  removePlacements,
} from "../courier-stops";
import type { OrdersService } from "../orders";
import { cardsOf, toPlacement, withBoardLock } from "./placements";
import { preparedPlacements } from "./repository";
import { planRoute } from "./route-planning";

/**
 * A column's route: planned, and sent (its orders Enviado, its stops on the courier's phone); an
 * order marked Entregado from the board.
 */
export function createRouteSending({ db, orders, depot }: { db: Database; orders: OrdersService; depot: Point }) {
  return {
    route: async (orderIds: number[]) => (await planRoute(db, depot, orderIds, null)).route,

    /** Every order of the route becomes Enviado in one transaction, in route order. */
    sendRoute: (courier: number, orderIds: number[], user: AuthenticatedUser) =>
      withBoardLock(db, async (tx) => {
        await assertCourierColumn(tx, courier, "courier");
        const stored = await preparedPlacements(tx);
        const column = columnsOf(stored.map(toPlacement)).get(courier) ?? [];
        if (orderIds.some((id) => !column.includes(id))) throw new Conflict(BOARD_MESSAGES.notInColumn);
        const courierUserId = await courierOfColumn(tx, courier);
        const refusal = sendRouteRefusal(courier, orderIds.length, courierUserId !== null);
        if (refusal) throw new Conflict(refusal);
        const { route, stops } = await planRoute(tx, depot, orderIds, courier);
        for (const stop of stops) await orders.changeStatus(tx, stop.id, STATUS.sent, user);
        await removePlacements(tx, orderIds);
        await recordRoute(tx, courier, courierUserId!, stops);
        await appendEvent(tx, {
          type: "dispatch.route_ready",
          actorId: user.id,
          data: {
            courier,
            order_ids: stops.map((s) => s.id),
            distance_m: route.distance_m,
            maps_url: route.maps_url,
            delivery_date: stops[0]!.deliveryDate,
            cards: await cardsOf(tx, orderIds, STATUS.sent),
          },
        });
        await appendCourierChanged(tx, [courierUserId], stops[0]!.deliveryDate, user.id);
        return { success: true as const, message: BOARD_MESSAGES.routeSent, ...route };
      }),

    async delivered(orderId: number, user: AuthenticatedUser) {
      await db.transaction(async (tx) => {
        const stop = await closeFromBoard(tx, orderId, user.id);
        await orders.changeStatus(tx, orderId, STATUS.delivered, user);
        if (stop) await appendStopEvents(tx, stop, user.id);
      });
      return { success: true as const, message: BOARD_MESSAGES.delivered };
    },
  };
}
