import { coldChainRefusal } from "../../../domain/cold-chain";
import { todayInBuenosAires } from "../../../domain/calendar";
import {
  COURIER_MESSAGES,
  type CourierRoute,
  type DeliveredRequest,
  type NotDeliveredRequest,
  type PositionRequest,
} from "../../../domain/contracts/courier";
import {
  cashTotals,
  POSITION_INTERVAL_MS,
  progressOf,
  routeOrder,
  type UndoRefusal,
  undoRefusal,
} from "../../../domain/courier";
import { centavosToDecimal } from "../../../domain/money";
import { STATUS } from "../../../domain/order-status";
import { can } from "../../../domain/permissions";
import type { Database, Executor } from "../../db/types";
import { Conflict, Forbidden, Invalid } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import type { PlanTrip } from "../../../domain/contracts/day-plan";
import type { OrdersService } from "../orders";
import * as repo from "./repository";
import {
  appendCourierChanged,
  appendStopEvents,
  closeStop,
  lockBoard,
  lockOpenStop,
  removePlacements,
} from "../courier-stops";
import { readColdChain } from "../settings";

import { cashStop, toCourierStop } from "./stop-view";
import type { ProofPhotos } from "./proof-photos";

const UNDO_REFUSALS: Record<UndoRefusal, string> = {
  notYours: COURIER_MESSAGES.undoNotYours,
  window: COURIER_MESSAGES.undoWindow,
  otherDay: COURIER_MESSAGES.undoOtherDay,
};

/** What the Cadete's phone does: read the day's route, mark stops, undo a mark, send its position. */
export function createPhoneService({
  db,
  orders,
  proofs,
  plannedTrips,
}: {
  db: Database;
  orders: OrdersService;
  proofs: ProofPhotos;
  /** The trips of a column in the date's applied day plan (the day-plan feature's). */
  plannedTrips(deliveryDate: string, column: number): Promise<PlanTrip[]>;
}) {
  /** The order's open stop, which must be this courier's. */
  async function ownOpenStop(tx: Executor, orderId: number, user: AuthenticatedUser) {
    const stop = await lockOpenStop(tx, orderId);
    if (!stop) throw new Conflict(COURIER_MESSAGES.noOpenStop);
    if (stop.userId !== user.id) throw new Forbidden(COURIER_MESSAGES.notYourStop);
    return stop;
  }

  return {
    async route(user: AuthenticatedUser, deliveryDate = todayInBuenosAires()): Promise<CourierRoute> {
      const [found, coldChain, links] = await Promise.all([
        repo.courierStopRows(db, { userId: user.id, deliveryDate }),
        readColdChain(db),
        repo.links(db),
      ]);
      const column = links.find((l) => l.userId === user.id)?.column;
      const trips = column === undefined ? [] : await plannedTrips(deliveryDate, column);
      const rows = routeOrder(found);
      const stops = rows.map((row, index) => toCourierStop(row, index, user.id));
      const cash = cashTotals(rows.map((r) => cashStop(user.id, r)));
      return {
        delivery_date: deliveryDate,
        stops,
        progress: progressOf(stops.map((s) => s.state)),
        cold_chain: coldChain,
        trips,
        cash: {
          due: centavosToDecimal(cash.due),
          received: centavosToDecimal(cash.received),
          difference: centavosToDecimal(cash.difference),
        },
      };
    },

    async delivered(user: AuthenticatedUser, request: DeliveredRequest, photo: Buffer | null) {
      // Decoding a photo is the costly part: someone else's stop is refused before it (checked again under lock below).
      if (photo) await ownOpenStop(db, request.order_id, user);
      const file = photo ? await proofs.store(request.order_id, photo) : null;
      try {
        await db.transaction(async (tx) => {
          const stop = await ownOpenStop(tx, request.order_id, user);
          const temperature = request.temperature_c ?? null;
          const refusal = coldChainRefusal(await readColdChain(tx), temperature, request.temperature_note);
          if (refusal) throw new Invalid(refusal, { temperature_c: refusal });
          if (stop.amountDue === null && request.amount_received !== undefined)
            throw new Invalid(COURIER_MESSAGES.notCash, { amount_received: COURIER_MESSAGES.notCash });
          // A cash stop confirmed without an amount was collected in full.
          const received =
            stop.amountDue === null
              ? null
              : request.amount_received !== undefined
                ? centavosToDecimal(request.amount_received)
                : stop.amountDue;
          await closeStop(tx, stop.id, {
            state: "entregado",
            closedBy: user.id,
            amountReceived: received,
            photo: file,
            temperatureC: temperature === null ? null : temperature.toFixed(1),
            temperatureNote: request.temperature_note || null,
          });
          await orders.changeStatus(tx, stop.orderId, STATUS.delivered, user);
          await appendStopEvents(tx, { ...stop, state: "entregado", amountReceived: received }, user.id);
        });
      } catch (error) {
        if (file) await proofs.remove(file);
        throw error;
      }
      return { success: true as const, message: COURIER_MESSAGES.delivered };
    },

    async notDelivered(user: AuthenticatedUser, request: NotDeliveredRequest) {
      await db.transaction(async (tx) => {
        // The order rejoins the board: its drops serialise with the dispatchers'.
        await lockBoard(tx);
        const stop = await ownOpenStop(tx, request.order_id, user);
        const reasonText = request.reason === "Otro" ? request.text : request.text || null;
        await closeStop(tx, stop.id, {
          state: "no_entregado",
          closedBy: user.id,
          reason: request.reason,
          reasonText,
        });
        await orders.changeStatus(tx, stop.orderId, STATUS.prepared, user);
        await appendStopEvents(tx, { ...stop, state: "no_entregado", reason: request.reason }, user.id);
      });
      return { success: true as const, message: COURIER_MESSAGES.notDelivered };
    },

    /**
     * Undoes the last Entregado / No entregado of an order's latest stop: the courier who marked
     * it within 5 minutes, the office the same day (`undoRefusal`). The stop is pending again, the
     * order Enviado again (off the board's columns), and the order's history keeps the mark, the
     * undo (`dispatch.stop_undone`) and both status changes.
     */
    async undo(user: AuthenticatedUser, orderId: number, now = new Date()) {
      let photo: string | null = null;
      await db.transaction(async (tx) => {
        // An undone No entregado leaves the board's columns: it serialises with the dispatchers' drops.
        await lockBoard(tx);
        const stop = await repo.lockLastStop(tx, orderId);
        if (!stop || stop.state === "pendiente" || !stop.closedAt) throw new Conflict(COURIER_MESSAGES.nothingToUndo);
        const office = can(user.group, "dispatch.work");
        if (!office && stop.userId !== user.id) throw new Forbidden(COURIER_MESSAGES.notYourStop);
        const refusal = undoRefusal({ closedBy: stop.closedBy, closedAt: stop.closedAt }, { id: user.id, office }, now);
        if (refusal === "notYours") throw new Forbidden(UNDO_REFUSALS[refusal]);
        if (refusal) throw new Conflict(UNDO_REFUSALS[refusal]);
        const from = stop.state === "entregado" ? STATUS.delivered : STATUS.prepared;
        await orders.revertToSent(tx, orderId, from, user, COURIER_MESSAGES.undoMovedOn);
        if (from === STATUS.prepared) await removePlacements(tx, [orderId]);
        await repo.reopenStop(tx, stop.id);
        photo = stop.photo;
        await appendEvent(tx, {
          type: "dispatch.stop_undone",
          actorId: user.id,
          orderId,
          data: {
            stop_id: stop.id,
            order_id: orderId,
            column: stop.column,
            state: "pendiente",
            undone: stop.state,
            delivery_date: stop.deliveryDate,
          },
        });
        await appendCourierChanged(tx, [stop.userId], stop.deliveryDate, user.id);
      });
      // The proof photo belonged to the mark: it goes with it, once the undo is committed.
      if (photo) await proofs.remove(photo);
      return { success: true as const, message: COURIER_MESSAGES.undone };
    },

    /** Only while a route is open; a fix sooner than 30 s after the last is acknowledged, not kept. */
    async position(user: AuthenticatedUser, request: PositionRequest, now = new Date()) {
      if (!(await repo.hasOpenStops(db, user.id))) throw new Conflict(COURIER_MESSAGES.noRoute);
      const last = await repo.lastPosition(db, user.id);
      // 5 s of slack: the phone's timer and the network jitter.
      if (last && now.getTime() - last.at.getTime() < POSITION_INTERVAL_MS - 5_000)
        return { success: true as const, stored: false };
      const position = {
        userId: user.id,
        latitude: request.latitude.toFixed(6),
        longitude: request.longitude.toFixed(6),
        accuracy: request.accuracy,
        at: now,
      };
      await db.transaction(async (tx) => {
        await repo.writePosition(tx, position);
        const column = (await repo.links(tx)).find((l) => l.userId === user.id)?.column ?? null;
        await appendEvent(tx, {
          type: "dispatch.courier_position",
          actorId: user.id,
          data: {
            user_id: user.id,
            column,
            latitude: request.latitude,
            longitude: request.longitude,
            accuracy: request.accuracy,
            at: now.toISOString(),
          },
        });
      });
      return { success: true as const, stored: true };
    },
  };
}
