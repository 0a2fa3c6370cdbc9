import { ORDER_MESSAGES } from "@domain/contracts/orders";
import { canTransition, isRepeat, STATUS } from "@domain/order-status";
import type { Executor } from "../../db/types";
import { Conflict } from "../../errors";
import { recordDelivery, reverseDelivery } from "../accounts";
import type { AuthenticatedUser } from "../auth";
import { releaseOrderLots } from "../lots";
import { mustManage, visible } from "./access";
import { negate, takenBy } from "./cart-pricing";
import * as repo from "./repository";

/** One status change inside the caller's transaction (dispatch sends several in one). */
export async function changeStatus(tx: Executor, orderId: number, to: number, user: AuthenticatedUser) {
  const order = visible(await repo.lockOrder(tx, orderId), user);
  if (to === STATUS.cancelled) mustManage(order, user, ORDER_MESSAGES.notYoursToCancel);
  if (isRepeat(order.statusId, to)) return;
  if (!canTransition(order.statusId, to))
    throw new Conflict(to === STATUS.cancelled ? ORDER_MESSAGES.notEditable : ORDER_MESSAGES.illegalTransition);
  const taken = to === STATUS.cancelled ? takenBy(await repo.linesOf(tx, orderId)) : null;
  if (taken) {
    await releaseOrderLots(tx, orderId);
    await repo.applyStock(tx, negate(taken.stock));
    await repo.applyFreezer(tx, order.clientId, negate(taken.freezer));
  }
  await repo.setStatus(tx, orderId, to);
  // A delivered order is owed from now on (issue 44), in the delivery's own transaction.
  if (to === STATUS.delivered) await recordDelivery(tx, order, user.id);
  // Cancelling gives the stock back: the screens hear each product's new quantity.
  if (taken) await repo.announceStock(tx, negate(taken.stock), user.id);
  const type = to === STATUS.cancelled ? "order.cancelled" : "order.status_changed";
  await repo.appendOrderEvent(tx, {
    type,
    actorId: user.id,
    orderId,
    data: { delivery_date: order.deliveryDate, from: order.statusId, status_id: to },
  });
}

/**
 * Undoing a courier's mark: the order goes back to Enviado from where the mark left it
 * (Entregado, or Armado after No entregado); anywhere else it moved on, and nothing changes.
 */
export async function revertToSent(
  tx: Executor,
  orderId: number,
  from: number,
  user: AuthenticatedUser,
  message: string,
) {
  const order = visible(await repo.lockOrder(tx, orderId), user);
  if (order.statusId !== from) throw new Conflict(message);
  await repo.setStatus(tx, orderId, STATUS.sent);
  if (from === STATUS.delivered) await reverseDelivery(tx, order, user.id);
  await repo.appendOrderEvent(tx, {
    type: "order.status_changed",
    actorId: user.id,
    orderId,
    data: { delivery_date: order.deliveryDate, from, status_id: STATUS.sent, undo: true },
  });
}
