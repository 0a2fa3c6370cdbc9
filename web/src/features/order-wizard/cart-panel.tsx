import { ActionIcon, Button, Card, Group, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { CartLine, CartOutcome, CatalogProduct } from "@domain/cart";
import { CART_MESSAGES, cartTotals, changeType, linePrice, removeLine, setUnits } from "@domain/cart";
import { repricedLines } from "@domain/repriced-lines";
import { shortLineText } from "@domain/cart-stock";
import { formatMoneyWizard, formatWeight, type Grams } from "@domain/money";
import type { LineType } from "@domain/pricing";
import { QuantityInput } from "./quantity-input";
import { RepricedMark } from "./repriced-mark";

interface CartPanelProps {
  items: CartLine[];
  catalog: Map<number, CatalogProduct>;
  notes: string;
  onNotes(notes: string): void;
  onOutcome(outcome: CartOutcome, productId: number): void;
  onContinue(): void;
  /** Off inside the phone's cart drawer, whose own title already reads 'Pedido'. */
  withTitle?: boolean;
  /** Changes when a typed quantity was turned down ('Aceptar' on the stock warning): the boxes show the cart again. */
  revision?: number;
  /** Lines the stock no longer covers, with the stock there is for them (live stock or a refused confirmation). */
  short?: Map<number, Grams>;
  /** Enter in a line's quantity: the products step puts the cursor back in the search box. */
  onQuantityDone?(): void;
}

export function CartPanel({
  items,
  catalog,
  notes,
  onNotes,
  onOutcome,
  onContinue,
  withTitle = true,
  revision = 0,
  short = new Map(),
  onQuantityDone,
}: CartPanelProps) {
  const totals = cartTotals(items, catalog);
  const repriced = repricedLines(items, catalog);
  return (
    <Card withBorder>
      {withTitle && (
        <Title order={2} size="h4" mb="sm">
          Pedido
        </Title>
      )}
      <Stack gap="xs">
        {items.map((line) => {
          const product = catalog.get(line.productId);
          const remove = (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Quitar ${line.productName}`}
              onClick={() => onOutcome(removeLine(items, line), line.productId)}
            >
              ✕
            </ActionIcon>
          );
          if (!product)
            return (
              <OffSaleLine key={`${line.productId}-${line.virtual_freezer}`} name={line.productName} remove={remove} />
            );
          const available = line.virtual_freezer ? undefined : short.get(line.productId);
          const quoted = line.virtual_freezer ? undefined : repriced.get(line.productId);
          return (
            // Name above its controls: the cart is a narrow column on desktops and the whole width on phones.
            <Stack
              key={`${line.productId}-${line.virtual_freezer}`}
              gap={4}
              data-short={available !== undefined || undefined}
            >
              {/* The line's amount beside its name: the seller reads each price, not only the total. */}
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text size="sm" fw={500} style={{ minWidth: 0 }}>
                  {line.productName}
                  {line.virtual_freezer ? " ❄️" : ""}
                </Text>
                <Text size="sm" fw={600} style={{ flexShrink: 0, whiteSpace: "nowrap" }} data-line-amount>
                  {formatMoneyWizard(linePrice(line, product).total)}
                </Text>
              </Group>
              {available !== undefined && (
                <Text size="sm" c="red.9" fw={600}>
                  ⚠ {shortLineText(available)}
                </Text>
              )}
              {quoted !== undefined && <RepricedMark quoted={quoted} product={product} />}
              <Group wrap="nowrap" gap="xs">
                <QuantityInput
                  key={`${line.productId}-${line.virtual_freezer}-${revision}`}
                  line={line}
                  onUnits={(units) => onOutcome(setUnits(items, line, units, product), line.productId)}
                  onEnter={onQuantityDone}
                />
                <Select
                  aria-label={`Tipo de ${line.productName}`}
                  w={108}
                  data={line.type === "PROMO" ? ["PROMO"] : ["KG", "UN"]}
                  value={line.type}
                  disabled={line.type === "PROMO" || line.virtual_freezer}
                  allowDeselect={false}
                  onChange={(v) => onOutcome(changeType(items, line, (v ?? "KG") as LineType, product), line.productId)}
                />
                {remove}
              </Group>
            </Stack>
          );
        })}
      </Stack>
      <Group justify="space-between" mt="md">
        <Text size="sm">Peso: {formatWeight(totals.weight)}</Text>
        <Text fw={600}>Total: {formatMoneyWizard(totals.total)}</Text>
      </Group>
      <Textarea
        label="Notas"
        value={notes}
        onChange={(e) => onNotes(e.currentTarget.value)}
        mt="sm"
        autosize
        minRows={2}
      />
      <Button mt="md" fullWidth disabled={!items.length} onClick={onContinue}>
        Continuar
      </Button>
    </Card>
  );
}

/** A line whose product went off sale while in the cart: the server would refuse the order, so the seller takes it out. */
function OffSaleLine({ name, remove }: { name: string; remove: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-off-sale>
      <div>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="sm" c="red.9" fw={600}>
          ⚠ {CART_MESSAGES.offSale}
        </Text>
      </div>
      {remove}
    </Group>
  );
}
