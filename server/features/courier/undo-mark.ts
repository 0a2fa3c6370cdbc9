import { COURIER_MESSAGES } from "@domain/contracts/courier";
import { type UndoRefusal, undoRefusal } from "@domain/courier";
import { STATUS } from "@domain/order-status";
import { can } from "@domain/permissions";
import type { Database } from "../../db/types";
import { Conflict, Forbidden } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import { appendCourierChanged, lockBoard, removePlacements } from "../courier-stops";
import type { OrdersService } from "../orders";
import type { ProofPhotos } from "./proof-photos";
import * as repo from "./repository";

const UNDO_REFUSALS: Record<UndoRefusal, string> = {
  notYours: COURIER_MESSAGES.undoNotYours,
  window: COURIER_MESSAGES.undoWindow,
  otherDay: COURIER_MESSAGES.undoOtherDay,
};

/** Taking back a mark, from the courier's phone or the office. */
export function createUndoMark({ db, orders, proofs }: { db: Database; orders: OrdersService; proofs: ProofPhotos }) {
  return {
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
  };
}
