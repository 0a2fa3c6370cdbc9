import { Alert, Drawer, Grid, Group, Loader } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import {
  addProduct,
  capFreezerLines,
  cartTotals,
  type CartLine,
  type CartOutcome,
  type CatalogProduct,
} from "../../../../domain/cart";
import { firstMatch, matchProducts } from "../../../../domain/product-search";
import { shortLines } from "../../../../domain/cart-stock";
import { withProductClaim } from "../../../../domain/notes";
import type { Product } from "../../../../domain/contracts/products";
import { formatMoneyWizard } from "../../../../domain/money";
import { notifyError, notifySuccess, notifyFailure } from "../../components/notify";
import { ProductPicker } from "../../components/product-picker";
import { useOrderWizard } from "../../stores/order-wizard";
import { useWizardProducts } from "./api/get-products";
import { useWizardClient } from "./api/get-wizard-client";
import { usePrefetchUsualOrder } from "./api/get-usual-order";
import { useUpdateStock } from "./api/update-stock";
import { CartPanel } from "./cart-panel";
import { CartSummaryBar } from "./cart-summary-bar";
import { ClientBar } from "./client-bar";
import { StockWarning, type StockWarningState } from "./stock-warning";
import { WizardHeader } from "./wizard-header";
import { useProductClaimLookup } from "./api/product-claim";
import { RepeatLastOrder } from "./repeat-last-order";
import { ProductsSidePanel } from "./products-side-panel";
import { QuickLine } from "./quick-line";
import { quantityField } from "./quantity-input";

type LineRef = Pick<CartLine, "productId" | "virtual_freezer">;

export function ProductsStep() {
  const clientId = Number(useParams().clientId);
  const navigate = useNavigate();
  const wizard = useOrderWizard();
  const client = useWizardClient(clientId);
  usePrefetchUsualOrder(client.data?.detail.last_order_id ?? null);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const products = useWizardProducts("");
  const stockUpdate = useUpdateStock();
  // Under 75em the grid stacks: the cart leaves the page for a drawer behind a sticky summary.
  const besideList = useMediaQuery("(min-width: 75em)", true, { getInitialValueInEffect: false });
  const [cartOpen, setCartOpen] = useState(false);
  const [warning, setWarning] = useState<(StockWarningState & { pending: CartOutcome }) | null>(null);
  const [revision, setRevision] = useState(0);
  const productClaim = useProductClaimLookup(clientId);
  const searchRef = useRef<HTMLInputElement>(null);
  // The line just added (shown under the search box on phones) and a request to put the cursor in its quantity.
  const [current, setCurrent] = useState<LineRef | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ line: LineRef; at: number } | null>(null);
  const ready = !!client.data && !!products.data;

  // The seller comes here to search: the cursor waits in the search box (docs/decisions/order-wizard/0151-quick-order.md).
  useEffect(() => {
    if (ready) searchRef.current?.focus();
  }, [ready]);

  // After the render that shows the line: its quantity is selected, so what is typed replaces it.
  useEffect(() => {
    if (!focusRequest) return;
    const field = quantityField(focusRequest.line);
    field?.focus();
    field?.select();
  }, [focusRequest]);

  // The address's client is taken once, on arrival: 'Volver a clientes' clears the order before this page goes.
  const adopted = useRef<number | null>(null);
  useEffect(() => {
    if (!client.data || adopted.current === clientId) return;
    adopted.current = clientId;
    if (wizard.clientId !== clientId) wizard.setClient(clientId, client.data.detail.name);
  }, [client.data, clientId, wizard]);

  // Modify mode loads freezer lines without their cap: give it back from the freezer's balance.
  const freezerItems = client.data?.freezer.cart.items;
  useEffect(() => {
    if (!freezerItems) return;
    const capped = capFreezerLines(wizard.items, freezerItems, wizard.oldCart);
    if (capped !== wizard.items) wizard.setItems(capped);
  }, [freezerItems, wizard]);

  const catalog = useMemo(
    () => new Map<number, CatalogProduct>((products.data ?? []).map((p) => [p.PK_Products, p])),
    [products.data],
  );
  // SPEC.md §2: promotions first, then the rest, each by name.
  const shown = matchProducts(products.data ?? [], debounced).slice(0, 60);

  const focusQuantity = (line: LineRef) => {
    setCurrent(line);
    setFocusRequest({ line, at: Date.now() });
  };

  /** A product picked from the list, the search box or the featured ones: the cursor goes to its quantity. */
  function pick(product: Product) {
    const outcome = addProduct(wizard.items, product);
    apply(outcome, product.PK_Products);
    if (outcome.ok) focusQuantity({ productId: product.PK_Products, virtual_freezer: false });
  }

  /** Enter in the quantity: the next product is searched from an empty box. */
  function nextProduct() {
    setSearch("");
    searchRef.current?.focus();
  }

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

  if (client.isLoading || products.isLoading) return <Loader />;
  // Data kept on the phone stays on screen when its refresh gets no answer (offline-kept-data.md).
  if (!client.data) return <Alert color="red">No se pudieron cargar los datos del cliente.</Alert>;
  if (!products.data) return <Alert color="red">No se pudieron cargar productos.</Alert>;
  const { detail, claims, freezer } = client.data;
  const lastClaim = claims.order_claims.at(-1)?.description;
  const lastBonus = claims.bonuses.at(-1)?.description;
  const short = shortLines(wizard.items, catalog, wizard.oldCart);
  const addNote = (text: string) => wizard.setNotes(wizard.notes ? `${wizard.notes}\n${text}` : text);
  const cart = (
    <CartPanel
      withTitle={besideList}
      items={wizard.items}
      catalog={catalog}
      notes={wizard.notes}
      onNotes={wizard.setNotes}
      onOutcome={apply}
      onContinue={() => navigate(`/orders/${clientId}/delivery`)}
      revision={revision}
      short={short}
      onQuantityDone={nextProduct}
    />
  );
  const currentLine = current
    ? wizard.items.find((l) => l.productId === current.productId && l.virtual_freezer === current.virtual_freezer)
    : undefined;
  const currentProduct = currentLine && catalog.get(currentLine.productId);
  const quickLine = !besideList && !cartOpen && currentLine && currentProduct && (
    <QuickLine
      line={currentLine}
      product={currentProduct}
      items={wizard.items}
      onOutcome={apply}
      onTypeChosen={() => focusQuantity(currentLine)}
      onDone={nextProduct}
      revision={revision}
    />
  );

  return (
    <>
      {/* SPEC.md §2: going back to the client list starts a new order. */}
      <WizardHeader step={1} back={{ to: "/orders/new", label: "Volver a clientes", onClick: () => wizard.clear() }} />
      <ClientBar client={detail} claims={claims} />
      {/* Offered only for a client with an order to repeat (not while modifying one). */}
      {!wizard.orderId && detail.last_order_id !== null && (
        <Group mb="sm">
          <RepeatLastOrder
            clientId={clientId}
            lastOrderId={detail.last_order_id}
            catalog={catalog}
            freezer={freezer.cart.items}
            onOutcome={apply}
            warningOpen={warning !== null}
          />
        </Group>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ProductPicker
            label="Productos"
            products={shown}
            search={search}
            onSearch={setSearch}
            onPick={pick}
            onSubmit={() => {
              const match = firstMatch(products.data ?? [], search);
              if (match) pick(match);
            }}
            searchRef={searchRef}
            belowSearch={quickLine}
            formatPrice={formatMoneyWizard}
            height={460}
          />
        </Grid.Col>
        {besideList && <Grid.Col span={{ base: 12, lg: 4 }}>{cart}</Grid.Col>}
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <ProductsSidePanel
            lastClaim={lastClaim}
            lastBonus={lastBonus}
            onNote={addNote}
            freezer={freezer}
            catalog={catalog}
            items={wizard.items}
            oldCart={wizard.oldCart}
            featured={(products.data ?? []).filter((p) => p.Featured_Product)}
            onOutcome={apply}
            onPick={pick}
          />
        </Grid.Col>
      </Grid>
      {/* Hidden behind the open cart, whose own 'Continuar' is the one there. */}
      {!besideList && !cartOpen && (
        <CartSummaryBar
          totals={cartTotals(wizard.items, catalog)}
          short={short.size}
          onOpen={() => setCartOpen(true)}
          onContinue={() => navigate(`/orders/${clientId}/delivery`)}
        />
      )}
      <Drawer
        opened={!besideList && cartOpen}
        onClose={() => setCartOpen(false)}
        position="bottom"
        size="100%"
        title="Pedido"
      >
        {cart}
      </Drawer>
      <StockWarning warning={warning} onAccept={keepCart} onSave={saveStock} />
    </>
  );
}
