import { useAppUpdates, usePersistentStorage } from "../features/offline/background";
import { KeptClientDirectory } from "../features/order-wizard";
import { PendingOrdersSync, usePendingOrderCount } from "../features/pending-orders";

/**
 * What runs while signed in and paints nothing: the sending of orders taken offline, the
 * app's updates, the request for persistent storage and the kept client directory. Loaded after the first screen
 * (app/guards.tsx): the pending orders' store, the service worker's window library and the
 * wizard's submit code are not on its way.
 */
export function SessionBackground() {
  // A new version waits while an order is open or any order taken offline has not been sent.
  useAppUpdates(usePendingOrderCount());
  usePersistentStorage();
  return (
    <>
      <PendingOrdersSync />
      <KeptClientDirectory />
    </>
  );
}
