import { coldChainRefusal } from "@domain/cold-chain";
import { COURIER_MESSAGES, type DeliveredRequest, type NotDeliveredRequest } from "@domain/contracts/courier";
import { centavosToDecimal } from "@domain/money";
import { STATUS } from "@domain/order-status";
import type { Database, Executor } from "../../db/types";
import { Conflict, Forbidden, Invalid } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { appendStopEvents, closeStop, lockBoard, lockOpenStop } from "../courier-stops";
import type { OrdersService } from "../orders";
import { readColdChain } from "../settings";
import type { ProofPhotos } from "./proof-photos";

/** The courier's marks on a stop of the day's route: Entregado (with its proof, cash and temperature) and No entregado. */
export function createStopMarks({ db, orders, proofs }: { db: Database; orders: OrdersService; proofs: ProofPhotos }) {
  /** The order's open stop, which must be this courier's. */
  async function ownOpenStop(tx: Executor, orderId: number, user: AuthenticatedUser) {
    const stop = await lockOpenStop(tx, orderId);
    if (!stop) throw new Conflict(COURIER_MESSAGES.noOpenStop);
    if (stop.userId !== user.id) throw new Forbidden(COURIER_MESSAGES.notYourStop);
    return stop;
  }

  return {
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
  };
}
