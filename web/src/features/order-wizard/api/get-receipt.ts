import { api } from "../../../api/http";

/** SPEC.md §7: the order's receipt, a PNG image. A file to save, not a screen's data, so no query. */
export const getReceipt = (orderId: number) => api<Blob>(`/orders/${orderId}/receipt.png`);
