import { describe, expect, it } from "vitest";
import type { BoardOrderRow } from "@domain/contracts/boards";
import type { DispatchBoard } from "@domain/contracts/dispatch";
import type {
  PreparationBatch,
  PreparationBoard,
  PreparationCard,
  PreparationLine,
} from "@domain/contracts/preparation";
import type { OrderEventData } from "@domain/contracts/event-data";
import type { OrderRow } from "@domain/contracts/orders";
import { applyAssignment, applyOrderToDispatch, applyRouteReady } from "@domain/live-dispatch";
import { applyOrderToList, type OrderListFilters } from "@domain/live-orders";
import { applyGroupBatches, applyOrderToPreparation } from "@domain/live-preparation";
import { groupDelta } from "@domain/preparation-delta";
import { batchView } from "@domain/preparation-view";
import { boardText } from "../../server/features/preparation/service";
import { boardCard } from "../helpers/board-card";

const DATE = "2027-03-01";
const card = (id: number, status = 6, over: Partial<BoardOrderRow> = {}) => boardCard(DATE, id, status, over);
const row = (id: number, over: Partial<OrderRow> = {}): OrderRow => ({
  PK_Orders: id,
  FK_Clients__Name: `Cliente ${id}`,
  Order_Time: "10:00",
  Delivery_Date: DATE,
  Address: "Calle 1",
  FK_PayMethods__Name: "Efectivo",
  Final_Price: "1000.00",
  Alter_Date: null,
  FK_Sellers__username: "vendedor",
  FK_OrderStatus__Name: "Confirmado",
  FK_OrderStatus__PK_OrderStatus: 1,
  Display_Class: "primary",
  Has_FV: false,
  ...over,
});
const event = (
  r: OrderRow,
  c: BoardOrderRow = card(r.PK_Orders, r.FK_OrderStatus__PK_OrderStatus),
): OrderEventData => ({
  order_id: r.PK_Orders,
  delivery_date: c.Delivery_Date,
  status_id: r.FK_OrderStatus__PK_OrderStatus,
  row: r,
  card: c,
});
const all: OrderListFilters = { search: "", filter: "", fvStatus: "all", statusId: null, page: 1 };

describe("the orders list applies an order event in place", () => {
  it("puts a new order first on the first page and counts it; later pages only count it", () => {
    const page = { results: [row(5), row(4)], count: 2 };
    expect(applyOrderToList(page, all, 50, event(row(6))).results.map((r) => r.PK_Orders)).toEqual([6, 5, 4]);
    expect(applyOrderToList(page, { ...all, page: 2 }, 50, event(row(6)))).toEqual({ ...page, count: 3 });
    expect(applyOrderToList(page, all, 2, event(row(6))).results.map((r) => r.PK_Orders)).toEqual([6, 5]);
  });

  it("replaces a shown row, and drops it when it leaves the filter", () => {
    const page = { results: [row(5), row(4)], count: 2 };
    const pending = row(4, { FK_OrderStatus__PK_OrderStatus: 5, FK_OrderStatus__Name: "Pendiente" });
    expect(applyOrderToList(page, all, 50, event(pending)).results[1]).toEqual(pending);
    expect(applyOrderToList(page, { ...all, filter: "status", statusId: "1" }, 50, event(pending))).toEqual({
      results: [row(5)],
      count: 1,
    });
  });

  it("leaves a page alone for an order its search does not match", () => {
    const page = { results: [row(5, { FK_Clients__Name: "Gómez" })], count: 1 };
    expect(applyOrderToList(page, { ...all, search: "gomez" }, 50, event(row(6, { FK_Clients__Name: "Pérez" })))).toBe(
      page,
    );
    expect(
      applyOrderToList(page, { ...all, search: "gomez" }, 50, event(row(7, { FK_Clients__Name: "Ana Gomez" }))).count,
    ).toBe(2);
  });
});

const dispatchBoard = (): DispatchBoard => ({
  cards: [
    { ...card(1), courier: 0, position: 0, version: 0 },
    { ...card(2), courier: 1, position: 0, version: 3 },
  ],
  sent: [],
});

describe("the dispatch board applies events in place", () => {
  it("adds an order that became Armado last in Sin asignar; an order of another day is not shown", () => {
    const next = applyOrderToDispatch(dispatchBoard(), DATE, event(row(3, { FK_OrderStatus__PK_OrderStatus: 6 })));
    expect(next.cards.find((c) => c.PK_Orders === 3)).toMatchObject({ courier: 0, version: 0 });
    const otherDay = event(row(4, { FK_OrderStatus__PK_OrderStatus: 6 }), card(4, 6, { Delivery_Date: "2027-03-02" }));
    expect(applyOrderToDispatch(dispatchBoard(), DATE, otherDay).cards).toHaveLength(2);
  });

  it("moves a card to Enviados keeping nothing of its column, and ignores orders it never showed", () => {
    const board = dispatchBoard();
    const sent = applyOrderToDispatch(board, DATE, event(row(2, { FK_OrderStatus__PK_OrderStatus: 4 })));
    expect([sent.cards.map((c) => c.PK_Orders), sent.sent.map((c) => c.PK_Orders)]).toEqual([[1], [2]]);
    expect(applyOrderToDispatch(board, DATE, event(row(9)))).toBe(board);
  });

  it("a drop moves the cards and the dragged card's version; a route moves its cards to Enviados", () => {
    const moved = applyAssignment(dispatchBoard(), DATE, {
      columns: { 0: [], 1: [1, 2] },
      card: { ...card(1), courier: 1, position: 0, version: 1 },
    });
    expect(moved.cards.map((c) => [c.PK_Orders, c.courier, c.position, c.version])).toEqual([
      [1, 1, 0, 1],
      [2, 1, 1, 3],
    ]);
    const routed = applyRouteReady(moved, DATE, {
      courier: 1,
      order_ids: [1, 2],
      delivery_date: DATE,
      cards: [card(1, 4), card(2, 4)],
    });
    expect([routed.cards, routed.sent.map((c) => c.PK_Orders)]).toEqual([[], [1, 2]]);
  });
});

/** An order's card on the preparation board, with its lines. */
const prep = (
  id: number,
  status = 6,
  over: Partial<BoardOrderRow> = {},
  lines: PreparationLine[] = [],
): PreparationCard => ({
  ...card(id, status, over),
  lines,
});
const batch = (id: string, orders: PreparationCard[], over: Partial<PreparationBatch> = {}): PreparationBatch => ({
  id,
  zone: "Zona Centro",
  zone_id: 1,
  delivery_date: DATE,
  time_slot: "Mañana",
  time_slot_id: 1,
  order_count: orders.length,
  total_weight: "0.000",
  route_distance_m: 0,
  maps_url: null,
  whatsapp_url: "",
  without_coordinates: [],
  orders,
  pick_list: [],
  ...over,
});
const prepBoard = (batches: PreparationBatch[]): PreparationBoard => ({
  summary: { suggested_groups: batches.length, orders_covered: batches.reduce((n, b) => n + b.order_count, 0) },
  batches,
});
const ORIGIN = { lat: -34.6, lng: -58.4 };
const view = (cards: PreparationCard[]) => batchView(ORIGIN, cards, (id) => (id === 7 ? "Merluza" : `Producto ${id}`));
const group = { delivery_date: DATE, zone_id: 1, time_slot_id: 1, origin: ORIGIN };

describe("the preparation board applies events in place", () => {
  it("builds a group's changed batches from the cards it holds and the ones sent, keeps the others, drops the removed ones, in the server's order", () => {
    const other = batch("lote-9", [prep(9, 1)], { zone_id: 2 });
    const kept = view([prep(1, 1), prep(2, 1)]);
    const board = prepBoard([kept, view([prep(3, 1)]), other]);
    const rebuilt = [view([prep(4, 1), prep(3, 1)]), view([prep(5, 1, {}, [[7, "KG", "1.500"]])])];
    const delta = {
      ...group,
      ...groupDelta([1, 3], [1, 4, 5], rebuilt, (c) => c.PK_Orders !== 3),
    };
    // Only the new orders' cards travel; order 3's the board holds.
    expect(delta.cards.map((c) => c.PK_Orders)).toEqual([4, 5]);
    // Each rebuilt batch as its orders' ids, and the one new product's name for the board's pick list.
    expect(delta.changed).toEqual([[4, 3], [5]]);
    expect(delta.products).toEqual({ 7: "Merluza" });
    expect(delta.moved).toEqual([
      [4, 1],
      [5, 4],
    ]);
    const next = applyGroupBatches(board, DATE, delta);
    expect(next.batches).toEqual([kept, ...rebuilt, other]);
    expect(next.batches[0]).toBe(kept);
    expect(next.summary).toEqual({ suggested_groups: 4, orders_covered: 6 });
    // The same delta again (a board that read its state after the sweep) changes nothing.
    expect(applyGroupBatches(next, DATE, delta)).toEqual(next);
    expect(applyGroupBatches(board, "2027-03-05", delta)).toBe(board);
  });

  it("a series of deltas leaves the board as the server's, with batches moved and a group emptied", () => {
    const board = prepBoard([view([prep(1, 1)]), view([prep(2, 1)])]);
    const moved = applyGroupBatches(board, DATE, {
      ...group,
      ...groupDelta([1, 2], [2, 1], [], () => false),
    });
    expect(moved.batches.map((b) => b.id)).toEqual(["lote-2", "lote-1"]);
    const emptied = applyGroupBatches(moved, DATE, {
      ...group,
      ...groupDelta([2, 1], [], [], () => false),
    });
    expect(emptied).toEqual(prepBoard([]));
    // Another slot's group on an empty board: the board's order is date, zone, slot (none last).
    const slots = [null, 2].map((slot) => ({
      ...group,
      time_slot_id: slot,
      ...groupDelta(
        [],
        [slot ?? 7],
        [view([prep(slot ?? 7, 1, { FK_TimesShipping__PK_TimesShipping: slot })])],
        () => true,
      ),
    }));
    const filled = slots.reduce((b, delta) => applyGroupBatches(b, "", delta), emptied);
    expect(filled.batches.map((b) => b.id)).toEqual(["lote-2", "lote-7"]);
  });

  it("an order marked prepared leaves its batch at once, and the batch's weight follows", () => {
    const board = prepBoard([batch("lote-1", [prep(1, 1), prep(2, 1, { total_weight: "1.500" })])]);
    const next = applyOrderToPreparation(board, event(row(1, { FK_OrderStatus__PK_OrderStatus: 6 })));
    expect(next.batches[0]).toMatchObject({ order_count: 1, total_weight: "1.500" });
    expect(next.summary.orders_covered).toBe(1);
    const pending = applyOrderToPreparation(
      board,
      event(row(2, { FK_OrderStatus__PK_OrderStatus: 5 }), card(2, 5, { FK_OrderStatus__Name: "Pendiente" })),
    );
    expect(pending.batches[0]!.orders[1]!.FK_OrderStatus__Name).toBe("Pendiente");
  });
});

describe("the preparation board read from stored views", () => {
  const stored = (b: PreparationBatch) => ({ order_ids: b.orders.map((o) => o.PK_Orders), view: JSON.stringify(b) });

  it("passes views through as written and counts batches and orders", () => {
    const views = [stored(batch("lote-1", [prep(1, 1), prep(2, 1)])), stored(batch("lote-3", [prep(3, 5)]))];
    const text = boardText(views, []);
    expect(text).toBe(
      `{"summary":{"suggested_groups":2,"orders_covered":3},"batches":[${views[0]!.view},${views[1]!.view}]}`,
    );
    expect(boardText([], [])).toBe('{"summary":{"suggested_groups":0,"orders_covered":0},"batches":[]}');
  });

  it("gives an order changed since the last sweep its card as it is now, and leaves out one that left preparation", () => {
    const views = [
      stored(batch("lote-1", [prep(1, 1), prep(2, 1)], { total_weight: "4.000" })),
      stored(batch("lote-3", [prep(3, 1)])),
    ];
    const board = JSON.parse(
      boardText(views, [card(2, 5, { FK_OrderStatus__Name: "Pendiente" }), card(3, 6), card(99, 1)]),
    ) as PreparationBoard;
    expect(board.summary).toEqual({ suggested_groups: 1, orders_covered: 2 });
    expect(board.batches[0]!.orders.map((o) => [o.PK_Orders, o.FK_OrderStatus__Name])).toEqual([
      [1, "x"],
      [2, "Pendiente"],
    ]);
  });
});
