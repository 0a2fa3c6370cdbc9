import { useCallback, useEffect } from "react";
import { useOrderWizard, type WizardData } from "../../stores/order-wizard";
import { usePayMethods } from "./api/get-pay-methods";

/**
 * The payment method of the order being confirmed, kept with its delivery details (SPEC.md §3:
 * 'Atrás: Entrega' and an order reopened from Pendientes find the one chosen here); Efectivo
 * until the seller chooses, once the methods are known and while the order is not placed.
 */
/** `details`: the order's as shown (the placed order's once the store is cleared). */
export function usePaymentChoice(details: WizardData["details"], placed: boolean) {
  const payMethods = usePayMethods();
  const methods = payMethods.data;
  const payment = details?.payment_method.id ? String(details.payment_method.id) : null;
  const choosePayment = useCallback(
    (value: string | null) => {
      const method = methods?.find((m) => String(m.PK_PayMethods) === value);
      const { details: kept, setDetails } = useOrderWizard.getState();
      if (method && kept) setDetails({ ...kept, payment_method: { id: method.PK_PayMethods, name: method.Name } });
    },
    [methods],
  );

  useEffect(() => {
    if (placed || payment || !methods?.length) return;
    const cash = methods.find((m) => m.Name.toLowerCase() === "efectivo") ?? methods.find((m) => m.PK_PayMethods === 1);
    if (cash) choosePayment(String(cash.PK_PayMethods));
  }, [placed, payment, methods, choosePayment]);

  return { methods: methods ?? [], payment, choosePayment };
}
