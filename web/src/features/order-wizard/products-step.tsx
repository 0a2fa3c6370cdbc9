import { Alert, Grid, Group, Loader } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { type ReactNode, type RefObject, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { addProduct, cartTotals, type CatalogProduct } from "@domain/cart";
import { firstMatch, matchProducts } from "@domain/product-search";
import { shortLines } from "@domain/cart-stock";
import type { Product } from "@domain/contracts/products";
import { formatMoneyWizard } from "@domain/money";
import { ProductPicker } from "../../components/product-picker";
import { useOrderWizard } from "../../stores/order-wizard";
import { useWizardProducts } from "./api/get-products";
import { useWizardClient, type WizardClient } from "./api/get-wizard-client";
import { usePrefetchUsualOrder } from "./api/get-usual-order";
import { CartPanel } from "./cart-panel";
import { ClientBar } from "./client-bar";
import { StockWarning } from "./stock-warning";
import { WizardHeader } from "./wizard-header";
import { RepeatLastOrder } from "./repeat-last-order";
import { ProductsSidePanel } from "./products-side-panel";
import { CurrentQuickLine } from "./quick-line";
import { PhoneCart } from "./phone-cart";
import { useCartOutcomes } from "./use-cart-outcomes";
import { useClientOnArrival } from "./use-client-on-arrival";
import { useQuickEntry } from "./use-quick-entry";

/** Step 1 of the wizard: the client's bar, the products to pick, the cart and what the client has pending. */
export function ProductsStep() {
  const clientId = Number(useParams().clientId);
  const client = useWizardClient(clientId);
  usePrefetchUsualOrder(client.data?.detail.last_order_id ?? null);
  const products = useWizardProducts("");
  if (client.isLoading || products.isLoading) return <Loader />;
  // Data kept on the phone stays on screen when its refresh gets no answer (offline-kept-data.md).
  if (!client.data) return <Alert color="red">No se pudieron cargar los datos del cliente.</Alert>;
  if (!products.data) return <Alert color="red">No se pudieron cargar productos.</Alert>;
  return <ProductsOfClient clientId={clientId} client={client.data} products={products.data} />;
}

function ProductsOfClient({
  clientId,
  client,
  products,
}: {
  clientId: number;
  client: WizardClient;
  products: Product[];
}) {
  const navigate = useNavigate();
  const wizard = useOrderWizard();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  // Under 75em the grid stacks: the cart leaves the page for a drawer behind a sticky summary.
  const besideList = useMediaQuery("(min-width: 75em)", true, { getInitialValueInEffect: false });
  const [cartOpen, setCartOpen] = useState(false);
  const { searchRef, current, focusQuantity, nextProduct } = useQuickEntry(() => setSearch(""));

  useClientOnArrival(clientId, { name: client.detail.name, freezerItems: client.freezer.cart.items });

  const catalog = useMemo(() => new Map<number, CatalogProduct>(products.map((p) => [p.PK_Products, p])), [products]);
  const { apply, warning, keepCart, saveStock, revision } = useCartOutcomes(clientId, catalog);
  // SPEC.md §2: promotions first, then the rest, each by name.
  const shown = matchProducts(products, debounced).slice(0, 60);

  /** A product picked from the list, the search box or the featured ones: the cursor goes to its quantity. */
  function pick(product: Product) {
    const outcome = addProduct(wizard.items, product);
    apply(outcome, product.PK_Products);
    if (outcome.ok) focusQuantity({ productId: product.PK_Products, virtual_freezer: false });
  }

  const { detail, claims, freezer } = client;
  const lastClaim = claims.order_claims.at(-1)?.description;
  const lastBonus = claims.bonuses.at(-1)?.description;
  const short = shortLines(wizard.items, catalog, wizard.oldCart);
  const toDelivery = () => navigate(`/orders/${clientId}/delivery`);
  const addNote = (text: string) => wizard.setNotes(wizard.notes ? `${wizard.notes}\n${text}` : text);
  const cart = (
    <CartPanel
      withTitle={besideList}
      items={wizard.items}
      catalog={catalog}
      notes={wizard.notes}
      onNotes={wizard.setNotes}
      onOutcome={apply}
      onContinue={toDelivery}
      revision={revision}
      short={short}
      onQuantityDone={nextProduct}
    />
  );
  const quickLine = !besideList && !cartOpen && (
    <CurrentQuickLine
      current={current}
      catalog={catalog}
      items={wizard.items}
      onOutcome={apply}
      onTypeChosen={focusQuantity}
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
          <ProductSearch
            products={products}
            shown={shown}
            search={search}
            onSearch={setSearch}
            onPick={pick}
            searchRef={searchRef}
            belowSearch={quickLine}
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
            featured={products.filter((p) => p.Featured_Product)}
            onOutcome={apply}
            onPick={pick}
          />
        </Grid.Col>
      </Grid>
      {!besideList && (
        <PhoneCart
          open={cartOpen}
          onOpen={() => setCartOpen(true)}
          onClose={() => setCartOpen(false)}
          totals={cartTotals(wizard.items, catalog)}
          short={short.size}
          onContinue={toDelivery}
        >
          {cart}
        </PhoneCart>
      )}
      <StockWarning warning={warning} onAccept={keepCart} onSave={saveStock} />
    </>
  );
}

/** The products column: the search box (Enter takes the first match) and the list to pick from. */
function ProductSearch({
  products,
  shown,
  search,
  onSearch,
  onPick,
  searchRef,
  belowSearch,
}: {
  products: Product[];
  shown: Product[];
  search: string;
  onSearch(search: string): void;
  onPick(product: Product): void;
  searchRef: RefObject<HTMLInputElement | null>;
  belowSearch: ReactNode;
}) {
  return (
    <ProductPicker
      label="Productos"
      products={shown}
      search={search}
      onSearch={onSearch}
      onPick={onPick}
      onSubmit={() => {
        const match = firstMatch(products, search);
        if (match) onPick(match);
      }}
      searchRef={searchRef}
      belowSearch={belowSearch}
      formatPrice={formatMoneyWizard}
      height={460}
    />
  );
}
