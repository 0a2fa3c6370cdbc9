import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DispatchBoard, DispatchRoute, type DispatchCard } from "../../../../domain/contracts/boards";
import type { AppEvent } from "../../../../domain/contracts/events";
import { columnsOf, moveCard, type Columns } from "../../../../domain/dispatch";
import { get, post } from "../../api/http";
import { useEvents } from "../../api/socket";
import { boardDateQuery, concernsDate } from "../../components/board-date";

const keys = {
  all: ["dispatch"] as const,
  board: (date: string) => ["dispatch", "board", date] as const,
  route: (ids: number[]) => ["dispatch", "route", ids.join(",")] as const,
};

export const useDispatchBoard = (date: string) =>
  useQuery({ queryKey: keys.board(date), queryFn: async () => DispatchBoard.parse(await get(`/dispatch/${boardDateQuery(date)}`)) });

export const boardColumns = (cards: DispatchCard[]): Columns => columnsOf(cards.map((c) => ({ orderId: c.PK_Orders, courier: c.courier, position: c.position })));

/** Places every card where `columns` says; cards the columns do not name stay put. */
function placeCards(board: DispatchBoard, columns: Columns, moved?: { orderId: number; version: number }): DispatchBoard {
  const where = new Map<number, { courier: number; position: number }>();
  for (const [courier, ids] of columns) ids.forEach((id, position) => where.set(id, { courier, position }));
  return {
    ...board,
    cards: board.cards.map((card) => ({
      ...card,
      ...(where.get(card.PK_Orders) ?? {}),
      ...(moved?.orderId === card.PK_Orders ? { version: moved.version } : {}),
    })),
  };
}

const columnsFromEvent = (data: Record<string, unknown>): Columns =>
  new Map(Object.entries((data.columns ?? {}) as Record<string, number[]>).map(([courier, ids]) => [Number(courier), ids]));

/** Assignment events move the cards in place; status changes and sent routes reload the board. */
export function useLiveDispatch(date: string) {
  const client = useQueryClient();
  useEvents("dispatch.assignment_changed", (event: AppEvent) => {
    if (!concernsDate(event, date)) return;
    client.setQueryData<DispatchBoard>(keys.board(date), (board) =>
      board ? placeCards(board, columnsFromEvent(event.data), typeof event.data.order_id === "number" ? { orderId: event.data.order_id, version: Number(event.data.version) } : undefined) : board,
    );
  });
  const reload = (event: AppEvent) => concernsDate(event, date) && void client.invalidateQueries({ queryKey: keys.board(date) });
  useEvents("dispatch.route_ready", reload);
  useEvents("order.", reload);
}

/** Drops a card at once on this screen; the server's answer (or its refusal) settles it. */
export function useAssign(date: string) {
  const client = useQueryClient();
  return async (card: DispatchCard, courier: number, beforeId: number | null) => {
    const board = client.getQueryData<DispatchBoard>(keys.board(date));
    if (board) client.setQueryData(keys.board(date), placeCards(board, moveCard(boardColumns(board.cards), card.PK_Orders, courier, beforeId)));
    try {
      const result = await post<{ version: number; columns: Record<string, number[]> }>("/dispatch/assign/", { order_id: card.PK_Orders, courier, before_order_id: beforeId, version: card.version });
      client.setQueryData<DispatchBoard>(keys.board(date), (b) => (b ? placeCards(b, columnsFromEvent(result), { orderId: card.PK_Orders, version: result.version }) : b));
    } catch (error) {
      await client.invalidateQueries({ queryKey: keys.board(date) });
      throw error;
    }
  };
}

export const useRoute = (ids: number[] | null) =>
  useQuery({ queryKey: keys.route(ids ?? []), enabled: !!ids?.length, queryFn: async () => DispatchRoute.parse(await get(`/dispatch/route/?order_ids=${ids!.join(",")}`)) });

export const resetAssignments = () => post<{ message: string }>("/dispatch/reset/");
export const sendRoute = (courier: number, orderIds: number[]) => post<DispatchRoute & { message: string }>("/dispatch/send-route/", { courier, order_ids: orderIds });
export const markDelivered = (orderId: number) => post<{ message: string }>("/dispatch/delivered/", { order_id: orderId });
export const invalidateDispatch = (client: ReturnType<typeof useQueryClient>) => client.invalidateQueries({ queryKey: keys.all });
