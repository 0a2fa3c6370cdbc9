import { queryOptions, useQuery } from "@tanstack/react-query";
import { PreparationBoard } from "@domain/contracts/preparation";
import { get } from "../../../api/http";
import { boardDateQuery } from "../../../components/board-date";
import { preparationKeys } from "./keys";

const getPreparationBoard = async (date: string) =>
  PreparationBoard.parse(await get(`/preparation/${boardDateQuery(date)}`));

const preparationBoardQuery = (date: string) =>
  queryOptions({ queryKey: preparationKeys.board(date), queryFn: () => getPreparationBoard(date) });

/** `live`: the socket receives this date's preparation events (usePreparationEvents): read only then. */
export const usePreparationBoard = (date: string, live: boolean) =>
  useQuery({ ...preparationBoardQuery(date), enabled: live });
