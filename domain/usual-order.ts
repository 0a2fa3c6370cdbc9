/**
 * The time slot and payment method a client's last order used, offered again for the next one
 * (SPEC.md §3 `time.persist`; docs/decisions/order-wizard/0151-quick-order.md): only while they are still offered,
 * and never the slot placeholder.
 */
import { TIME_PLACEHOLDER_ID } from "./delivery-rules";

interface PastOrder {
  shipping_time_id: number | null;
  payment_method_id: number | null;
}
interface Slot {
  PK_TimesShipping: number;
  Name: string;
}
interface PayMethod {
  PK_PayMethods: number;
  Name: string;
}

export interface UsualChoices {
  time: { id: number; text: string; persist: true } | null;
  payment: { id: number; name: string } | null;
}

export function usualChoices(order: PastOrder | null, slots: Slot[], payMethods: PayMethod[]): UsualChoices {
  const slot = slots.find(
    (s) => s.PK_TimesShipping === order?.shipping_time_id && s.PK_TimesShipping !== TIME_PLACEHOLDER_ID,
  );
  const method = payMethods.find((m) => m.PK_PayMethods === order?.payment_method_id);
  return {
    time: slot ? { id: slot.PK_TimesShipping, text: slot.Name, persist: true } : null,
    payment: method ? { id: method.PK_PayMethods, name: method.Name } : null,
  };
}
