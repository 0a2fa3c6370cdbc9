import { markChanged, markEditing, markResumed, markSent } from "@domain/pending-orders";
import { ApiError } from "../../api/messages";
import { useSession } from "../../stores/session";
import { pendingStore, type PendingOrder } from "./pending-store";
import { withPendingLock } from "./send-pending";

/**
 * No connection: the request never got an answer (fetch threw, the phone is offline, the 15 s
 * timeout). A 4xx is an answer, a refusal the seller sees at once; a 5xx is the server's fault.
 */
export const isConnectionFailure = (error: unknown) =>
  (error instanceof ApiError && error.status === 0) || (typeof navigator !== "undefined" && !navigator.onLine);

export type KeptOrder = Pick<PendingOrder, "key" | "body" | "draft" | "total" | "clientId" | "clientName">;

/** Keeps a confirmed order on the phone under its key; one opened again keeps its place in the queue. */
export async function keepPendingOrder(kept: KeptOrder): Promise<void> {
  const sellerId = useSession.getState().user?.id;
  if (!sellerId) throw new Error("No session user to keep the order for");
  const changed = await pendingStore.change(kept.key, (order) => markChanged(order, kept));
  if (changed) return;
  await pendingStore.put({
    ...kept,
    sellerId,
    takenAt: new Date().toISOString(),
    status: "pending",
    resumeStatus: null,
    orderId: null,
    reasons: [],
  });
}

/** An order opened again and confirmed online: the list says "Enviado #N", with what was sent. */
export const markPendingSent = (kept: KeptOrder, orderId: number) =>
  pendingStore.change(kept.key, (order) => markSent(markChanged(order, kept), orderId));

/** Takes an order out of the queue to change it; null once it was sent (a send in flight finishes first). */
export const openPendingOrder = (key: string) =>
  withPendingLock(async () => {
    const order = await pendingStore.get(key);
    return order ? pendingStore.change(key, markEditing) : null;
  });

export const discardPendingOrder = (key: string) => withPendingLock(() => pendingStore.remove([key]));

/** An order left in the wizard without a confirmation goes back to waiting (or to review). */
export const resumePendingOrder = (key: string) => pendingStore.change(key, markResumed);

/** On start: orders some wizard left open, but not the one this wizard holds, wait again. */
export async function resumeEditing(except: string | null) {
  for (const order of await pendingStore.all())
    if (order.status === "editing" && order.key !== except) await resumePendingOrder(order.key);
}
