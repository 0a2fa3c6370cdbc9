import { useMutation } from "@tanstack/react-query";
import type { DispatchRoute } from "@domain/contracts/dispatch";
import { post } from "../../../api/http";
import { useRefreshDispatch } from "./get-board";

const sendRoute = ({ courier, orderIds }: { courier: number; orderIds: number[] }) =>
  post<DispatchRoute & { message: string }>("/dispatch/send-route/", { courier, order_ids: orderIds });

/** The route's events move its cards to Enviados; a refusal means this board was behind, so it reads again. */
export function useSendRoute() {
  const refresh = useRefreshDispatch();
  return useMutation({ mutationFn: sendRoute, onError: () => void refresh() });
}
