import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PreparationBoard } from "../../../../domain/contracts/boards";
import { PreparationItems } from "../../../../domain/contracts/orders";
import { get, post } from "../../api/http";
import { useEvents } from "../../api/socket";
import { boardDateQuery, concernsDate } from "../../components/board-date";

const keys = {
  board: (date: string) => ["preparation", "board", date] as const,
  items: (id: number) => ["preparation", "items", id] as const,
};

export const usePreparationBoard = (date: string) =>
  useQuery({ queryKey: keys.board(date), queryFn: async () => PreparationBoard.parse(await get(`/preparation/${boardDateQuery(date)}`)) });

/** New batches and order changes of the shown date refresh the board; other days are ignored. */
export function useLivePreparation(date: string) {
  const client = useQueryClient();
  const refresh = (event: Parameters<typeof concernsDate>[0]) => {
    if (concernsDate(event, date)) void client.invalidateQueries({ queryKey: keys.board(date) });
  };
  useEvents("preparation.", refresh);
  useEvents("order.", refresh);
}

export const useOrderItems = (id: number | null) =>
  useQuery({ queryKey: keys.items(id ?? 0), enabled: !!id, queryFn: async () => PreparationItems.parse(await get(`/orders/${id}/items/`)) });

export const markPrepared = (orderId: number) => post<{ message: string }>("/orders/prepared/", { order_id: orderId });
export const markPending = (orderId: number) => post<{ message: string }>("/orders/pending/", { order_id: orderId });
