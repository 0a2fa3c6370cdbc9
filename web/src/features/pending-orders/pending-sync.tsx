import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { backoffDelay, expired, RETRY_EVERY_MS } from "@domain/pending-orders";
import { useOrderWizard } from "../../stores/order-wizard";
import { resumeEditing, resumePendingOrder } from "./pending-actions";
import { pendingStore } from "./pending-store";
import { prefetchPendingOrdersPage } from "./prefetch";
import { sendPendingOrders } from "./send-pending";
import { usePendingOrderCount } from "./use-pending-orders";

/**
 * Sends the orders kept offline when the signal may be back: on start, on reconnect ('online'),
 * when the seller comes back to the app (each retried after 1, 2, 4 and 8 s while no answer
 * comes), and every 30 s while any waits. Renders nothing.
 */
export function PendingOrdersSync() {
  const queryClient = useQueryClient();
  const waiting = usePendingOrderCount() > 0;

  useEffect(() => {
    // A send that gets no answer is tried again after 1, 2, 4 and 8 s, before the 30 s timer.
    let retry: ReturnType<typeof setTimeout> | undefined;
    const attempt = (step: number) =>
      void sendPendingOrders(queryClient).then((reached) => {
        const delay = reached ? null : backoffDelay(step);
        if (delay !== null) retry = setTimeout(() => attempt(step + 1), delay);
      });
    const send = () => {
      clearTimeout(retry);
      attempt(0);
    };
    const visible = () => document.visibilityState === "visible" && send();
    void (async () => {
      const all = await pendingStore.all();
      await pendingStore.remove(expired(all, new Date()).map((o) => o.key));
      await resumeEditing(useOrderWizard.getState().pendingKey);
      send();
    })();
    window.addEventListener("online", send);
    window.addEventListener("focus", send);
    document.addEventListener("visibilitychange", visible);
    // An order opened from the list and then left (another client, a menu link) waits again.
    const unsubscribe = useOrderWizard.subscribe((state, previous) => {
      if (previous.pendingKey && previous.pendingKey !== state.pendingKey) void resumePendingOrder(previous.pendingKey);
    });
    return () => {
      clearTimeout(retry);
      window.removeEventListener("online", send);
      window.removeEventListener("focus", send);
      document.removeEventListener("visibilitychange", visible);
      unsubscribe();
    };
  }, [queryClient]);

  useEffect(() => {
    if (!waiting) return;
    // Kept orders are listed in Pendientes, which must open with no signal.
    prefetchPendingOrdersPage();
    const timer = setInterval(() => void sendPendingOrders(queryClient), RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, queryClient]);

  return null;
}
