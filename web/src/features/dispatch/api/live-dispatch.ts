import { useQueryClient } from "@tanstack/react-query";
import type { DispatchBoard } from "../../../../../domain/contracts/boards";
import { AssignmentChangedData, OrderEventData, RouteReadyData } from "../../../../../domain/contracts/event-data";
import { applyAssignment, applyOrderToDispatch, applyRouteReady } from "../../../../../domain/live-dispatch";
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
    const parsed = AssignmentChangedData.safeParse(event.data);
    if (parsed.success) update((board) => applyAssignment(board, date, parsed.data));
  });
  useEvents("dispatch.route_ready", (event) => {
    const parsed = RouteReadyData.safeParse(event.data);
    if (parsed.success) update((board) => applyRouteReady(board, date, parsed.data));
  });
  useEvents("order.", (event) => {
    const parsed = OrderEventData.safeParse(event.data);
    if (parsed.success) update((board) => applyOrderToDispatch(board, date, parsed.data));
  });
  useResume(() => void client.invalidateQueries({ queryKey: dispatchKeys.all }));
}
