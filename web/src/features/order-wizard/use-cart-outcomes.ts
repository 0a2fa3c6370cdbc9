import { useState } from "react";
import type { CartOutcome, CatalogProduct } from "@domain/cart";
import { withProductClaim } from "@domain/notes";
import { notifyError, notifyFailure, notifySuccess } from "../../components/notify";
import { useOrderWizard } from "../../stores/order-wizard";
import { useProductClaimLookup } from "./api/product-claim";
import { useUpdateStock } from "./api/update-stock";
import type { StockWarningState } from "./stock-warning";

/**
 * What a change to the cart ends in (domain/cart.ts `CartOutcome`): the new lines, a refusal
 * said in a notice, or the stock warning of SPEC.md §2 whose 'Actualizar stock' saves the stock
 * and then takes the line. `revision` moves when the cart kept its lines, so quantity boxes
 * show them again.
 */
export function useCartOutcomes(clientId: number, catalog: Map<number, CatalogProduct>) {
  const wizard = useOrderWizard();
  const stockUpdate = useUpdateStock();
  const productClaim = useProductClaimLookup(clientId);
  const [warning, setWarning] = useState<(StockWarningState & { pending: CartOutcome }) | null>(null);
  const [revision, setRevision] = useState(0);

  /** SPEC.md §7: a product new to the cart brings its claim (type 3) into the notes. */
  async function noteClaim(productId: number) {
    const name = catalog.get(productId)?.Name;
    try {
      const claim = await productClaim(productId);
      if (claim && name) {
        const { notes, setNotes } = useOrderWizard.getState();
        setNotes(withProductClaim(notes, name, claim));
      }
    } catch (error) {
      notifyFailure(error, "Error al verificar reclamo");
    }
  }

  function apply(outcome: CartOutcome, productId: number) {
    if (outcome.ok) {
      const isNew =
        !wizard.items.some((l) => l.productId === productId) && outcome.items.some((l) => l.productId === productId);
      wizard.setItems(outcome.items);
      if (isNew) void noteClaim(productId);
      if (outcome.warning) notifyError(outcome.warning);
    } else if ("message" in outcome) {
      notifyError(outcome.message);
    } else {
      const product = catalog.get(productId);
      setWarning({
        ...outcome.stockWarning,
        productName: product?.Name ?? "",
        pending: { ok: true, items: outcome.stockWarning.items },
      });
    }
  }

  /** 'Aceptar', or a stock that still falls short: the cart keeps its line and the boxes show it. */
  function keepCart() {
    setWarning(null);
    setRevision((r) => r + 1);
  }

  async function saveStock(quantity: number) {
    if (!warning) return;
    try {
      await stockUpdate.mutateAsync({ id: warning.productId, quantity });
    } catch (error) {
      notifyFailure(error, "No se pudo actualizar el stock. Intenta nuevamente.");
      throw error;
    }
    notifySuccess("Stock actualizado correctamente.");
    if (quantity < warning.desiredKg || !warning.pending.ok) return keepCart();
    const isNew = !wizard.items.some((l) => l.productId === warning.productId);
    wizard.setItems(warning.pending.items);
    if (isNew) void noteClaim(warning.productId);
    setWarning(null);
  }

  return { apply, warning, keepCart, saveStock, revision };
}
