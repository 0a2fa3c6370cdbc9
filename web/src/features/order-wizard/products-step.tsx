import { Alert, Button, Card, Drawer, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import {
  addProduct,
  capFreezerLines,
  cartTotals,
  freezerAvailable,
  freezerHolding,
  freezerUnitsInCart,
  type CartOutcome,
  type CatalogProduct,
} from "../../../../domain/cart";
import { shortLines } from "../../../../domain/cart-stock";
import { withProductClaim } from "../../../../domain/notes";
import type { Product } from "../../../../domain/contracts/products";
import { formatMoneyWizard } from "../../../../domain/money";
import { notifyError, notifySuccess, notifyFailure } from "../../components/notify";
import { ProductPicker } from "../../components/product-picker";
import { useOrderWizard } from "../../stores/order-wizard";
import { useWizardProducts } from "./api/get-products";
import { useWizardClient } from "./api/get-wizard-client";
import { useUpdateStock } from "./api/update-stock";
import { CartPanel } from "./cart-panel";
import { CartSummaryBar } from "./cart-summary-bar";
import { ClientBar } from "./client-bar";
import { StockWarning, type StockWarningState } from "./stock-warning";
import { WizardHeader } from "./wizard-header";
import { useProductClaimLookup } from "./api/product-claim";
import { RepeatLastOrder } from "./repeat-last-order";

// SPEC.md §2: promotions first, then the rest, each by name.
const promosFirst = (products: Product[]) =>
  [...products].sort((a, b) => Number(b.is_promotion) - Number(a.is_promotion) || a.Name.localeCompare(b.Name, "es"));

export function ProductsStep() {
  const clientId = Number(useParams().clientId);
  const navigate = useNavigate();
  const wizard = useOrderWizard();
  const client = useWizardClient(clientId);
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
  const shown = promosFirst(
    (products.data ?? []).filter((p) =>
      p.Name.toLowerCase()
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .includes(debounced.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "")),
    ),
  ).slice(0, 60);

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
  if (client.isError || !client.data) return <Alert color="red">No se pudieron cargar los datos del cliente.</Alert>;
  if (products.isError) return <Alert color="red">No se pudieron cargar productos.</Alert>;
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
            onPick={(p) => apply(addProduct(wizard.items, p), p.PK_Products)}
            formatPrice={formatMoneyWizard}
            height={460}
          />
        </Grid.Col>
        {besideList && <Grid.Col span={{ base: 12, lg: 4 }}>{cart}</Grid.Col>}
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack>
            {(lastClaim || lastBonus) && (
              <Card withBorder>
                {lastClaim && (
                  <Group justify="space-between" mb="xs">
                    <Text size="sm">Reclamo: {lastClaim}</Text>
                    <Button size="xs" variant="light" onClick={() => addNote(lastClaim)}>
                      Agregar a notas
                    </Button>
                  </Group>
                )}
                {lastBonus && (
                  <Group justify="space-between">
                    <Text size="sm">Bonificación: {lastBonus}</Text>
                    <Button size="xs" variant="light" onClick={() => addNote(lastBonus)}>
                      Agregar a notas
                    </Button>
                  </Group>
                )}
              </Card>
            )}
            <Card withBorder>
              <Title order={5} mb="xs">
                {freezer.has_virtual_freezer ? "Freezer Virtual" : "Destacados"}
              </Title>
              {freezer.has_virtual_freezer
                ? freezer.cart.items.map((item) => {
                    const product = catalog.get(item.PK_Products);
                    // SPEC.md §4: what the freezer holds for this order, less what the cart takes.
                    const holding = freezerHolding(Number(item.Quantity), item.PK_Products, wizard.oldCart);
                    const left = freezerAvailable(
                      holding,
                      item.Type,
                      freezerUnitsInCart(wizard.items, item.PK_Products),
                    );
                    return (
                      <Button
                        key={item.PK_Products}
                        variant="subtle"
                        fullWidth
                        justify="space-between"
                        rightSection={`${left.toLocaleString("es-AR")} ${item.Type}`}
                        onClick={() =>
                          product &&
                          apply(
                            addProduct(wizard.items, product, { quantity: holding, type: item.Type }),
                            item.PK_Products,
                          )
                        }
                      >
                        {item.Name}
                      </Button>
                    );
                  })
                : (products.data ?? [])
                    .filter((p) => p.Featured_Product)
                    .map((p) => (
                      <Button
                        key={p.PK_Products}
                        variant="subtle"
                        fullWidth
                        justify="flex-start"
                        onClick={() => apply(addProduct(wizard.items, p), p.PK_Products)}
                      >
                        {p.Name}
                      </Button>
                    ))}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      {!besideList && (
        <CartSummaryBar
          totals={cartTotals(wizard.items, catalog)}
          short={short.size}
          onOpen={() => setCartOpen(true)}
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
