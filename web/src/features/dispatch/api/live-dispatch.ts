import { useQueryClient } from "@tanstack/react-query";
import type { DispatchBoard } from "@domain/contracts/dispatch";
import { ORDER_EVENT_TYPES, readEventData } from "@domain/contracts/event-data";
import { applyAssignment, applyOrderToDispatch, applyRouteReady } from "@domain/live-dispatch";
import { useEvents, useResume } from "../../../api/socket";
import { dispatchKeys } from "./keys";

/**
 * The board and the wall follow the events themselves, with no request: drops move the
 * cards, an order's card joins, moves to Enviados or leaves. After a drop it reads again.
 */
export function useLiveDispatch(date: string) {
  const client = useQueryClient();
  const update = (apply: (board: DispatchBoard) => DispatchBoard) =>
    client.setQueryData<DispatchBoard>(dispatchKeys.board(date), (board) => (board ? apply(board) : board));
  useEvents("dispatch.assignment_changed", (event) => {
    const data = readEventData(event, "dispatch.assignment_changed");
    if (data) update((board) => applyAssignment(board, date, data));
  });
  useEvents("dispatch.route_ready", (event) => {
    const data = readEventData(event, "dispatch.route_ready");
    if (data) update((board) => applyRouteReady(board, date, data));
  });
  useEvents("order.", (event) => {
    const data = readEventData(event, ...ORDER_EVENT_TYPES);
    if (data) update((board) => applyOrderToDispatch(board, date, data));
  });
  useResume(() => void client.invalidateQueries({ queryKey: dispatchKeys.all }));
}
