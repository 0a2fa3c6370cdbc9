import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DispatchBoard, DispatchCard } from "@domain/contracts/dispatch";
import { boardColumns, columnsFromJson, placeCards } from "@domain/live-dispatch";
import { moveCard } from "@domain/dispatch";
import { post } from "../../../api/http";
import { dispatchKeys } from "./keys";

interface AssignInput {
  card: DispatchCard;
  courier: number;
  beforeId: number | null;
}

const assign = ({ card, courier, beforeId }: AssignInput) =>
  post<{ version: number; columns: Record<string, number[]> }>("/dispatch/assign/", {
    order_id: card.PK_Orders,
    courier,
    before_order_id: beforeId,
    version: card.version,
  });

/** Drops a card at once on this screen; the server's answer (or its refusal, which reloads the board) settles it. */
export function useAssign(date: string) {
  const client = useQueryClient();
  const key = dispatchKeys.board(date);
  return useMutation({
    mutationFn: assign,
    onMutate: ({ card, courier, beforeId }) => {
      client.setQueryData<DispatchBoard>(key, (board) =>
        board ? placeCards(board, moveCard(boardColumns(board.cards), card.PK_Orders, courier, beforeId)) : board,
      );
    },
    onSuccess: (result, { card }) => {
      client.setQueryData<DispatchBoard>(key, (board) =>
        board
          ? placeCards(board, columnsFromJson(result.columns), { orderId: card.PK_Orders, version: result.version })
          : board,
      );
    },
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}
