import { formatTime } from "@domain/calendar";
import { ORDER_MESSAGES, type SubmitOrderRequest } from "@domain/contracts/orders";
import { STATUS } from "@domain/order-status";
import { isUniqueViolation } from "../../db/errors";
import type { Database } from "../../db/types";
import { Unprocessable } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { checkCredit, overCreditFacts } from "./credit";
import { requestFingerprint } from "./idempotency";
import { amounts, finalOf, priceOrder, readOrderInputs, shortage } from "./order-pricing";
import * as repo from "./repository";

const orderTime = () => formatTime(new Date());

/**
 * A key already used answers its order when the request is the one it came with (a retry,
 * a double click), and is refused with another (issue 39). Orders taken before requests
 * were kept (no fingerprint) answer as before.
 */
function keyedAnswer(existing: repo.KeyedOrder, fingerprint: string | null) {
  if (existing.fingerprint !== null && existing.fingerprint !== fingerprint)
    throw new Unprocessable(ORDER_MESSAGES.keyReused);
  return existing.id;
}

/** Prices the cart, then writes it all in one statement: the catalogue read and the write are two round trips. */
export async function createOrder(
  db: Database,
  request: SubmitOrderRequest,
  user: AuthenticatedUser,
  key: string | null,
) {
  const fingerprint = key === null ? null : requestFingerprint(request);
  const inputs = await readOrderInputs(db, request, user.id, key);
  if (inputs.existing) return keyedAnswer(inputs.existing, fingerprint);
  const { cart, delivery, names } = priceOrder(request, inputs);
  const overCredit = checkCredit(request, inputs.credit, finalOf(cart, delivery), user);
  const { notes, ...where } = delivery;
  try {
    const result = await repo.createOrder(db, {
      order: {
        clientId: request.client_id,
        sellerId: user.id,
        statusId: STATUS.confirmed,
        orderTime: orderTime(),
        notes,
        idempotencyKey: key,
        idempotencyFingerprint: fingerprint,
        ...where,
        ...amounts(cart, delivery),
      },
      lines: cart.lines,
      stock: cart.stock,
      freezer: cart.freezer,
      event: {
        type: "order.created",
        actorId: user.id,
        data: {
          delivery_date: delivery.deliveryDate,
          status_id: STATUS.confirmed,
          ...overCreditFacts(overCredit),
        },
      },
    });
    if ("short" in result) throw shortage(result.short, result.productId, names);
    return result.orderId;
  } catch (error) {
    // A double click that lost the race: the other request created the order.
    if (key && isUniqueViolation(error)) {
      const existing = await repo.findOrderByKey(db, user.id, key);
      if (existing) return keyedAnswer(existing, fingerprint);
    }
    throw error;
  }
}
