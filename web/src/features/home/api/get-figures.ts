import { queryOptions, useQuery } from "@tanstack/react-query";
import { HomeFigures } from "@domain/contracts/home";
import { get } from "../../../api/http";
import { homeKeys } from "../keys";

const getFigures = async () => HomeFigures.parse(await get("/home/figures/"));

const figuresQuery = () => queryOptions({ queryKey: homeKeys.figures, queryFn: getFigures });

export const useFigures = () => useQuery(figuresQuery());
