import { availableCredit, exceedsCredit, formatAmount } from "../../../domain/accounts";
import { formatTime, todayInBuenosAires } from "../../../domain/calendar";
import { ACCOUNT_MESSAGES } from "../../../domain/contracts/accounts";
import { pagingOf } from "../../../domain/contracts/paging";
import {
  ORDER_MESSAGES,
  type OrderListQuery,
  type PreparedRequest,
  type SubmitOrderRequest,
} from "../../../domain/contracts/orders";
import { centavosToDecimal, gramsToDecimal, toCentavos, toGrams } from "../../../domain/money";
import { canTransition, isEditable, isRepeat, PREPARATION_STATUSES, STATUS } from "../../../domain/order-status";
import { can } from "../../../domain/permissions";
import type { LineType } from "../../../domain/pricing";
import {
  clearWeights,
  planWeighing,
  type Reweighed,
  WEIGHT_MESSAGES,
  type WeightGiven,
  type WeighingLine,
} from "../../../domain/catch-weight";
import { LOT_MESSAGES, type LotTaken } from "../../../domain/contracts/lots";
import type { AllocationLine } from "../../../domain/lots";
import { isUniqueViolation } from "../../db/errors";
import type { Database, Executor } from "../../db/types";
import { Conflict, Forbidden, Invalid, NotFound, Unprocessable } from "../../errors";
import { recordDelivery, reverseDelivery } from "../accounts";
import { orderLineLots, releaseOrderLots, suggestLots, takeOrderLots } from "../lots";
import type { AuthenticatedUser } from "../auth";
import { lockBoard, removePlacements } from "../courier-stops";
import { difference, negate, priceCart, takenBy, type PricedCart } from "./cart-pricing";
import { deliveryIds, resolveDelivery, type ResolvedDelivery } from "./resolve-delivery";
import { requestFingerprint } from "./idempotency";
import * as repo from "./repository";
import { toDetail } from "./serialize";

const orderTime = () => formatTime(new Date());

export function createOrdersService({ db }: { db: Database }) {
  /** What the cart is priced against; `key` also finds an order already made with it. */
  async function read(db: Executor, request: SubmitOrderRequest, sellerId: number, key: string | null) {
    if (!request.cart.items.length) throw new Invalid(ORDER_MESSAGES.emptyCart);
    return repo.orderInputs(db, {
      productIds: [...new Set(request.cart.items.map((i) => i.productId))],
      clientId: request.client_id,
      delivery: deliveryIds(request.orderData),
      idempotencyKey: key,
      sellerId,
    });
  }

  /** Prices the cart from the catalogue; the writes re-check what can change meanwhile (stock, freezer). */
  function price(
    request: SubmitOrderRequest,
    inputs: repo.OrderInputs,
    heldByOrder = new Map<number, number>(),
    /** A modified order's own delivery date, which it may keep even once past. */
    keptDate: string | null = null,
  ) {
    if (!inputs.client) throw new Invalid(ORDER_MESSAGES.unknownClient, { client_id: ORDER_MESSAGES.unknownClient });
    const delivery = resolveDelivery(request.orderData, inputs.references, {
      today: todayInBuenosAires(),
      kept: keptDate,
    });
    const products = new Map(inputs.products.map((p) => [p.id, p]));
    // A modification may use again what the order already holds in the freezer.
    const freezer = new Map(
      inputs.freezer.map((f) => [
        f.productId,
        { ...f, quantity: gramsToDecimal(toGrams(f.quantity) + (heldByOrder.get(f.productId) ?? 0)) },
      ]),
    );
    for (const [productId, held] of heldByOrder)
      if (!freezer.has(productId)) freezer.set(productId, { productId, quantity: gramsToDecimal(held) });
    const cart = priceCart(request.cart.items, products, freezer);
    if (!cart.lines.length) throw new Invalid(ORDER_MESSAGES.emptyCart);
    return { cart, delivery, names: new Map(inputs.products.map((p) => [p.id, p.name])) };
  }

  const shortage = (kind: "stock" | "freezer", productId: number, names: Map<number, string>) =>
    new Conflict(kind === "stock" ? ORDER_MESSAGES.noStock : ORDER_MESSAGES.freezerExceeded, {
      product_id: productId,
      product_name: names.get(productId) ?? null,
    });

  async function take(
    tx: Executor,
    clientId: number,
    stock: Map<number, number>,
    freezer: Map<number, number>,
    names: Map<number, string>,
  ) {
    const [short, empty] = await Promise.all([repo.applyStock(tx, stock), repo.applyFreezer(tx, clientId, freezer)]);
    if (short !== null) throw shortage("stock", short, names);
    if (empty !== null) throw shortage("freezer", empty, names);
  }

  /**
   * Issue 44: an order past the client's available credit is refused with what is available,
   * unless an Admin takes it on purpose (`allow_over_credit`); then the available amount it
   * passed is returned for the order's history. `ownOpen` is what a modified order already holds.
   */
  function checkCredit(
    request: SubmitOrderRequest,
    credit: repo.OrderInputs["credit"],
    total: number,
    user: AuthenticatedUser,
    ownOpen = 0,
  ): string | undefined {
    const available = availableCredit({
      limit: credit.limit === null ? null : toCentavos(credit.limit),
      balance: toCentavos(credit.balance),
      openOrders: toCentavos(credit.openOrders) - ownOpen,
    });
    if (available === null || !exceedsCredit(total, available)) return undefined;
    if (request.orderData?.allow_over_credit && can(user.group, "accounts.manage")) return centavosToDecimal(available);
    throw new Conflict(ACCOUNT_MESSAGES.overCredit(formatAmount(available)), {
      available: centavosToDecimal(available),
    });
  }

  /** What the order's history keeps of an order an Admin took past the credit limit. */
  const overCreditFacts = (available: string | undefined) =>
    available === undefined
      ? {}
      : {
          over_credit_available: available,
          notes: [ACCOUNT_MESSAGES.takenOverCredit(formatAmount(toCentavos(available)))],
        };
  const finalOf = (cart: PricedCart, delivery: ResolvedDelivery) => cart.total + toCentavos(delivery.shippingCost);
  const amounts = (cart: PricedCart, delivery: ResolvedDelivery) => ({
    totalPrice: centavosToDecimal(cart.total),
    finalPrice: centavosToDecimal(finalOf(cart, delivery)),
    totalWeight: gramsToDecimal(cart.weight),
    distinctProducts: cart.distinct,
    hasFv: cart.hasFv,
  });

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
  async function create(request: SubmitOrderRequest, user: AuthenticatedUser, key: string | null) {
    const fingerprint = key === null ? null : requestFingerprint(request);
    const inputs = await read(db, request, user.id, key);
    if (inputs.existing) return keyedAnswer(inputs.existing, fingerprint);
    const { cart, delivery, names } = price(request, inputs);
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

  /** A cancelled order is missing for whoever may not see it (DESIGN.md §4), here as in lists. */
  const visible = <T extends { statusId: number }>(order: T | null, user: AuthenticatedUser): T => {
    if (!order || (order.statusId === STATUS.cancelled && !can(user.group, "orders.see_cancelled")))
      throw new NotFound(ORDER_MESSAGES.notFound);
    return order;
  };

  /** A seller changes only the orders they took; Admin any. */
  function mustManage(order: { sellerId: number | null }, user: AuthenticatedUser, message: string) {
    if (order.sellerId !== user.id && !can(user.group, "orders.manage_any")) throw new Forbidden(message);
  }

  /** Applies only the difference between the stored lines and the new cart (DESIGN.md §5). */
  async function modify(orderId: number, request: SubmitOrderRequest, user: AuthenticatedUser) {
    await db.transaction(async (tx) => {
      const order = visible(await repo.lockOrder(tx, orderId), user);
      mustManage(order, user, ORDER_MESSAGES.notYours);
      if (!isEditable(order.statusId)) throw new Conflict(ORDER_MESSAGES.notEditable);
      if (order.clientId !== request.client_id) throw new Invalid("El pedido pertenece a otro cliente.");
      const before = takenBy(await repo.linesOf(tx, orderId));
      const inputs = await read(tx, request, user.id, null);
      const { cart, delivery, names } = price(request, inputs, before.freezer, order.deliveryDate);
      const overCredit = checkCredit(
        request,
        inputs.credit,
        finalOf(cart, delivery),
        user,
        toCentavos(order.finalPrice),
      );
      const stock = difference(cart.stock, before.stock);
      const freezer = difference(cart.freezer, before.freezer);
      await take(tx, order.clientId, stock, freezer, names);
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

  /** One status change inside the caller's transaction (dispatch sends several in one). */
  async function changeStatus(tx: Executor, orderId: number, to: number, user: AuthenticatedUser) {
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
  async function revertToSent(tx: Executor, orderId: number, from: number, user: AuthenticatedUser, message: string) {
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

  async function transition(orderId: number, to: number, user: AuthenticatedUser) {
    await db.transaction((tx) => changeStatus(tx, orderId, to, user));
  }

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
  async function prepare(request: PreparedRequest, user: AuthenticatedUser) {
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
  async function toPending(orderId: number, user: AuthenticatedUser) {
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

  return {
    submit: (request: SubmitOrderRequest, user: AuthenticatedUser, key: string | null) =>
      request.order_id ? modify(request.order_id, request, user) : create(request, user, key),
    transition,
    prepare,
    toPending,
    changeStatus,
    revertToSent,

    async list(query: OrderListQuery, user: AuthenticatedUser) {
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
    },

    async detail(id: number, user: AuthenticatedUser) {
      const found = await repo.orderWithNames(db, id);
      if (!found) throw new NotFound(ORDER_MESSAGES.notFound);
      visible(found.order, user);
      const [lines, history, lots] = await Promise.all([
        repo.linesWithNames(db, id),
        repo.historyOf(db, id),
        orderLineLots(db, id),
      ]);
      return toDetail(found, lines, history, lots);
    },

    async items(id: number, user: AuthenticatedUser) {
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
    },

    /** 'Repetir último pedido': any seller's order, as the list shows them; cancelled ones never repeat. */
    async lastOrder(clientId: number) {
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
    },

    timeSlots: async () => (await repo.listTimeSlots(db)).map((t) => ({ PK_TimesShipping: t.id, Name: t.name })),
    payMethods: async () => (await repo.listPayMethods(db)).map((p) => ({ PK_PayMethods: p.id, Name: p.name })),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
