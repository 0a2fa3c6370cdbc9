import { coldChainRefusal } from "../../../domain/cold-chain";
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { todayInBuenosAires } from "../../../domain/calendar";
import { BOARD_MESSAGES } from "../../../domain/contracts/boards";
import {
  COURIER_MESSAGES,
  type CashRow,
  type CourierColumns,
  type CourierRoute,
  type CourierStop,
  type DeliveredRequest,
  type NotDeliveredRequest,
  type PositionRequest,
  type RouteSheet,
} from "../../../domain/contracts/courier";
import {
  cashDifference,
  cashTotals,
  directionsUrl,
  POSITION_INTERVAL_MS,
  progressOf,
  routeOrder,
  telNumber,
  whatsappNumber,
  type StopState,
  type UndoRefusal,
  undoRefusal,
} from "../../../domain/courier";
import { centavosToDecimal, toCentavos } from "../../../domain/money";
import { STATUS } from "../../../domain/order-status";
import { can } from "../../../domain/permissions";
import type { Database, Executor } from "../../db/types";
import { Conflict, Forbidden, Invalid, NotFound } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import type { OrdersService } from "../orders";
import { reencodeImage } from "../users";
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

/** Proof photos keep enough detail to read a house number, and no more. */
const PROOF_MAX_PX = 1280;
const dec = (value: string | null) => (value === null ? null : centavosToDecimal(toCentavos(value)));
const differenceOf = (due: string | null, received: string | null) =>
  due === null || received === null ? null : centavosToDecimal(cashDifference(toCentavos(due), toCentavos(received)));
const num = (value: string | null) => (value === null ? null : Number(value));

const UNDO_REFUSALS: Record<UndoRefusal, string> = {
  notYours: COURIER_MESSAGES.undoNotYours,
  window: COURIER_MESSAGES.undoWindow,
  otherDay: COURIER_MESSAGES.undoOtherDay,
};

function toCourierStop(row: repo.CourierStopRow, index: number, userId: number): CourierStop {
  const latitude = num(row.latitude);
  const longitude = num(row.longitude);
  return {
    stop_id: row.id,
    order_id: row.orderId,
    position: index + 1,
    state: row.state as StopState,
    client_name: row.clientName,
    address: row.address,
    city: row.city,
    latitude,
    longitude,
    time_slot: row.timeSlot,
    pay_method: row.payMethod,
    is_cash: row.amountDue !== null,
    Final_Price: dec(row.finalPrice)!,
    item_count: row.itemCount,
    total_weight: row.totalWeight,
    notes: row.notes,
    phone: telNumber(row.phone),
    whatsapp: whatsappNumber(row.phone),
    directions_url: directionsUrl({ latitude, longitude, address: row.address, city: row.city }),
    amount_received: dec(row.amountReceived),
    difference: differenceOf(row.amountDue, row.amountReceived),
    reason: row.reason,
    reason_text: row.reasonText,
    has_photo: !!row.photo,
    temperature_c: row.temperatureC === null ? null : Number(row.temperatureC),
    temperature_note: row.temperatureNote,
    closed_at: row.closedAt?.toISOString() ?? null,
    closed_by_me: row.closedBy === userId,
  };
}

export function createCourierService({
  db,
  orders,
  uploadsDir,
}: {
  db: Database;
  orders: OrdersService;
  uploadsDir: string;
}) {
  const proofDir = join(uploadsDir, "proof");

  /** The order's open stop, which must be this courier's. */
  async function ownOpenStop(tx: Executor, orderId: number, user: AuthenticatedUser) {
    const stop = await lockOpenStop(tx, orderId);
    if (!stop) throw new Conflict(COURIER_MESSAGES.noOpenStop);
    if (stop.userId !== user.id) throw new Forbidden(COURIER_MESSAGES.notYourStop);
    return stop;
  }

  async function storeProof(orderId: number, upload: Buffer) {
    const image = await reencodeImage(upload, "photo", (i) =>
      i.resize(PROOF_MAX_PX, PROOF_MAX_PX, { fit: "inside", withoutEnlargement: true }),
    );
    await mkdir(proofDir, { recursive: true });
    const file = `${orderId}-${randomBytes(12).toString("hex")}.webp`;
    await writeFile(join(proofDir, file), image);
    return file;
  }

  return {
    async route(user: AuthenticatedUser, deliveryDate = todayInBuenosAires()): Promise<CourierRoute> {
      const [found, coldChain] = await Promise.all([
        repo.courierStopRows(db, { userId: user.id, deliveryDate }),
        readColdChain(db),
      ]);
      const rows = routeOrder(found);
      const stops = rows.map((row, index) => toCourierStop(row, index, user.id));
      const cash = cashTotals(
        rows.map((r) => ({
          courierId: user.id,
          state: r.state as StopState,
          due: r.amountDue === null ? null : toCentavos(r.amountDue),
          received: r.amountReceived === null ? null : toCentavos(r.amountReceived),
        })),
      );
      return {
        delivery_date: deliveryDate,
        stops,
        progress: progressOf(stops.map((s) => s.state)),
        cold_chain: coldChain,
        cash: {
          due: centavosToDecimal(cash.due),
          received: centavosToDecimal(cash.received),
          difference: centavosToDecimal(cash.difference),
        },
      };
    },

    /** The route sheet the office prints for a column: its pending stops of the day in driving order. */
    async routeSheet(column: number, deliveryDate = todayInBuenosAires(), viewerId = 0): Promise<RouteSheet> {
      const [found, coldChain] = await Promise.all([
        repo.courierStopRows(db, { column, state: "pendiente", deliveryDate }),
        readColdChain(db),
      ]);
      const rows = routeOrder(found);
      const courier = (await repo.links(db)).find((l) => l.column === column && l.userId !== null);
      const due = rows.reduce((sum, r) => sum + (r.amountDue === null ? 0 : toCentavos(r.amountDue)), 0);
      return {
        column,
        courier: courier?.display_name ?? null,
        delivery_date: deliveryDate,
        stops: rows.map((row, index) => toCourierStop(row, index, viewerId)),
        to_collect: centavosToDecimal(due),
        cold_chain: coldChain,
      };
    },

    async delivered(user: AuthenticatedUser, request: DeliveredRequest, photo: Buffer | null) {
      // Decoding a photo is the costly part: someone else's stop is refused before it (checked again under lock below).
      if (photo) await ownOpenStop(db, request.order_id, user);
      const file = photo ? await storeProof(request.order_id, photo) : null;
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
        if (file) await rm(join(proofDir, file), { force: true });
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
      if (photo) await rm(join(proofDir, photo), { force: true });
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

    /** The proof photo's file: the office reads any, a courier only their own stops'. */
    async photo(user: AuthenticatedUser, stopId: number) {
      const stop = await repo.stopById(db, stopId);
      if (!stop?.photo) throw new NotFound(COURIER_MESSAGES.photo);
      if (!can(user.group, "dispatch.work") && stop.userId !== user.id)
        throw new Forbidden(COURIER_MESSAGES.notYourStop);
      return join(proofDir, stop.photo);
    },

    async columns(deliveryDate?: string): Promise<CourierColumns> {
      const [links, stops, cadetes] = await Promise.all([
        repo.links(db),
        repo.boardStopRows(db, deliveryDate),
        repo.activeCadetes(db),
      ]);
      const positions = new Map(
        (
          await repo.positionsOf(
            db,
            links.flatMap((l) => (l.userId ? [l.userId] : [])),
          )
        ).map((p) => [p.userId, p]),
      );
      const couriers = [1, 2, 3].map((column) => {
        const link = links.find((l) => l.column === column && l.userId !== null);
        const own = routeOrder(stops.filter((s) => s.column === column));
        const position = link ? positions.get(link.userId!) : undefined;
        return {
          column,
          user: link ? { id: link.userId!, display_name: link.display_name } : null,
          stops: own.map((s) => ({
            stop_id: s.id,
            order_id: s.orderId,
            client_name: s.clientName,
            state: s.state as StopState,
            amount_due: dec(s.amountDue),
            amount_received: dec(s.amountReceived),
            difference: differenceOf(s.amountDue, s.amountReceived),
            reason: s.reason,
            has_photo: !!s.photo,
            closed_at: s.closedAt?.toISOString() ?? null,
          })),
          progress: progressOf(own.map((s) => s.state as StopState)),
          position: position
            ? {
                latitude: Number(position.latitude),
                longitude: Number(position.longitude),
                accuracy: position.accuracy,
                at: position.at.toISOString(),
              }
            : null,
        };
      });
      return { couriers, cadetes };
    },

    async link(actor: AuthenticatedUser, column: number, userId: number | null) {
      if (userId !== null && !(await repo.activeCadetes(db)).some((c) => c.id === userId))
        throw new Invalid(COURIER_MESSAGES.notCadete, { user_id: COURIER_MESSAGES.notCadete });
      await db.transaction(async (tx) => {
        await lockBoard(tx);
        // Without a courier the column's pending stops would reach no phone: another one takes them instead.
        if (userId === null && (await repo.columnHasOpenStops(tx, column)))
          throw new Conflict(BOARD_MESSAGES.keepCourierLinked(column));
        await repo.writeLink(tx, column, userId);
        // The column's open stops follow it: a courier linked after the route was sent still gets it.
        const moved = await repo.moveOpenStops(tx, column, userId);
        await appendEvent(tx, {
          type: "dispatch.courier_linked",
          actorId: actor.id,
          data: { column, user_id: userId },
        });
        await appendCourierChanged(tx, [userId, ...moved.map((m) => m.userId)], null, actor.id);
      });
      return { success: true as const, message: COURIER_MESSAGES.linked };
    },

    /** Cash per courier and day within the range: due, received, difference (delivered cash stops). */
    async cash(from: string, to: string): Promise<{ rows: CashRow[] }> {
      const stops = await repo.cashStopRows(db, { from, to });
      const groups = new Map<string, typeof stops>();
      for (const stop of stops) {
        const key = `${stop.deliveryDate}|${stop.userId ?? ""}`;
        const group = groups.get(key);
        if (group) group.push(stop);
        else groups.set(key, [stop]);
      }
      const rows = [...groups.values()].map((group) => {
        const first = group[0]!;
        const totals = cashTotals(
          group.map((s) => ({
            courierId: s.userId,
            state: s.state as StopState,
            due: s.amountDue === null ? null : toCentavos(s.amountDue),
            received: s.amountReceived === null ? null : toCentavos(s.amountReceived),
          })),
        );
        return {
          user_id: first.userId,
          courier: first.courier ?? "Sin cadete vinculado",
          delivery_date: first.deliveryDate,
          stops: totals.stops,
          delivered: totals.delivered,
          not_delivered: totals.notDelivered,
          due: centavosToDecimal(totals.due),
          received: centavosToDecimal(totals.received),
          difference: centavosToDecimal(totals.difference),
        };
      });
      rows.sort((a, b) => b.delivery_date.localeCompare(a.delivery_date) || a.courier.localeCompare(b.courier));
      return { rows };
    },
  };
}

export type CourierService = ReturnType<typeof createCourierService>;
