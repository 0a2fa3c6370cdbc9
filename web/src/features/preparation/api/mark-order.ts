import { useMutation } from "@tanstack/react-query";
import { post } from "../../../api/http";

interface MarkOrder {
  orderId: number;
  prepared: boolean;
  /** By order line: the real weight packed (kilos, issue 41) and the lots taken instead of the suggested ones (issue 42). */
  lines?: { detailed_product_id: number; picked_weight?: number; lots?: { lot_id: number; quantity: number }[] }[];
  /** Accepts weights outside a product's tolerance, once the preparer confirmed them. */
  confirmTolerance?: boolean;
}

/** Preparado! or Pendiente (SPEC.md §2); the order's event moves its card on every board, this one included. */
const markOrder = ({ orderId, prepared, lines, confirmTolerance }: MarkOrder) =>
  prepared
    ? post<{ message: string }>("/orders/prepared/", {
        order_id: orderId,
        ...(lines?.length ? { lines, confirm_tolerance: !!confirmTolerance } : {}),
      })
    : post<{ message: string }>("/orders/pending/", { order_id: orderId });

export const useMarkOrder = () => useMutation({ mutationFn: markOrder });
