import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import {
  addProduct,
  freezerAvailable,
  freezerHolding,
  freezerUnitsInCart,
  type CartLine,
  type CartOutcome,
  type CatalogProduct,
} from "@domain/cart";
import type { Product } from "@domain/contracts/products";
import type { WizardFreezer } from "./api/get-wizard-client";

interface ProductsSidePanelProps {
  lastClaim?: string;
  lastBonus?: string;
  onNote(text: string): void;
  freezer: WizardFreezer;
  catalog: Map<number, CatalogProduct>;
  items: CartLine[];
  oldCart: CartLine[];
  featured: Product[];
  onOutcome(outcome: CartOutcome, productId: number): void;
  onPick(product: Product): void;
}

/** SPEC.md §2 step 2's side panel: the previous order's claim and bonus, then the freezer's items or the featured products. */
export function ProductsSidePanel({
  lastClaim,
  lastBonus,
  onNote,
  freezer,
  catalog,
  items,
  oldCart,
  featured,
  onOutcome,
  onPick,
}: ProductsSidePanelProps) {
  return (
    <Stack>
      {(lastClaim || lastBonus) && (
        <Card withBorder>
          {lastClaim && (
            <Group justify="space-between" mb="xs">
              <Text size="sm">Reclamo: {lastClaim}</Text>
              <Button size="xs" variant="light" onClick={() => onNote(lastClaim)}>
                Agregar a notas
              </Button>
            </Group>
          )}
          {lastBonus && (
            <Group justify="space-between">
              <Text size="sm">Bonificación: {lastBonus}</Text>
              <Button size="xs" variant="light" onClick={() => onNote(lastBonus)}>
                Agregar a notas
              </Button>
            </Group>
          )}
        </Card>
      )}
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          {freezer.has_virtual_freezer ? "Freezer Virtual" : "Destacados"}
        </Title>
        {freezer.has_virtual_freezer
          ? freezer.cart.items.map((item) => {
              const product = catalog.get(item.PK_Products);
              // SPEC.md §4: what the freezer holds for this order, less what the cart takes.
              const holding = freezerHolding(Number(item.Quantity), item.PK_Products, oldCart);
              const left = freezerAvailable(holding, item.Type, freezerUnitsInCart(items, item.PK_Products));
              return (
                <Button
                  key={item.PK_Products}
                  variant="subtle"
                  fullWidth
                  justify="space-between"
                  rightSection={`${left.toLocaleString("es-AR")} ${item.Type}`}
                  onClick={() =>
                    product &&
                    onOutcome(addProduct(items, product, { quantity: holding, type: item.Type }), item.PK_Products)
                  }
                >
                  {item.Name}
                </Button>
              );
            })
          : featured.map((p) => (
              <Button key={p.PK_Products} variant="subtle" fullWidth justify="flex-start" onClick={() => onPick(p)}>
                {p.Name}
              </Button>
            ))}
      </Card>
    </Stack>
  );
}
