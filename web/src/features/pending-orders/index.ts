/**
 * Orders taken with no connection, kept on the phone and sent when the signal is back
 * (docs/decisions/pending-orders.md).
 */
export { isConnectionFailure, keepPendingOrder, markPendingSent } from "./pending-actions";
export { PendingOrdersBadge } from "./pending-badge";
export { PendingOrdersSync } from "./pending-sync";
/**
 * A new app version waits while this is above 0 (issue 32 item 2, the offline shell's update).
 * @public
 */
export { usePendingOrderCount } from "./use-pending-orders";
