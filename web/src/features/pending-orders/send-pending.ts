import type { QueryClient } from "@tanstack/react-query";
import {
  markRefused,
  markSent,
  PENDING_MESSAGES,
  refusalReasons,
  sendOutcome,
  sendQueue,
  type RefusalBody,
} from "@domain/pending-orders";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useSession } from "../../stores/session";
import { saveReceipt, submitOrder, wizardKeys } from "../order-wizard";
import { pendingStore, type PendingOrder } from "./pending-store";

/** One sender across the phone's tabs: opening or discarding an order waits for a send in flight. */
const LOCK = "frio-pending-orders";

export function withPendingLock<T>(work: () => Promise<T>): Promise<T> {
  // Without Web Locks (an old browser) the tab still sends; the key keeps a second send harmless.
  if (!navigator.locks) return work();
  return navigator.locks.request(LOCK, work) as Promise<T>;
}

/** Sends one order with its own key; false when the server could not be reached (stop, keep order). */
async function sendOne(order: PendingOrder, queryClient: QueryClient): Promise<boolean> {
  try {
    const answer = await submitOrder({ body: order.body, idempotencyKey: order.key });
    if (!answer?.success || !answer.order_id) throw new ApiError(0, "");
    await pendingStore.change(order.key, (o) => markSent(o, answer.order_id!));
    notifySuccess(PENDING_MESSAGES.sent(answer.order_id, order.clientName));
    void saveReceipt(answer.order_id, order.clientName);
    void queryClient.invalidateQueries({ queryKey: wizardKeys.client(order.clientId) });
    return true;
  } catch (failure) {
    const status = failure instanceof ApiError ? failure.status : 0;
    if (sendOutcome(status) === "retry") return false;
    const { data, message } = failure as ApiError;
    const reasons = refusalReasons(data as RefusalBody | null, order.body.cart.items, message);
    await pendingStore.change(order.key, (o) => markRefused(o, reasons));
    notifyError(PENDING_MESSAGES.refused(order.clientName));
    return true;
  }
}

/** False when an order got no answer (it and the later ones still wait). */
function sendAll(sellerId: number, queryClient: QueryClient): Promise<boolean> {
  return withPendingLock(async () => {
    // Each pass shows what is kept as it is now: another tab may have sent an order, and a
    // message between tabs that came before this tab listened is not sent again.
    void pendingStore.refresh();
    for (const queued of sendQueue(await pendingStore.all(), sellerId)) {
      // Read again under the lock: another tab may have sent, opened or discarded it meanwhile.
      const order = await pendingStore.get(queued.key);
      if (order?.status !== "pending") continue;
      // In the order taken: when one cannot go, the later ones wait behind it.
      if (!(await sendOne(order, queryClient))) return false;
    }
    return true;
  });
}

let running: Promise<boolean> | null = null;
let again = false;

/**
 * Sends what waits, oldest first; true once nothing is left waiting for an answer. A call while
 * a send runs (a double tap, 'online' and focus at once) makes one more pass after it, never a
 * second sender.
 */
export function sendPendingOrders(queryClient: QueryClient): Promise<boolean> {
  const sellerId = useSession.getState().user?.id;
  if (!sellerId || !useSession.getState().access) return Promise.resolve(true);
  if (running !== null) {
    again = true;
    return running;
  }
  running = (async () => {
    let reached = true;
    do {
      again = false;
      // A failure outside one order's answer (the store, the lock): the orders stay kept and the next signal sends them.
      reached = await sendAll(sellerId, queryClient).catch((error: unknown) => {
        console.error("No se pudieron enviar los pedidos pendientes", error);
        return true;
      });
    } while (again);
    return reached;
  })().finally(() => {
    running = null;
  });
  return running;
}
