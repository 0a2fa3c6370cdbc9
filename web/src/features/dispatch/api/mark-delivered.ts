import { useMutation } from "@tanstack/react-query";
import { post } from "../../../api/http";

const markDelivered = (orderId: number) => post<{ message: string }>("/dispatch/delivered/", { order_id: orderId });

/** Its order.status_changed takes the card off the Enviados list on every board. */
export const useMarkDelivered = () => useMutation({ mutationFn: markDelivered });
