import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ColdChainSetting } from "@domain/contracts/settings";
import { get, put } from "../../../api/http";
import { settingsKeys } from "./keys";

/** `GET`/`PUT /api/settings/cold-chain/`: whether 'Entregado' asks the temperature, and the maximum. */
const getColdChain = async () => ColdChainSetting.parse(await get("/settings/cold-chain/"));

const coldChainOptions = () => queryOptions({ queryKey: settingsKeys.coldChain, queryFn: getColdChain });

export const useColdChain = () => useQuery(coldChainOptions());

const saveColdChain = (body: { required: boolean; max_c: number }) =>
  put<{ message: string }>("/settings/cold-chain/", body);

export function useSaveColdChain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveColdChain,
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.coldChain }),
  });
}
