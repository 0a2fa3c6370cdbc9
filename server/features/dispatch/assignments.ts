import { BOARD_MESSAGES } from "@domain/contracts/boards";
import type { AssignRequest, DispatchBoard } from "@domain/contracts/dispatch";
import { changedPlacements, columnsOf, moveCard } from "@domain/dispatch";
import { STATUS } from "@domain/order-status";
import type { Database } from "../../db/types";
import { Conflict } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import { assertCourierColumn } from "../courier-stops";
import { boardRows } from "../order-read-model";
import { cardsOf, columnsJson, toPlacement, UNPLACED, withBoardLock } from "./placements";
import { preparedPlacements, writePlacements } from "./repository";

/** The dispatch board's columns: read, a card dropped into a column (versioned), every card back to Sin asignar. */
export function createAssignments({ db }: { db: Database }) {
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
      withBoardLock(db, async (tx) => {
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
      withBoardLock(db, async (tx) => {
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
  };
}
