import { useMutation, useQueryClient } from "@tanstack/react-query";
import { post } from "../../../api/http";
import { referenceKeys } from "../../../api/references";
import { settingsKeys } from "./keys";

const updateShippingCost = (body: { zone_id: number; price: number | string }) => post("/update-shipping-cost/", body);

/** The zones' prices show in this card, the client forms and the wizard: all read them again. */
export function useUpdateShippingCost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateShippingCost,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: settingsKeys.shipments }),
        client.invalidateQueries({ queryKey: referenceKeys.all }),
      ]),
  });
}
