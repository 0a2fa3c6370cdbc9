import {
  clearWeights,
  planWeighing,
  type Reweighed,
  WEIGHT_MESSAGES,
  type WeighingLine,
  type WeightGiven,
} from "@domain/catch-weight";
import { LOT_MESSAGES, type LotTaken } from "@domain/contracts/lots";
import { ORDER_MESSAGES, type PreparedRequest } from "@domain/contracts/orders";
import type { AllocationLine } from "@domain/lots";
import { centavosToDecimal, gramsToDecimal, toCentavos, toGrams } from "@domain/money";
import { PREPARATION_STATUSES, STATUS } from "@domain/order-status";
import type { Database, Executor } from "../../db/types";
import { Conflict, Invalid } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { lockBoard, removePlacements } from "../courier-stops";
import { releaseOrderLots, takeOrderLots } from "../lots";
import { visible } from "./access";
import { shortage } from "./order-pricing";
import * as repo from "./repository";
import { changeStatus } from "./status-changes";

/** The order's lines as weighing reads them, with each product's name, whether it needs weighing and its tolerance. */
async function weighingLines(tx: Executor, orderId: number): Promise<WeighingLine[]> {
  return (await repo.linesWithNames(tx, orderId)).map(({ line, name, requiresWeighing, tolerancePct }) => ({
    id: line.id,
    productId: line.productId,
    product: name,
    type: line.type,
    milliUnits: toGrams(line.amount),
    ordered: toGrams(line.weight),
    picked: line.pickedWeight === null ? null : toGrams(line.pickedWeight),
    unitPrice: toCentavos(line.unitPrice),
    virtualFreezer: line.virtualFreezer,
    weighted: line.weighted,
    requiresWeighing,
    tolerancePct: Number(tolerancePct),
  }));
}

/**
 * What each line takes from lots: its real weight once weighed (the plan's), else the ordered
 * one; the lots the preparer named for it, if any.
 */
function allocationLines(
  lines: WeighingLine[],
  plan: Reweighed,
  given: NonNullable<PreparedRequest["lines"]>,
): AllocationLine[] {
  const picked = new Map(plan.lines.map((l) => [l.id, l.picked]));
  const chosen = new Map<number, LotTaken[]>();
  const names = new Map(lines.map((l) => [l.id, l.product]));
  for (const g of given) {
    if (!g.lots) continue;
    const product = names.get(g.detailed_product_id);
    if (product === undefined) throw new Invalid(WEIGHT_MESSAGES.notOfOrder);
    if (chosen.has(g.detailed_product_id)) throw new Invalid(LOT_MESSAGES.lineRepeated(product));
    chosen.set(g.detailed_product_id, g.lots);
  }
  return lines.map((line) => ({
    id: line.id,
    productId: line.productId,
    product: line.product,
    need: picked.get(line.id) ?? line.ordered,
    fromStock: !line.virtualFreezer,
    chosen: chosen.get(line.id)?.map((c) => ({ lotId: c.lot_id, grams: c.quantity })),
  }));
}

/**
 * Writes re-priced lines, the order's amounts and status, moves the stock by the difference
 * (a take that does not fit refuses, rolling it all back) and appends the order's event last.
 */
async function applyWeights(
  tx: Executor,
  order: NonNullable<Awaited<ReturnType<typeof repo.lockOrder>>>,
  plan: Reweighed,
  to: number,
  user: AuthenticatedUser,
  names: Map<number, string>,
) {
  const short = await repo.applyStock(tx, plan.stock);
  if (short !== null) throw shortage("stock", short, names);
  await repo.saveWeights(
    tx,
    order.id,
    plan.lines.map((l) => ({
      id: l.id,
      picked: l.picked === null ? null : gramsToDecimal(l.picked),
      total: centavosToDecimal(l.total),
    })),
    {
      totalPrice: centavosToDecimal(plan.total),
      finalPrice: centavosToDecimal(plan.total + toCentavos(order.shippingCost)),
      totalWeight: gramsToDecimal(plan.weight),
      statusId: to,
    },
  );
  await repo.announceStock(tx, plan.stock, user.id);
  await repo.appendOrderEvent(tx, {
    type: "order.status_changed",
    actorId: user.id,
    orderId: order.id,
    data: {
      delivery_date: order.deliveryDate,
      from: order.statusId,
      status_id: to,
      ...(plan.notes.length ? { notes: plan.notes } : {}),
    },
  });
}

/**
 * 'Preparado!' (issue 41): with real weights each weighed line is billed real kg × its price
 * and takes that from stock; on an Armado order not yet sent the weights given correct the
 * earlier ones, always re-priced from the ordered weight. Without weights, as before.
 */
export async function prepareOrder(db: Database, request: PreparedRequest, user: AuthenticatedUser) {
  await db.transaction(async (tx) => {
    const order = visible(await repo.lockOrder(tx, request.order_id), user);
    const correcting = order.statusId === STATUS.prepared;
    // Only the checklist's orders (Confirmado, Pendiente) become Armado here; a sent one is the courier's.
    if (!correcting && !PREPARATION_STATUSES.includes(order.statusId))
      throw new Conflict(ORDER_MESSAGES.illegalTransition);
    const given = request.lines ?? [];
    if (correcting && !given.length) return;
    const lines = await weighingLines(tx, order.id);
    const weights = given.filter((g): g is WeightGiven => g.picked_weight !== undefined);
    const plan = planWeighing(lines, weights, request.confirm_tolerance);
    if (!plan.ok) throw plan.status === 409 ? new Conflict(plan.message) : new Invalid(plan.message);
    // Issue 42: the lines take their kilograms (the real ones once weighed) from lots, before the stock moves.
    await takeOrderLots(tx, order.id, allocationLines(lines, plan, given));
    await applyWeights(tx, order, plan, STATUS.prepared, user, new Map(lines.map((l) => [l.productId, l.product])));
  });
}

/**
 * Back to Pendiente, also from Armado before it is sent: the real weights are cleared and
 * price and stock are as ordered again; the order leaves the dispatch board's columns. The
 * board's lock is taken before the order's, in the order sending a route takes them.
 */
export async function backToPending(db: Database, orderId: number, user: AuthenticatedUser) {
  await db.transaction(async (tx) => {
    await lockBoard(tx);
    const order = visible(await repo.lockOrder(tx, orderId), user);
    if (order.statusId !== STATUS.prepared) return changeStatus(tx, orderId, STATUS.pending, user);
    const lines = await weighingLines(tx, order.id);
    await removePlacements(tx, [order.id]);
    await releaseOrderLots(tx, order.id);
    await applyWeights(tx, order, clearWeights(lines), STATUS.pending, user, new Map());
  });
}
