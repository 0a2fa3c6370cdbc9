import { useQueryClient } from "@tanstack/react-query";
import type { PreparationBoard } from "@domain/contracts/preparation";
import { ORDER_EVENT_TYPES, readEventData } from "@domain/contracts/event-data";
import { applyGroupBatches, applyOrderToPreparation } from "@domain/live-preparation";
import { usePreparationEvents, useEvents, useResume } from "../../../api/socket";
import { preparationKeys } from "./keys";

/**
 * The board follows the events themselves, with no request: a re-batched group's changed
 * batches take their places, an order's card changes (or leaves) where it is. The socket
 * receives the preparation events of the board's date only; the board reads its state once
 * the server follows that date (returns whether it does). After a drop it reads again.
 */
export function useLivePreparation(date: string) {
  const live = usePreparationEvents(date);
  const client = useQueryClient();
  const update = (apply: (board: PreparationBoard) => PreparationBoard) =>
    client.setQueryData<PreparationBoard>(preparationKeys.board(date), (board) => (board ? apply(board) : board));
  useEvents("preparation.updated", (event) => {
    const data = readEventData(event, "preparation.updated");
    if (data) update((board) => applyGroupBatches(board, date, data));
  });
  useEvents("order.", (event) => {
    const data = readEventData(event, ...ORDER_EVENT_TYPES);
    if (data) update((board) => applyOrderToPreparation(board, data));
  });
  useResume(() => void client.invalidateQueries({ queryKey: preparationKeys.board(date) }));
  return live;
}
