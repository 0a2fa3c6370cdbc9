/**
 * Orders a seller confirmed with no connection, kept on the phone until the server takes them
 * (DESIGN.md §10). Pure rules: which to send and in what order, how each answer changes them.
 */

/**
 * pending: waits to be sent; editing: open in the wizard, never sent meanwhile;
 * review: the server refused it ('Revisar'); sent: the server took it ("Enviado #N").
 */
export type PendingStatus = "pending" | "editing" | "review" | "sent";

/** A reason the server gave: on one line (its product) or on the whole order (productId null). */
export interface PendingReason {
  productId: number | null;
  message: string;
}

export interface PendingOrder<Body = unknown, Draft = unknown> {
  /** The order's Idempotency-Key, made once when it was first confirmed: every send carries it. */
  key: string;
  sellerId: number;
  clientId: number;
  clientName: string;
  /** Centavos, as the wizard computed it offline (the server prices it again). */
  total: number;
  /** ISO instant it was confirmed: the order it is sent in. */
  takenAt: string;
  /** What POST /order/ takes. */
  body: Body;
  /** The wizard's state, to open it there again. */
  draft: Draft;
  status: PendingStatus;
  /** While editing: where it goes back to if the wizard is left without confirming. */
  resumeStatus: "pending" | "review" | null;
  orderId: number | null;
  reasons: PendingReason[];
}

export const PENDING_MESSAGES = {
  kept: "Pedido guardado sin conexión: se enviará al recuperar la señal.",
  discard: (client: string) => `¿Descartar el pedido de ${client}? No se enviará.`,
  discarded: "Pedido descartado.",
  sent: (orderId: number, client: string) => `Pedido pendiente enviado: #${orderId} · ${client}`,
  refused: (client: string) => `El pedido de ${client} fue rechazado: revisalo.`,
  notOpenable: "Ese pedido ya se envió.",
} as const;

/** Sent orders stay listed ("Enviado #N") this long, then leave the phone. */
const SENT_KEPT_MS = 24 * 60 * 60 * 1000;
/** While anything waits, a send is tried this often (besides reconnect, start and focus). */
export const RETRY_EVERY_MS = 30_000;
/**
 * After a send that got no answer on a trigger (the signal back, start, focus), it is tried
 * again after these waits, before the 30 s timer: the 'online' event often fires before the
 * network carries anything (docs/decisions/pending-orders/0152-pending-orders.md).
 */
export const RETRY_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000] as const;

/** The wait before back-off try `attempt` (0 = the first retry), or null once they are spent. */
export const backoffDelay = (attempt: number): number | null => RETRY_BACKOFF_MS[attempt] ?? null;

const byTaken = <T extends Pick<PendingOrder, "takenAt" | "key">>(a: T, b: T) =>
  a.takenAt < b.takenAt ? -1 : a.takenAt > b.takenAt ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/** The seller's orders, oldest first, as the list shows them. */
export const ordersOf = <T extends PendingOrder>(orders: T[], sellerId: number): T[] =>
  orders.filter((o) => o.sellerId === sellerId).sort(byTaken);

/** What to send now, in the order taken: only the seller's own (the key is scoped to them) and only those waiting. */
export const sendQueue = <T extends PendingOrder>(orders: T[], sellerId: number): T[] =>
  ordersOf(orders, sellerId).filter((o) => o.status === "pending");

/** "Pendientes (N)": what has not reached the server yet, whatever its state. */
export const unsentCount = (orders: PendingOrder[], sellerId: number): number =>
  ordersOf(orders, sellerId).filter((o) => o.status !== "sent").length;

/** Sent orders older than SENT_KEPT_MS: to delete. */
export const expired = <T extends PendingOrder>(orders: T[], now: Date): T[] =>
  orders.filter((o) => o.status === "sent" && now.getTime() - Date.parse(o.takenAt) > SENT_KEPT_MS);

/**
 * What a failed send means. No answer, a timeout, 5xx, 429 or an expired session: the server may
 * not have seen it, so it stays pending and is sent again with the same key. Any other 4xx is the
 * server refusing this order: it waits for the seller's review.
 */
export function sendOutcome(status: number): "retry" | "refused" {
  if (status === 0 || status >= 500 || status === 401 || status === 408 || status === 429) return "retry";
  return status >= 400 ? "refused" : "retry";
}

export const markSent = <T extends PendingOrder>(order: T, orderId: number): T => ({
  ...order,
  status: "sent",
  resumeStatus: null,
  orderId,
  reasons: [],
});

export const markRefused = <T extends PendingOrder>(order: T, reasons: PendingReason[]): T => ({
  ...order,
  status: "review",
  resumeStatus: null,
  reasons,
});

/** Opened in the wizard: only an order not sent yet can be. */
export function markEditing<T extends PendingOrder>(order: T): T | null {
  if (order.status === "sent") return null;
  if (order.status === "editing") return order;
  return { ...order, status: "editing", resumeStatus: order.status };
}

/** The wizard was left without confirming: back to what it was, reasons and all. */
export const markResumed = <T extends PendingOrder>(order: T): T =>
  order.status === "editing" ? { ...order, status: order.resumeStatus ?? "pending", resumeStatus: null } : order;

/** Confirmed again with no connection: the new content waits, under the same key. */
export const markChanged = <T extends PendingOrder>(
  order: T,
  change: Pick<T, "body" | "draft" | "total" | "clientId" | "clientName">,
): T => ({ ...order, ...change, status: "pending", resumeStatus: null, reasons: [] });

/** A refusal's body as the server sends it (DESIGN.md §3): detail, and the product or fields it names. */
export interface RefusalBody {
  detail?: unknown;
  product_id?: unknown;
  errors?: unknown;
}

const LINE_FIELD = /^cart\.items\.(\d+)\./;

/**
 * The server's reasons, each on the line it names (a 409 names its product, a 400 the index of
 * the cart line), else on the whole order.
 */
export function refusalReasons(
  body: RefusalBody | null,
  items: { productId: number }[],
  fallback: string,
): PendingReason[] {
  const detail = typeof body?.detail === "string" && body.detail ? body.detail : fallback;
  if (typeof body?.product_id === "number") return [{ productId: body.product_id, message: detail }];
  const reasons: PendingReason[] = [];
  const errors = body?.errors && typeof body.errors === "object" ? (body.errors as Record<string, unknown>) : {};
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message !== "string") continue;
    const index = LINE_FIELD.exec(field)?.[1];
    const productId = index === undefined ? null : (items[Number(index)]?.productId ?? null);
    reasons.push({ productId, message });
  }
  if (!reasons.some((r) => r.message === detail)) reasons.unshift({ productId: null, message: detail });
  return reasons;
}
