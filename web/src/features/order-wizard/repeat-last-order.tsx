import { Button } from "@mantine/core";
import { useEffect, useState } from "react";
import { freezerHolding, type CartOutcome, type CatalogProduct } from "@domain/cart";
import type { LastOrder } from "@domain/contracts/orders";
import { repeatLine, type PastLine } from "@domain/repeat-order";
import { ApiError } from "../../api/messages";
import { notifyError, notifyFailure, notifyInfo, notifySuccess } from "../../components/notify";
import { useOrderWizard } from "../../stores/order-wizard";
import { OFFLINE_MESSAGES } from "../offline";
import { useLastOrderLookup } from "./api/get-last-order";

interface RepeatLastOrderProps {
  clientId: number;
  /** The client's last order as its detail names it: what the phone may have kept. */
  lastOrderId: number | null;
  /** Today's prices and stock, as the products step shows them. */
  catalog: Map<number, CatalogProduct>;
  /** The client's freezer balances. */
  freezer: { PK_Products: number; Quantity: string }[];
  /** The products step's own handling of a cart change: the notes' product claims and the stock warning. */
  onOutcome(outcome: CartOutcome, productId: number): void;
  /** While the stock warning is open, the next short line waits for it. */
  warningOpen: boolean;
}

const toPast = (order: LastOrder): PastLine[] =>
  order.products.map((p) => ({
    productId: p.FK_Products,
    productName: p.product_name,
    type: p.Type,
    amount: p.Amount,
    virtualFreezer: p.Virtual_Freezer,
  }));

/**
 * 'Repetir último pedido' (issue 16): the client's last order's lines join the cart one by one
 * through the cart's rules; lines short of stock then ask the usual stock warning, one at a time.
 */
export function RepeatLastOrder({
  clientId,
  lastOrderId,
  catalog,
  freezer,
  onOutcome,
  warningOpen,
}: RepeatLastOrderProps) {
  const lookup = useLastOrderLookup(clientId, lastOrderId);
  const [loading, setLoading] = useState(false);
  const [short, setShort] = useState<PastLine[]>([]);

  const outcomeOf = (line: PastLine) => {
    const { items, oldCart } = useOrderWizard.getState();
    const balance = Number(freezer.find((f) => f.PK_Products === line.productId)?.Quantity ?? 0);
    return repeatLine(items, line, catalog.get(line.productId), freezerHolding(balance, line.productId, oldCart));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: outcomeOf reads the store as it is now: only the queue and the warning move this on
  useEffect(() => {
    if (warningOpen || !short.length) return;
    const [next, ...rest] = short;
    setShort(rest);
    const outcome = outcomeOf(next!);
    if (outcome) onOutcome(outcome, next!.productId);
    // outcomeOf reads the store as it is now: only the queue and the warning move this on.
  }, [warningOpen, short]);

  async function repeat() {
    setLoading(true);
    let order: LastOrder;
    try {
      order = await lookup();
    } catch (error) {
      // No order, or none kept with no signal: the reason, at once.
      return error instanceof ApiError && (error.status === 404 || error.message === OFFLINE_MESSAGES.lastOrderNotKept)
        ? notifyError(error.message)
        : notifyFailure(error, "No se pudo cargar el último pedido.");
    } finally {
      setLoading(false);
    }
    const waiting: PastLine[] = [];
    const refusals: string[] = [];
    let added = 0;
    for (const line of toPast(order)) {
      const outcome = outcomeOf(line);
      if (!outcome) continue;
      if ("stockWarning" in outcome) waiting.push(line);
      else if (!outcome.ok) refusals.push(outcome.message);
      else {
        onOutcome(outcome, line.productId);
        added++;
      }
    }
    if (added)
      notifySuccess(
        `${added === 1 ? "Se agregó 1 producto" : `Se agregaron ${added} productos`} del pedido #${order.order_id}.`,
      );
    if (refusals.length) notifyError(refusals.join("\n"));
    if (!added && !refusals.length && !waiting.length)
      notifyInfo(`Los productos del pedido #${order.order_id} ya están en el pedido.`);
    setShort(waiting);
  }

  return (
    // Disabled while short lines still wait for their warning: a second press would queue them twice.
    <Button variant="light" onClick={() => void repeat()} loading={loading} disabled={short.length > 0}>
      Repetir último pedido
    </Button>
  );
}
