import { ActionIcon, Group, Paper, SegmentedControl, Text } from "@mantine/core";
import type { CartLine, CartOutcome, CatalogProduct } from "@domain/cart";
import { changeType, linePrice, removeLine, setUnits } from "@domain/cart";
import { formatMoneyWizard } from "@domain/money";
import type { LineType } from "@domain/pricing";
import { QuantityInput } from "./quantity-input";
import type { LineRef } from "./use-quick-entry";

interface QuickLineProps {
  line: CartLine;
  product: CatalogProduct;
  items: CartLine[];
  onOutcome(outcome: CartOutcome, productId: number): void;
  /** KG or UN was chosen: the cursor goes back to the quantity, which UN set to 1. */
  onTypeChosen(): void;
  /** Enter in the quantity: the cursor goes back to the search box. */
  onDone(): void;
  /** Changes when a typed quantity was turned down ('Aceptar' on the stock warning). */
  revision: number;
}

/**
 * Phones and tablets, where the cart is a drawer: the line just added stays under the search box,
 * its quantity and KG/UN at the thumb, so a line is set without opening the cart
 * (docs/decisions/order-wizard/0151-quick-order.md). The same cart rules as the drawer's lines (SPEC.md §4–5).
 */
function QuickLine({ line, product, items, onOutcome, onTypeChosen, onDone, revision }: QuickLineProps) {
  const fixed = line.type === "PROMO" || line.virtual_freezer;
  return (
    <Paper withBorder p="xs" mb="sm" data-quick-line aria-label={`Agregado: ${line.productName}`} component="section">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start" mb={4}>
        <Text size="sm" fw={500} style={{ minWidth: 0 }}>
          {line.productName}
          {line.virtual_freezer ? " ❄️" : ""}
        </Text>
        <Text size="sm" fw={600} style={{ flexShrink: 0, whiteSpace: "nowrap" }}>
          {formatMoneyWizard(linePrice(line, product).total)}
        </Text>
      </Group>
      <Group wrap="nowrap" gap="xs">
        <QuantityInput
          key={`${line.productId}-${line.virtual_freezer}-${revision}`}
          line={line}
          onUnits={(units) => onOutcome(setUnits(items, line, units, product), line.productId)}
          onEnter={onDone}
        />
        {/* One tap for the type, where a select takes two (SPEC.md §5: the rules of changeType). */}
        <SegmentedControl
          aria-label={`Tipo de ${line.productName}`}
          data={line.type === "PROMO" ? ["PROMO"] : ["KG", "UN"]}
          value={line.type}
          disabled={fixed}
          onChange={(type) => {
            onOutcome(changeType(items, line, type as LineType, product), line.productId);
            onTypeChosen();
          }}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Quitar ${line.productName}`}
          onClick={() => onOutcome(removeLine(items, line), line.productId)}
        >
          ✕
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** The quick line of the line just added (`current`), while it is still in the cart. */
export function CurrentQuickLine({
  current,
  catalog,
  onTypeChosen,
  ...rest
}: Omit<QuickLineProps, "line" | "product" | "onTypeChosen"> & {
  current: LineRef | null;
  catalog: Map<number, CatalogProduct>;
  onTypeChosen(line: LineRef): void;
}) {
  const line = rest.items.find(
    (l) => l.productId === current?.productId && l.virtual_freezer === current.virtual_freezer,
  );
  const product = line && catalog.get(line.productId);
  if (!line || !product) return null;
  return <QuickLine line={line} product={product} onTypeChosen={() => onTypeChosen(line)} {...rest} />;
}
