import type { BoardOrderRow } from "./contracts/boards";
import type { DispatchBoard, DispatchCard } from "./contracts/dispatch";
import type { AssignmentChangedData, OrderEventData, RouteReadyData } from "./contracts/event-data";
import { columnsOf, type Columns } from "./dispatch";
import { STATUS } from "./order-status";

/** Cards never placed sit last in Sin asignar, as the server's board says. */
const UNPLACED = Number.MAX_SAFE_INTEGER;

export const boardColumns = (cards: DispatchCard[]): Columns =>
  columnsOf(cards.map((c) => ({ orderId: c.PK_Orders, courier: c.courier, position: c.position })));

export const columnsFromJson = (columns: Record<string, number[]>): Columns =>
  new Map(Object.entries(columns).map(([courier, ids]) => [Number(courier), ids]));

const onBoard = (card: BoardOrderRow, date: string) => !date || card.Delivery_Date === date;
const byId = (a: BoardOrderRow, b: BoardOrderRow) => a.PK_Orders - b.PK_Orders;

/** Places every card where `columns` says; cards the columns do not name stay put. */
export function placeCards(
  board: DispatchBoard,
  columns: Columns,
  moved?: { orderId: number; version: number },
): DispatchBoard {
  const where = new Map<number, { courier: number; position: number }>();
  for (const [courier, ids] of columns)
    ids.forEach((id, position) => {
      where.set(id, { courier, position });
    });
  return {
    ...board,
    cards: board.cards.map((card) => ({
      ...card,
      ...(where.get(card.PK_Orders) ?? {}),
      ...(moved?.orderId === card.PK_Orders ? { version: moved.version } : {}),
    })),
  };
}

/** An order's new card: Armado joins (or stays in) the columns, Enviado the sent list, anything else leaves. */
export function applyOrderToDispatch(board: DispatchBoard, date: string, { card }: OrderEventData): DispatchBoard {
  const id = card.PK_Orders;
  const placed = board.cards.find((c) => c.PK_Orders === id);
  const shown = !!placed || board.sent.some((c) => c.PK_Orders === id);
  const joins =
    onBoard(card, date) &&
    (card.FK_OrderStatus__PK_OrderStatus === STATUS.prepared || card.FK_OrderStatus__PK_OrderStatus === STATUS.sent);
  // Most order events (new orders, preparation) concern no dispatch card: the board stays as it is.
  if (!shown && !joins) return board;
  const cards = board.cards.filter((c) => c.PK_Orders !== id);
  const sent = board.sent.filter((c) => c.PK_Orders !== id);
  if (!onBoard(card, date)) return { cards, sent };
  if (card.FK_OrderStatus__PK_OrderStatus === STATUS.prepared)
    cards.push({ courier: 0, position: UNPLACED, version: 0, ...placed, ...card });
  if (card.FK_OrderStatus__PK_OrderStatus === STATUS.sent) sent.push(card);
  return { cards: cards.sort(byId), sent: sent.sort(byId) };
}

/** A drop or a reset: every column's order, and the dragged card with its new version. */
export function applyAssignment(board: DispatchBoard, date: string, data: AssignmentChangedData): DispatchBoard {
  const { card } = data;
  const known = !card || board.cards.some((c) => c.PK_Orders === card.PK_Orders);
  const withCard = known || !onBoard(card, date) ? board : { ...board, cards: [...board.cards, card].sort(byId) };
  return placeCards(
    withCard,
    columnsFromJson(data.columns),
    card ? { orderId: card.PK_Orders, version: card.version } : undefined,
  );
}

/** A sent route: its cards leave the columns for the sent list. */
export function applyRouteReady(board: DispatchBoard, date: string, data: RouteReadyData): DispatchBoard {
  const ids = new Set(data.cards.map((c) => c.PK_Orders));
  const sent = [...board.sent.filter((c) => !ids.has(c.PK_Orders)), ...data.cards.filter((c) => onBoard(c, date))];
  return { cards: board.cards.filter((c) => !ids.has(c.PK_Orders)), sent: sent.sort(byId) };
}
