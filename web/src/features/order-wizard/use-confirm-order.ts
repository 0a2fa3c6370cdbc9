import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { cartTotals } from "@domain/cart";
import { buildOrderRequest } from "@domain/build-order-request";
import { ORDER_MESSAGES } from "@domain/contracts/orders";
import { PENDING_MESSAGES } from "@domain/pending-orders";
import { notifyError, notifyFailure } from "../../components/notify";
import { useOrderWizard, wizardDataOf, type WizardData } from "../../stores/order-wizard";
import { isConnectionFailure, keepPendingOrder, markPendingSent } from "../pending-orders";
import { wizardKeys } from "./api/keys";
import { useSubmitOrder } from "./api/submit-order";
import { creditRefusalOf, type CreditRefusal } from "./credit-refusal";
import { placedNotice, type PlacedNotice } from "./placed-notice";
import { saveReceipt } from "./receipt-notice";
import { stockRefusalOf, type StockRefusal } from "./stock-refusal";

const REDIRECT_MS = 1_200;

/** The order as it was confirmed: the store is cleared at once, and the page shows this until it moves on. */
export type Placed = Pick<WizardData, "items" | "details" | "notes" | "clientName" | "orderId"> & {
  placedId: number | null;
  /** Kept on the phone with no connection, to be sent later. */
  kept?: boolean;
};

/** What the page shows when 'Confirmar pedido' is pressed. */
export interface ConfirmInput {
  totals: ReturnType<typeof cartTotals>;
  /** The whole to keep with an order waiting on the phone: lines and delivery. */
  total: number;
  payment: { id: number; name: string } | undefined;
}

/**
 * 'Confirmar pedido': the request built from the wizard, sent under one key per attempt (kept on
 * the phone when there is no connection), and the page's answer — placed, refused for stock or
 * credit, or an error — then back to Nuevo Pedido.
 */
export function useConfirmOrder(clientId: number) {
  const navigate = useNavigate();
  const wizard = useOrderWizard();
  const submit = useSubmitOrder();
  const queryClient = useQueryClient();
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [refusal, setRefusal] = useState<StockRefusal | null>(null);
  const [creditRefusal, setCreditRefusal] = useState<CreditRefusal | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per confirmation attempt: a double click or a retry creates one order.
  const idempotencyKey = useRef(crypto.randomUUID());

  /** `overCredit`: an Admin, told of the limit, takes the order anyway (kept in its history). */
  async function confirm({ totals, total, payment }: ConfirmInput, overCredit = false) {
    const { details } = wizard;
    if (!details) return setError(ORDER_MESSAGES.missingDelivery);
    if (!payment) return setError(ORDER_MESSAGES.payment);
    const built = buildOrderRequest({ ...wizard, clientId }, { payment, totals });
    if (!built.ok) return setError(built.message);
    setError(null);
    setRefusal(null);
    setCreditRefusal(null);
    // An order opened from Pendientes keeps the key it was kept with: sent twice, it is still one order.
    const key = wizard.pendingKey ?? idempotencyKey.current;
    const body = overCredit
      ? { ...built.request, orderData: { ...built.request.orderData, allow_over_credit: true as const } }
      : built.request;
    const { items, notes, clientName, orderId } = wizard;
    const kept = { key, body, draft: wizardDataOf(wizard), total, clientId, clientName: clientName ?? "" };
    const keep = async () => {
      await keepPendingOrder(kept);
      setPlaced({ items, details, notes, clientName, orderId, placedId: null, kept: true });
      wizard.clear();
    };
    if (!navigator.onLine) return keep();
    try {
      const answer = await submit.mutateAsync({ body, idempotencyKey: key });
      if (!answer?.success) return notifyError("No se pudo confirmar el pedido.");
      if (wizard.pendingKey && answer.order_id) await markPendingSent(kept, answer.order_id);
      // The client's last order moved: the kept directory is read again.
      void queryClient.invalidateQueries({ queryKey: wizardKeys.directory, exact: true });
      if (answer.order_id) void saveReceipt(answer.order_id, wizard.clientName ?? "cliente");
      setPlaced({ items, details, notes, clientName, orderId, placedId: answer.order_id ?? null });
      wizard.clear();
    } catch (failure) {
      // No answer: the server may have taken it, so it waits on the phone under this same key.
      if (isConnectionFailure(failure)) return keep();
      idempotencyKey.current = crypto.randomUUID();
      const overLimit = creditRefusalOf(failure);
      if (overLimit) return setCreditRefusal(overLimit);
      const refused = stockRefusalOf(failure);
      if (!refused) return notifyFailure(failure, "Error al confirmar el pedido.");
      // The stock this tab knew was not the stock now (it missed events): read it again, so the products step marks the line.
      setRefusal(refused);
      void queryClient.invalidateQueries({ queryKey: wizardKeys.products });
    }
  }

  // What happened is said on the page, here and on the next one, not in a notice over its heading.
  useEffect(() => {
    if (!placed) return;
    const notice: PlacedNotice = placed.kept ? PENDING_MESSAGES.kept : placedNotice(placed.placedId);
    const timer = setTimeout(() => navigate("/orders/new", { state: { notice } }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [placed, navigate]);

  return { confirm, placed, refusal, creditRefusal, error, sending: submit.isPending };
}
