import { useEffect, useRef } from "react";
import { capFreezerLines } from "@domain/cart";
import { useOrderWizard } from "../../stores/order-wizard";

/**
 * The order follows the client in the address: taken once, on arrival ('Volver a clientes'
 * clears the order before this page goes), and in modify mode the freezer lines get back their
 * cap from the freezer's balance.
 */
export function useClientOnArrival(
  clientId: number,
  client: { name: string; freezerItems: Parameters<typeof capFreezerLines>[1] } | undefined,
) {
  const wizard = useOrderWizard();
  const adopted = useRef<number | null>(null);
  const name = client?.name;
  useEffect(() => {
    if (name === undefined || adopted.current === clientId) return;
    adopted.current = clientId;
    if (wizard.clientId !== clientId) wizard.setClient(clientId, name);
  }, [name, clientId, wizard]);

  const freezerItems = client?.freezerItems;
  useEffect(() => {
    if (!freezerItems) return;
    const capped = capFreezerLines(wizard.items, freezerItems, wizard.oldCart);
    if (capped !== wizard.items) wizard.setItems(capped);
  }, [freezerItems, wizard]);
}
