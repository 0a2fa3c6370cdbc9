import { todayInBuenosAires } from "@domain/calendar";
import { BOARD_MESSAGES } from "@domain/contracts/boards";
import { COURIER_MESSAGES, type CashRow, type CourierColumns, type RouteSheet } from "@domain/contracts/courier";
import { cashTotals, progressOf, routeOrder, type StopState } from "@domain/courier";
import { centavosToDecimal, toCentavos } from "@domain/money";
import type { Database } from "../../db/types";
import { Conflict, Invalid } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import * as repo from "./repository";
import { appendCourierChanged, assertCourierColumn, courierColumnsOf, lockBoard } from "../courier-stops";
import { lotsByOrder } from "../lots";
import { readColdChain } from "../settings";

import { cashStop, dec, differenceOf, toCourierStop } from "./stop-view";

/** What the office reads and sets of the couriers: the route sheet, the columns on the dispatch board, links and cash. */
export function createOfficeService({ db }: { db: Database }) {
  return {
    /** The route sheet the office prints for a column: its pending stops of the day in driving order. */
    async routeSheet(column: number, deliveryDate = todayInBuenosAires(), viewerId = 0): Promise<RouteSheet> {
      await assertCourierColumn(db, column, "column");
      const [found, coldChain] = await Promise.all([
        repo.courierStopRows(db, { column, state: "pendiente", deliveryDate }),
        readColdChain(db),
      ]);
      const rows = routeOrder(found);
      const [links, lots] = await Promise.all([
        repo.links(db),
        lotsByOrder(
          db,
          rows.map((r) => r.orderId),
        ),
      ]);
      const courier = links.find((l) => l.column === column && l.userId !== null);
      const due = rows.reduce((sum, r) => sum + (r.amountDue === null ? 0 : toCentavos(r.amountDue)), 0);
      return {
        column,
        courier: courier?.display_name ?? null,
        delivery_date: deliveryDate,
        stops: rows.map((row, index) => ({
          ...toCourierStop(row, index, viewerId),
          lots: lots.get(row.orderId) ?? [],
        })),
        to_collect: centavosToDecimal(due),
        cold_chain: coldChain,
      };
    },

    async columns(deliveryDate?: string): Promise<CourierColumns> {
      const [links, stops, cadetes, columns] = await Promise.all([
        repo.links(db),
        repo.boardStopRows(db, deliveryDate),
        repo.activeCadetes(db),
        courierColumnsOf(db),
      ]);
      const positions = new Map(
        (
          await repo.positionsOf(
            db,
            links.flatMap((l) => (l.userId ? [l.userId] : [])),
          )
        ).map((p) => [p.userId, p]),
      );
      const couriers = columns.map((column) => {
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
      await assertCourierColumn(db, column, "column");
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
        const totals = cashTotals(group.map((s) => cashStop(s.userId, s)));
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
