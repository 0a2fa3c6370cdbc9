import { Alert, Button, Card, Drawer, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { addProduct, cartTotals, type CartOutcome, type CatalogProduct } from "../../../../domain/cart";
import type { Product } from "../../../../domain/contracts/products";
import { formatMoneyWizard } from "../../../../domain/money";
import { useEvents } from "../../api/socket";
import { notifyError, notifySuccess, notifyFailure } from "../../components/notify";
import { ProductPicker } from "../../components/product-picker";
import { useOrderWizard } from "../../stores/order-wizard";
import { updateStock, useWizardClient, useWizardProducts } from "./api";
import { useLiveStock } from "./live-stock";
import { CartPanel } from "./cart-panel";
import { CartSummaryBar } from "./cart-summary-bar";
import { ClientBar } from "./client-bar";
import { StockWarning, type StockWarningState } from "./stock-warning";
import { WizardHeader } from "./wizard-header";

// SPEC.md §2: promotions first, then the rest, each by name.
const promosFirst = (products: Product[]) => [...products].sort((a, b) => Number(b.is_promotion) - Number(a.is_promotion) || a.Name.localeCompare(b.Name, "es"));

export function ProductsStep() {
  const clientId = Number(useParams().clientId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wizard = useOrderWizard();
  const client = useWizardClient(clientId);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const products = useWizardProducts("");
  useLiveStock();
  // Under 75em the grid stacks: the cart leaves the page for a drawer behind a sticky summary.
  const besideList = useMediaQuery("(min-width: 75em)", true, { getInitialValueInEffect: false });
  const [cartOpen, setCartOpen] = useState(false);
  const [warning, setWarning] = useState<(StockWarningState & { pending: CartOutcome }) | null>(null);
  // A new quantity is written in place (useLiveStock); other product changes are asked again.
  useEvents("product.", (event) => event.type !== "product.stock_changed" && void queryClient.invalidateQueries({ queryKey: ["products"] }));

  useEffect(() => {
    if (client.data && wizard.clientId !== clientId) wizard.setClient(clientId, client.data.detail.name);
  }, [client.data, clientId, wizard]);

  const catalog = useMemo(() => new Map<number, CatalogProduct>((products.data ?? []).map((p) => [p.PK_Products, p])), [products.data]);
  const shown = promosFirst((products.data ?? []).filter((p) => p.Name.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").includes(debounced.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "")))).slice(0, 60);

  function apply(outcome: CartOutcome, productId: number) {
    if (outcome.ok) {
      wizard.setItems(outcome.items);
      if (outcome.warning) notifyError(outcome.warning);
    } else if ("message" in outcome) {
      notifyError(outcome.message);
    } else {
      const product = catalog.get(productId);
      setWarning({ ...outcome.stockWarning, productName: product?.Name ?? "", pending: { ok: true, items: outcome.stockWarning.items } });
    }
  }

  async function saveStock(quantity: number) {
    if (!warning) return;
    try {
      await updateStock(warning.productId, quantity);
    } catch (error) {
      notifyFailure(error, "No se pudo actualizar el stock. Intenta nuevamente.");
      throw error;
    }
    notifySuccess("Stock actualizado correctamente.");
    await queryClient.invalidateQueries({ queryKey: ["products"] });
    if (warning.pending.ok) wizard.setItems(warning.pending.items);
    setWarning(null);
  }

  if (client.isLoading || products.isLoading) return <Loader />;
  if (client.isError || !client.data) return <Alert color="red">No se pudieron cargar los datos del cliente.</Alert>;
  if (products.isError) return <Alert color="red">No se pudieron cargar los productos.</Alert>;
  const { detail, claims, freezer } = client.data;
  const lastClaim = claims.order_claims.at(-1)?.description;
  const lastBonus = claims.bonuses.at(-1)?.description;
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
    />
  );

  return (
    <>
      {/* SPEC.md §2: going back to the client list starts a new order. */}
      <WizardHeader step={1} back={{ to: "/orders/new", label: "Volver a clientes", onClick: () => wizard.clear() }} />
      <ClientBar client={detail} claims={claims} />
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
                    const inCart = wizard.items.filter((l) => l.virtual_freezer && l.productId === item.PK_Products).reduce((s, l) => s + Number(l.units.replace(",", ".")), 0);
                    const left = Math.max(0, Number(item.Quantity) - inCart);
                    return (
                      <Button
                        key={item.PK_Products}
                        variant="subtle"
                        fullWidth
                        justify="space-between"
                        rightSection={`${left.toLocaleString("es-AR")} ${item.Type}`}
                        onClick={() => product && apply(addProduct(wizard.items, product, { quantity: Number(item.Quantity), type: item.Type }), item.PK_Products)}
                      >
                        {item.Name}
                      </Button>
                    );
                  })
                : (products.data ?? [])
                    .filter((p) => p.Featured_Product)
                    .map((p) => (
                      <Button key={p.PK_Products} variant="subtle" fullWidth justify="flex-start" onClick={() => apply(addProduct(wizard.items, p), p.PK_Products)}>
                        {p.Name}
                      </Button>
                    ))}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      {!besideList && <CartSummaryBar totals={cartTotals(wizard.items, catalog)} onOpen={() => setCartOpen(true)} />}
      <Drawer opened={!besideList && cartOpen} onClose={() => setCartOpen(false)} position="bottom" size="100%" title="Pedido">
        {cart}
      </Drawer>
      <StockWarning warning={warning} onAccept={() => setWarning(null)} onSave={saveStock} />
    </>
  );
}
