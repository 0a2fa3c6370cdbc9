import { pagingOf } from "@domain/contracts/paging";
import { ORDER_MESSAGES, type OrderListQuery } from "@domain/contracts/orders";
import { toGrams } from "@domain/money";
import { PREPARATION_STATUSES, STATUS } from "@domain/order-status";
import { can } from "@domain/permissions";
import type { LineType } from "@domain/pricing";
import type { Database } from "../../db/types";
import { NotFound } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { orderLineLots, suggestLots } from "../lots";
import { visible } from "./access";
import * as repo from "./repository";
import { toDetail } from "./serialize";

export async function listOrders(db: Database, query: OrderListQuery, user: AuthenticatedUser) {
  const seesCancelled = can(user.group, "orders.see_cancelled");
  const requested = query.filter === "status" && query.status_id ? [query.status_id] : undefined;
  const filter = {
    search: query.search,
    statusIds: requested,
    hideStatus: seesCancelled ? undefined : STATUS.cancelled,
    hasFv: query.filter === "virtual_freezer" ? true : undefined,
    modified:
      query.filter === "virtual_freezer" && query.fv_status !== "all" ? query.fv_status === "modified" : undefined,
    deliveryDate: query.delivery_date,
  };
  const paging = pagingOf(query);
  const [rows, count] = await Promise.all([
    repo.listOrders(db, { ...filter, limit: query.limit, offset: paging.offset }),
    paging.withCount ? repo.countOrders(db, filter) : undefined,
  ]);
  const statuses = (await repo.listStatuses(db)).filter((s) => seesCancelled || s.id !== STATUS.cancelled);
  return { results: rows.map((r) => r.row), statuses: statuses.map((s) => ({ id: s.id, name: s.name })), count };
}

export async function orderDetail(db: Database, id: number, user: AuthenticatedUser) {
  const found = await repo.orderWithNames(db, id);
  if (!found) throw new NotFound(ORDER_MESSAGES.notFound);
  visible(found.order, user);
  const [lines, history, lots] = await Promise.all([
    repo.linesWithNames(db, id),
    repo.historyOf(db, id),
    orderLineLots(db, id),
  ]);
  return toDetail(found, lines, history, lots);
}

/** The checklist's view of an order: its lines with their lots, and the lots suggested while it is prepared. */
export async function checklistItems(db: Database, id: number, user: AuthenticatedUser) {
  const found = await repo.orderWithNames(db, id);
  if (!found) throw new NotFound(ORDER_MESSAGES.notFound);
  visible(found.order, user);
  const lines = await repo.linesWithNames(db, id);
  const preparing = PREPARATION_STATUSES.includes(found.order.statusId);
  const [lots, suggested] = await Promise.all([
    orderLineLots(db, id),
    preparing
      ? suggestLots(
          db,
          lines.map(({ line, name }) => ({
            id: line.id,
            productId: line.productId,
            product: name,
            need: toGrams(line.pickedWeight ?? line.weight),
            fromStock: !line.virtualFreezer,
          })),
        )
      : undefined,
  ]);
  return {
    client_name: found.clientName,
    notes: found.order.notes,
    products: lines.map(({ line, name, requiresWeighing, tolerancePct }) => ({
      FK_Products: line.productId,
      product_name: name,
      Name: name,
      Type: line.type,
      Amount: line.amount,
      detailed_product_id: line.id,
      Weight: line.weight,
      Picked_Weight: line.pickedWeight,
      Virtual_Freezer: line.virtualFreezer,
      Requires_Weighing: requiresWeighing,
      Weight_Tolerance_Pct: tolerancePct,
      lots: lots.get(line.id) ?? [],
      without_lot: line.withoutLot,
      suggested_lots: suggested?.get(line.id)?.lots ?? [],
      suggested_without_lot: suggested?.get(line.id)?.withoutLot ?? null,
    })),
  };
}

/** 'Repetir último pedido': any seller's order, as the list shows them; cancelled ones never repeat. */
export async function lastOrder(db: Database, clientId: number) {
  const last = await repo.lastOrderOf(db, clientId);
  if (!last) throw new NotFound(ORDER_MESSAGES.noLastOrder);
  const lines = await repo.linesWithNames(db, last.id);
  return {
    order_id: last.id,
    create_date: last.createDate.toISOString(),
    products: lines.map(({ line, name }) => ({
      FK_Products: line.productId,
      product_name: name,
      Type: line.type as LineType,
      Amount: line.amount,
      Virtual_Freezer: line.virtualFreezer,
    })),
  };
}

export const timeSlots = async (db: Database) =>
  (await repo.listTimeSlots(db)).map((t) => ({ PK_TimesShipping: t.id, Name: t.name }));
export const payMethods = async (db: Database) =>
  (await repo.listPayMethods(db)).map((p) => ({ PK_PayMethods: p.id, Name: p.name }));
