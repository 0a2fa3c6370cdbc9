import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { DispatchBoard } from "@domain/contracts/dispatch";
import { get } from "../../../api/http";
import { boardDateQuery } from "../../../components/board-date";
import { dispatchKeys } from "./keys";

const getDispatchBoard = async (date: string) => DispatchBoard.parse(await get(`/dispatch/${boardDateQuery(date)}`));

const dispatchBoardQuery = (date: string) =>
  queryOptions({ queryKey: dispatchKeys.board(date), queryFn: () => getDispatchBoard(date) });

export const useDispatchBoard = (date: string) => useQuery(dispatchBoardQuery(date));

/** 'Actualizar', and a refused change: the dispatcher asks for the board and couriers again. */
export function useRefreshDispatch() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dispatchKeys.all });
}
