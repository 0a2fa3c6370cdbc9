import { queryOptions, useQuery } from "@tanstack/react-query";
import { PreparationBoard } from "../../../../../domain/contracts/boards";
import { get } from "../../../api/http";
import { boardDateQuery } from "../../../components/board-date";
import { preparationKeys } from "./keys";

export const getPreparationBoard = async (date: string) =>
  PreparationBoard.parse(await get(`/preparation/${boardDateQuery(date)}`));

export const preparationBoardQuery = (date: string) =>
  queryOptions({ queryKey: preparationKeys.board(date), queryFn: () => getPreparationBoard(date) });

export const usePreparationBoard = (date: string) => useQuery(preparationBoardQuery(date));
