import { Alert, Button, Card, Grid, Group, Select, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { CART_MESSAGES, cartTotals, linePrice, type CartLine, type CatalogProduct } from "../../../../domain/cart";
import { repricedLines } from "../../../../domain/repriced-lines";
import { shortLines, shortLineText } from "../../../../domain/cart-stock";
import { ORDER_MESSAGES } from "../../../../domain/contracts/orders";
import { buildOrderRequest } from "../../../../domain/build-order-request";
import { formatIsoDate } from "../../../../domain/calendar";
import { formatLineQuantity, formatMoneyWizard, formatWeight, toCentavos } from "../../../../domain/money";
import { PENDING_MESSAGES } from "../../../../domain/pending-orders";
import { notifyError, notifyFailure } from "../../components/notify";
import { useOrderWizard, wizardDataOf, type WizardData } from "../../stores/order-wizard";
import { isConnectionFailure, keepPendingOrder, markPendingSent } from "../pending-orders";
import { useQueryClient } from "@tanstack/react-query";
import { usePayMethods } from "./api/get-pay-methods";
import { useWizardProducts } from "./api/get-products";
import { wizardKeys } from "./api/keys";
import { useSubmitOrder } from "./api/submit-order";
import { saveReceipt } from "./receipt-notice";
import { RepricedMark } from "./repriced-mark";
import { ShortStockAlert, stockRefusalOf, type StockRefusal } from "./stock-refusal";
import { CreditRefusalAlert, creditRefusalOf, type CreditRefusal } from "./credit-refusal";
import { useCan } from "../../api/can";
import { WizardHeader } from "./wizard-header";
import { placedNotice, type PlacedNotice } from "./placed-notice";

const REDIRECT_MS = 1_200;

/** The order as it was confirmed: the store is cleared at once, and the page shows this until it moves on. */
type Placed = Pick<WizardData, "items" | "details" | "notes" | "clientName" | "orderId"> & {
  placedId: number | null;
  /** Kept on the phone with no connection, to be sent later. */
  kept?: boolean;
};

export function ConfirmStep() {
  const clientId = Number(useParams().clientId);
  const navigate = useNavigate();
  const wizard = useOrderWizard();
  const [placed, setPlaced] = useState<Placed | null>(null);
  // SPEC.md §4: after a confirmation the cart is cleared, yet the page still reads the order it confirmed, not an empty one.
  const order = placed ?? wizard;
  const payMethods = usePayMethods();
  const products = useWizardProducts("");
  const submit = useSubmitOrder();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<StockRefusal | null>(null);
  const [creditRefusal, setCreditRefusal] = useState<CreditRefusal | null>(null);
  const passesCredit = useCan("accounts.manage");
  // SPEC.md §3: the payment method is one of the order details kept locally, so 'Atrás: Entrega'
  // and an order reopened from Pendientes find the one chosen here.
  const payment = order.details?.payment_method.id ? String(order.details.payment_method.id) : null;
  const methods = payMethods.data;
  const choosePayment = useCallback(
    (value: string | null) => {
      const method = methods?.find((m) => String(m.PK_PayMethods) === value);
      const { details: kept, setDetails } = useOrderWizard.getState();
      if (method && kept) setDetails({ ...kept, payment_method: { id: method.PK_PayMethods, name: method.Name } });
    },
    [methods],
  );
  const [error, setError] = useState<string | null>(null);
  // One key per confirmation attempt: a double click or a retry creates one order.
  const idempotencyKey = useRef(crypto.randomUUID());

  useEffect(() => {
    if (placed || payment || !methods?.length) return;
    const cash = methods.find((m) => m.Name.toLowerCase() === "efectivo") ?? methods.find((m) => m.PK_PayMethods === 1);
    if (cash) choosePayment(String(cash.PK_PayMethods));
  }, [placed, payment, methods, choosePayment]);

  const catalog = useMemo(
    () => new Map<number, CatalogProduct>((products.data ?? []).map((p) => [p.PK_Products, p])),
    [products.data],
  );
  const totals = cartTotals(order.items, catalog);
  const details = order.details;
  const delivery = toCentavos(details?.delivery_cost ?? 0);
  const short = placed ? new Map<number, number>() : shortLines(wizard.items, catalog, wizard.oldCart);
  const repriced = repricedLines(order.items, catalog);
  /** A line's mark: off sale, or the stock live events say is left, else the server's refusal naming its product. */
  const markOf = (line: CartLine) => {
    // Only a catalogue that has loaded can say a product is off sale.
    if (products.data && !catalog.has(line.productId)) return CART_MESSAGES.offSale;
    const available = line.virtual_freezer ? undefined : short.get(line.productId);
    if (available !== undefined) return shortLineText(available);
    return refusal?.productId === line.productId ? refusal.message : null;
  };

  /** `overCredit`: an Admin, told of the limit, takes the order anyway (kept in its history). */
  async function confirm(overCredit = false) {
    if (!details) return setError(ORDER_MESSAGES.missingDelivery);
    const method = payMethods.data?.find((m) => String(m.PK_PayMethods) === payment);
    if (!method) return setError(ORDER_MESSAGES.payment);
    const built = buildOrderRequest(
      { ...wizard, clientId },
      { payment: { id: method.PK_PayMethods, name: method.Name }, totals },
    );
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
    const kept = {
      key,
      body,
      draft: wizardDataOf(wizard),
      total: totals.total + delivery,
      clientId,
      clientName: clientName ?? "",
    };
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
      {!details && <Alert color="red">{ORDER_MESSAGES.missingDelivery}</Alert>}
      <ShortStockAlert
        refusal={refusal}
        shortNames={order.items.filter((l) => !l.virtual_freezer && short.has(l.productId)).map((l) => l.productName)}
        onBack={() => navigate(`/orders/${clientId}/products`)}
      />
      <CreditRefusalAlert
        refusal={creditRefusal}
        taking={submit.isPending}
        onTakeAnyway={passesCredit ? () => void confirm(true) : undefined}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder>
            <Table aria-label="Productos del pedido">
              <Table.Thead>
                {/* Phones: quantity and type go under the product, so every amount shows whole. */}
                <Table.Tr>
                  <Table.Th>Producto</Table.Th>
                  <Table.Th visibleFrom="xs">Cantidad</Table.Th>
                  <Table.Th visibleFrom="xs">Tipo</Table.Th>
                  <Table.Th ta="right">Importe</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.items.map((line) => {
                  const product = catalog.get(line.productId);
                  const mark = markOf(line);
                  const quoted = line.virtual_freezer ? undefined : repriced.get(line.productId);
                  return (
                    <Table.Tr key={`${line.productId}-${line.virtual_freezer}`} data-short={mark ? true : undefined}>
                      <Table.Td>
                        {line.productName}
                        {line.virtual_freezer ? " ❄️" : ""}
                        <Text size="sm" c="gray.7" hiddenFrom="xs">
                          {formatLineQuantity(line.units, line.type)} · {line.type}
                        </Text>
                        {mark && (
                          <Text size="sm" c="red.9" fw={600}>
                            ⚠ {mark}
                          </Text>
                        )}
                        {product && quoted !== undefined && <RepricedMark quoted={quoted} product={product} />}
                      </Table.Td>
                      <Table.Td visibleFrom="xs">{formatLineQuantity(line.units, line.type)}</Table.Td>
                      <Table.Td visibleFrom="xs">{line.type}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                        {product ? formatMoneyWizard(linePrice(line, product).total) : "-"}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder>
            <Stack gap="xs">
              {details && (
                <Text size="sm">
                  {details.delivery_method} · {formatIsoDate(details.date)} · {details.time.text} · {details.address}
                </Text>
              )}
              <Select
                label="Forma de pago"
                data={(payMethods.data ?? []).map((m) => ({ value: String(m.PK_PayMethods), label: m.Name }))}
                value={payment}
                onChange={choosePayment}
                disabled={!!placed}
              />
              <Textarea
                label="Notas del pedido"
                value={order.notes}
                onChange={(e) => wizard.setNotes(e.currentTarget.value)}
                readOnly={!!placed}
                autosize
                minRows={2}
              />
              <Group justify="space-between">
                <Text>Peso total</Text>
                <Text>{formatWeight(totals.weight)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>Sub total</Text>
                <Text>{formatMoneyWizard(totals.total)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>Costo de envío</Text>
                <Text>{formatMoneyWizard(delivery)}</Text>
              </Group>
              <Group justify="space-between">
                <Text fw={700}>TOTAL</Text>
                <Text fw={700}>{formatMoneyWizard(totals.total + delivery)}</Text>
              </Group>
              <Alert color="yellow">Revisá los datos del pedido antes de confirmar.</Alert>
              {error && (
                <Text c="red" role="alert">
                  {error}
                </Text>
              )}
              {placed ? (
                <Alert
                  color="teal"
                  role="status"
                  title={
                    placed.kept
                      ? PENDING_MESSAGES.kept
                      : placed.placedId
                        ? `Pedido #${placed.placedId} confirmado`
                        : "Pedido confirmado"
                  }
                >
                  Volviendo a Nuevo Pedido…
                </Alert>
              ) : (
                <Button onClick={() => void confirm()} loading={submit.isPending} disabled={!wizard.items.length}>
                  Confirmar pedido
                </Button>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}
