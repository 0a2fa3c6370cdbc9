import { BOARD_MESSAGES, courierName } from "../../../domain/contracts/boards";
import type { AssignRequest, DispatchBoard, DispatchRoute } from "../../../domain/contracts/dispatch";
import {
  changedPlacements,
  columnsOf,
  moveCard,
  sendRouteRefusal,
  type Columns,
  type Placement,
} from "../../../domain/dispatch";
import { STATUS } from "../../../domain/order-status";
import {
  googleMapsRouteUrl,
  inSlotOrder,
  pathMeters,
  shortestRoute,
  slotRank,
  whatsappShareUrl,
  type Point,
} from "../../../domain/routing";
import type { Database, Executor } from "../../db/types";
import { Conflict } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import {
  appendCourierChanged,
  assertCourierColumn,
  appendStopEvents,
  closeFromBoard,
  courierOfColumn,
  lockBoard,
  recordRoute,
  removePlacements,
} from "../courier-stops";
import { boardRows, type BoardRow } from "../order-read-model";
import type { OrdersService } from "../orders";
import { preparedPlacements, writePlacements } from "./repository";

/** Orders not placed yet sit last in Sin asignar, by order id. */
const UNPLACED = Number.MAX_SAFE_INTEGER;

type Stored = Awaited<ReturnType<typeof preparedPlacements>>[number];
const toPlacement = (s: Stored): Placement => ({
  orderId: s.orderId,
  courier: s.courier ?? 0,
  position: s.position ?? UNPLACED,
});
const columnsJson = (columns: Columns) => Object.fromEntries([...columns].map(([c, ids]) => [String(c), ids]));

function routeText(courier: number | null, stops: BoardRow[], mapsUrl: string | null) {
  const title = courier ? `Ruta ${courierName(courier)}` : "Ruta";
  const lines = stops.map((o, i) => `${i + 1}. #${o.id} ${o.clientName} — ${o.address}`);
  return [title, ...lines, ...(mapsUrl ? [`Mapa: ${mapsUrl}`] : [])].join("\n");
}

export function createDispatchService({ db, orders, depot }: { db: Database; orders: OrdersService; depot: Point }) {
  /** The shortest open path from the depot through the orders with coordinates; the rest go last. */
  async function planRoute(tx: Executor, orderIds: number[], courier: number | null) {
    const rows = await boardRows(tx, { statusIds: [STATUS.prepared], ids: orderIds });
    if (rows.length !== new Set(orderIds).size) throw new Conflict(BOARD_MESSAGES.notInColumn);
    const unlocated = rows.filter((r) => r.latitude === null || r.longitude === null);
    const located = rows
      .filter((r) => !unlocated.includes(r))
      .map((row) => ({ row, lat: Number(row.latitude), lng: Number(row.longitude) }));
    const rank = (row: BoardRow) => slotRank(row.timeSlotId);
    const ordered = shortestRoute(depot, located, (s) => rank(s.row));
    const stops = inSlotOrder(
      ordered.map((s) => s.row),
      unlocated,
      rank,
    );
    const mapsUrl = ordered.length ? googleMapsRouteUrl(depot, ordered) : null;
    const route: DispatchRoute = {
      depot,
      stops: ordered.map((s) => ({
        order_id: s.row.id,
        client_name: s.row.clientName,
        address: s.row.address,
        lat: s.lat,
        lng: s.lng,
      })),
      without_coordinates: stops.filter((r) => unlocated.includes(r)).map((r) => r.id),
      distance_m: Math.round(pathMeters(depot, ordered)),
      maps_url: mapsUrl,
      whatsapp_url: whatsappShareUrl(routeText(courier, stops, mapsUrl)),
    };
    return { route, stops };
  }

  const committed = <T>(work: (tx: Executor) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await lockBoard(tx);
      return work(tx);
    });

  /** The cards as they are now in this transaction: what dispatch events carry to the boards. */
  const cardsOf = async (tx: Executor, orderIds: number[], statusId: number) =>
    (await boardRows(tx, { statusIds: [statusId], ids: orderIds })).map((row) => row.card);

  return {
    async board(deliveryDate?: string): Promise<DispatchBoard> {
      const [rows, stored] = await Promise.all([
        boardRows(db, { statusIds: [STATUS.prepared, STATUS.sent], deliveryDate }),
        preparedPlacements(db),
      ]);
      const prepared = rows.filter((r) => r.statusId === STATUS.prepared);
      const sent = rows.filter((r) => r.statusId === STATUS.sent);
      const versions = new Map(stored.map((s) => [s.orderId, s.version ?? 0]));
      const where = new Map<number, { courier: number; position: number }>();
      for (const [courier, ids] of columnsOf(stored.map(toPlacement)))
        ids.forEach((id, position) => {
          where.set(id, { courier, position });
        });
      return {
        cards: prepared.map((row) => ({
          ...row.card,
          ...(where.get(row.id) ?? { courier: 0, position: UNPLACED }),
          version: versions.get(row.id) ?? 0,
        })),
        sent: sent.map((row) => row.card),
      };
    },

    assign: (request: AssignRequest, user: AuthenticatedUser) =>
      committed(async (tx) => {
        await assertCourierColumn(tx, request.courier, "courier", true);
        const stored = await preparedPlacements(tx);
        const card = stored.find((s) => s.orderId === request.order_id);
        if (!card) throw new Conflict(BOARD_MESSAGES.notPrepared(request.order_id));
        if ((card.version ?? 0) !== request.version) throw new Conflict(BOARD_MESSAGES.staleAssignment);
        const placements = stored.map(toPlacement);
        const after = moveCard(columnsOf(placements), request.order_id, request.courier, request.before_order_id);
        const changed = changedPlacements(placements, after);
        // The dragged card is always written: its version records the drop even in place.
        if (!changed.some((p) => p.orderId === request.order_id))
          changed.push({
            orderId: request.order_id,
            courier: request.courier,
            position: after.get(request.courier)!.indexOf(request.order_id),
          });
        await writePlacements(tx, changed, request.order_id);
        const version = (card.version ?? 0) + 1;
        const columns = columnsJson(after);
        const [moved] = await cardsOf(tx, [request.order_id], STATUS.prepared);
        const placed = {
          courier: request.courier,
          position: after.get(request.courier)!.indexOf(request.order_id),
          version,
        };
        await appendEvent(tx, {
          type: "dispatch.assignment_changed",
          actorId: user.id,
          orderId: request.order_id,
          data: {
            order_id: request.order_id,
            courier: request.courier,
            version,
            delivery_date: card.deliveryDate,
            columns,
            card: { ...moved!, ...placed },
          },
        });
        return { success: true as const, version, columns };
      }),

    reset: (user: AuthenticatedUser) =>
      committed(async (tx) => {
        const stored = await preparedPlacements(tx);
        const placements = stored
          .map((s) => s.orderId)
          .sort((a, b) => a - b)
          .map((orderId, position) => ({ orderId, courier: 0, position }));
        await writePlacements(tx, placements, null);
        const columns = columnsJson(columnsOf(placements));
        await appendEvent(tx, {
          type: "dispatch.assignment_changed",
          actorId: user.id,
          data: { reset: true, columns },
        });
        return { success: true as const, message: BOARD_MESSAGES.assignmentsReset, columns };
      }),

    route: async (orderIds: number[]) => (await planRoute(db, orderIds, null)).route,

    /** Every order of the route becomes Enviado in one transaction, in route order. */
    sendRoute: (courier: number, orderIds: number[], user: AuthenticatedUser) =>
      committed(async (tx) => {
        await assertCourierColumn(tx, courier, "courier");
        const stored = await preparedPlacements(tx);
        const column = columnsOf(stored.map(toPlacement)).get(courier) ?? [];
        if (orderIds.some((id) => !column.includes(id))) throw new Conflict(BOARD_MESSAGES.notInColumn);
        const courierUserId = await courierOfColumn(tx, courier);
        const refusal = sendRouteRefusal(courier, orderIds.length, courierUserId !== null);
        if (refusal) throw new Conflict(refusal);
        const { route, stops } = await planRoute(tx, orderIds, courier);
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

export type DispatchService = ReturnType<typeof createDispatchService>;
