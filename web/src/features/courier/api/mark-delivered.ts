import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/http";
import { courierKeys } from "./keys";

interface DeliveredInput {
  orderId: number;
  /** The amount as the field read it, "111000.00"; the server checks it to the centavo. */
  amountReceived: string | null;
  photo: File | null;
  /** The goods' temperature as es-AR text ('-18,5'), when one was read. */
  temperatureC?: string | null;
  /** What was done when the goods arrived warmer than the maximum. */
  temperatureNote?: string;
}

/** Multipart, since a proof photo may go along. */
function markDelivered({ orderId, amountReceived, photo, temperatureC, temperatureNote }: DeliveredInput) {
  const form = new FormData();
  form.append("order_id", String(orderId));
  if (amountReceived !== null && amountReceived.trim() !== "") form.append("amount_received", amountReceived.trim());
  if (temperatureC) form.append("temperature_c", temperatureC);
  if (temperatureNote?.trim()) form.append("temperature_note", temperatureNote.trim());
  if (photo) form.append("photo", photo);
  return api<{ message: string }>("/courier/delivered/", { method: "POST", body: form });
}

export function useMarkDelivered() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markDelivered,
    onSettled: () => client.invalidateQueries({ queryKey: courierKeys.all }),
  });
}
