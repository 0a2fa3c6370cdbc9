import { Button, Group, Paper, Text } from "@mantine/core";
import type { CartTotals } from "@domain/cart";
import { formatMoneyWizard, formatWeight } from "@domain/money";

/**
 * Phones and tablets: the cart in one line that stays at the bottom of the screen while the
 * product list scrolls, so every tap shows its effect; the button opens the whole cart.
 */
export function CartSummaryBar({
  totals,
  short = 0,
  onOpen,
  onContinue,
}: {
  totals: CartTotals /** Lines the stock no longer covers. */;
  short?: number;
  onOpen(): void;
  /** To the delivery step without opening the cart: one tap, as on a desktop. */
  onContinue?(): void;
}) {
  const products = totals.distinct === 1 ? "1 producto" : `${totals.distinct} productos`;
  return (
    <Paper
      withBorder
      shadow="md"
      p="xs"
      mt="md"
      data-testid="cart-summary"
      style={{
        position: "sticky",
        bottom: "calc(var(--app-shell-footer-offset, 0rem) + var(--mantine-spacing-xs))",
        zIndex: 5,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {/* The total first, in bold: on a phone's narrow column it is what the seller reads at a glance. */}
        <div aria-live="polite" style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={700}>
            {formatMoneyWizard(totals.total)}
          </Text>
          <Text size="xs" fw={500}>
            {products} · <span style={{ whiteSpace: "nowrap" }}>{formatWeight(totals.weight)}</span>
          </Text>
          {short > 0 && (
            <Text size="sm" c="red.9" fw={600}>
              ⚠ {short === 1 ? "1 producto sin stock suficiente" : `${short} productos sin stock suficiente`}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button size="sm" px="sm" variant={onContinue ? "light" : "filled"} onClick={onOpen}>
            Ver pedido
          </Button>
          {onContinue && (
            <Button size="sm" px="sm" onClick={onContinue} disabled={!totals.distinct}>
              Continuar
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
