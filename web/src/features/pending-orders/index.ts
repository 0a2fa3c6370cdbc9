/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/pending-orders/0152-pending-orders.md
 */
/**
 * Orders taken with no connection, kept on the phone and sent when the signal is back
 * (docs/decisions/pending-orders/0152-pending-orders.md).
 */
export { isConnectionFailure, keepPendingOrder, markPendingSent } from "./pending-actions";
export { PendingOrdersBadge } from "./pending-badge";
export { PendingOrdersSync } from "./pending-sync";
/** A new app version waits while this is above 0 (docs/decisions/offline/0149-offline-app-updates.md). */
export { usePendingOrderCount } from "./use-pending-orders";
export { prefetchPendingOrdersPage } from "./prefetch";
