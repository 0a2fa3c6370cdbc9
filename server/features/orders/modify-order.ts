import { ORDER_MESSAGES, type SubmitOrderRequest } from "@domain/contracts/orders";
import { toCentavos } from "@domain/money";
import { isEditable } from "@domain/order-status";
import type { Database } from "../../db/types";
import { Conflict, Invalid } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { mustManage, visible } from "./access";
import { difference, takenBy } from "./cart-pricing";
import { checkCredit, overCreditFacts } from "./credit";
import { amounts, finalOf, priceOrder, readOrderInputs, takeStock } from "./order-pricing";
import * as repo from "./repository";

/** Applies only the difference between the stored lines and the new cart (DESIGN.md §5). */
export async function modifyOrder(db: Database, orderId: number, request: SubmitOrderRequest, user: AuthenticatedUser) {
  await db.transaction(async (tx) => {
    const order = visible(await repo.lockOrder(tx, orderId), user);
    mustManage(order, user, ORDER_MESSAGES.notYours);
    if (!isEditable(order.statusId)) throw new Conflict(ORDER_MESSAGES.notEditable);
    if (order.clientId !== request.client_id) throw new Invalid("El pedido pertenece a otro cliente.");
    const before = takenBy(await repo.linesOf(tx, orderId));
    const inputs = await readOrderInputs(tx, request, user.id, null);
    const { cart, delivery, names } = priceOrder(request, inputs, before.freezer, order.deliveryDate);
    const overCredit = checkCredit(request, inputs.credit, finalOf(cart, delivery), user, toCentavos(order.finalPrice));
    const stock = difference(cart.stock, before.stock);
    const freezer = difference(cart.freezer, before.freezer);
    await takeStock(tx, order.clientId, stock, freezer, names);
    await repo.replaceLines(
      tx,
      orderId,
      { ...delivery, ...amounts(cart, delivery), alterDate: new Date() },
      cart.lines,
    );
    await repo.announceStock(tx, stock, user.id);
    await repo.appendOrderEvent(tx, {
      type: "order.modified",
      actorId: user.id,
      orderId,
      data: {
        delivery_date: delivery.deliveryDate,
        status_id: order.statusId,
        ...overCreditFacts(overCredit),
      },
    });
  });
  return orderId;
}
