import { useMemo, useSyncExternalStore } from "react";
import { ordersOf, unsentCount } from "@domain/pending-orders";
import { useSession } from "../../stores/session";
import { pendingStore } from "./pending-store";

/** The signed-in seller's orders kept on this phone, oldest first, across tabs. */
export function usePendingOrders() {
  const all = useSyncExternalStore(pendingStore.subscribe, pendingStore.snapshot);
  const sellerId = useSession((s) => s.user?.id);
  return useMemo(() => (sellerId ? ordersOf(all, sellerId) : []), [all, sellerId]);
}

/** How many of the seller's orders have not reached the server yet ("Pendientes (N)"). */
export function usePendingOrderCount() {
  const all = useSyncExternalStore(pendingStore.subscribe, pendingStore.snapshot);
  const sellerId = useSession((s) => s.user?.id);
  return sellerId ? unsentCount(all, sellerId) : 0;
}
