import { ORDER_MESSAGES } from "@domain/contracts/orders";
import { STATUS } from "@domain/order-status";
import { can } from "@domain/permissions";
import { Forbidden, NotFound } from "../../errors";
import type { AuthenticatedUser } from "../auth";

/** A cancelled order is missing for whoever may not see it (DESIGN.md §4), here as in lists. */
export const visible = <T extends { statusId: number }>(order: T | null, user: AuthenticatedUser): T => {
  if (!order || (order.statusId === STATUS.cancelled && !can(user.group, "orders.see_cancelled")))
    throw new NotFound(ORDER_MESSAGES.notFound);
  return order;
};

/** A seller changes only the orders they took; Admin any. */
export function mustManage(order: { sellerId: number | null }, user: AuthenticatedUser, message: string) {
  if (order.sellerId !== user.id && !can(user.group, "orders.manage_any")) throw new Forbidden(message);
}
