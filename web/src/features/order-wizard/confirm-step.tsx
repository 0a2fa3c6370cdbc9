import { Alert, Grid, Title } from "@mantine/core";
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { CART_MESSAGES, cartTotals, type CartLine, type CatalogProduct } from "@domain/cart";
import { shortLines, shortLineText } from "@domain/cart-stock";
import { ORDER_MESSAGES } from "@domain/contracts/orders";
import { toCentavos } from "@domain/money";
import { repricedLines } from "@domain/repriced-lines";
import { useCan } from "../../api/can";
import { useOrderWizard } from "../../stores/order-wizard";
import { useWizardProducts } from "./api/get-products";
import { ConfirmLines } from "./confirm-lines";
import { ConfirmSummary } from "./confirm-summary";
import { CreditRefusalAlert } from "./credit-refusal";
import { ShortStockAlert } from "./stock-refusal";
import { useConfirmOrder } from "./use-confirm-order";
import { usePaymentChoice } from "./use-payment-choice";
import { WizardHeader } from "./wizard-header";

/** Step 3 of the wizard: the order's lines, payment, notes and totals, then 'Confirmar pedido'. */
export function ConfirmStep() {
  const clientId = Number(useParams().clientId);
  const navigate = useNavigate();
  const wizard = useOrderWizard();
  const products = useWizardProducts("");
  const passesCredit = useCan("accounts.manage");
  const catalog = useMemo(
    () => new Map<number, CatalogProduct>((products.data ?? []).map((p) => [p.PK_Products, p])),
    [products.data],
  );
  const confirmation = useConfirmOrder(clientId);
  const { placed, refusal } = confirmation;
  // SPEC.md §4: after a confirmation the cart is cleared, yet the page still reads the order it confirmed, not an empty one.
  const order = placed ?? wizard;
  const { payment, methods, choosePayment } = usePaymentChoice(order.details, !!placed);
  const totals = cartTotals(order.items, catalog);
  const delivery = toCentavos(order.details?.delivery_cost ?? 0);
  const method = methods.find((m) => String(m.PK_PayMethods) === payment);
  const confirm = (overCredit?: boolean) =>
    void confirmation.confirm(
      { totals, total: totals.total + delivery, payment: method && { id: method.PK_PayMethods, name: method.Name } },
      overCredit,
    );
  const short = placed ? new Map<number, number>() : shortLines(wizard.items, catalog, wizard.oldCart);
  /** A line's mark: off sale, or the stock live events say is left, else the server's refusal naming its product. */
  const markOf = (line: CartLine) => {
    // Only a catalogue that has loaded can say a product is off sale.
    if (products.data && !catalog.has(line.productId)) return CART_MESSAGES.offSale;
    const available = line.virtual_freezer ? undefined : short.get(line.productId);
    if (available !== undefined) return shortLineText(available);
    return refusal?.productId === line.productId ? refusal.message : null;
  };

  return (
    <>
      <WizardHeader
        step={3}
        orderId={order.orderId}
        back={placed ? undefined : { to: `/orders/${clientId}/delivery`, label: "Atrás: Entrega" }}
      />
      <Title order={2} size="h3" mb="md">
        Confirmar pedido · {order.clientName}
      </Title>
      {!order.details && <Alert color="red">{ORDER_MESSAGES.missingDelivery}</Alert>}
      <ShortStockAlert
        refusal={refusal}
        shortNames={order.items.filter((l) => !l.virtual_freezer && short.has(l.productId)).map((l) => l.productName)}
        onBack={() => navigate(`/orders/${clientId}/products`)}
      />
      <CreditRefusalAlert
        refusal={confirmation.creditRefusal}
        taking={confirmation.sending}
        onTakeAnyway={passesCredit ? () => confirm(true) : undefined}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ConfirmLines
            items={order.items}
            catalog={catalog}
            repriced={repricedLines(order.items, catalog)}
            markOf={markOf}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ConfirmSummary
            details={order.details}
            methods={methods}
            payment={payment}
            onPayment={choosePayment}
            notes={order.notes}
            onNotes={wizard.setNotes}
            weight={totals.weight}
            subtotal={totals.total}
            delivery={delivery}
            error={confirmation.error}
            placed={placed}
            sending={confirmation.sending}
            canConfirm={wizard.items.length > 0}
            onConfirm={() => confirm()}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
