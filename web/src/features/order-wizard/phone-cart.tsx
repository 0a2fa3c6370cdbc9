import { Drawer } from "@mantine/core";
import type { ReactNode } from "react";
import type { cartTotals } from "@domain/cart";
import { CartSummaryBar } from "./cart-summary-bar";

/**
 * Under 75em the cart leaves the page: a sticky summary opens it in a drawer from the bottom.
 * The summary hides behind the open cart, whose own 'Continuar' is the one there.
 */
export function PhoneCart({
  open,
  onOpen,
  onClose,
  totals,
  short,
  onContinue,
  children,
}: {
  open: boolean;
  onOpen(): void;
  onClose(): void;
  totals: ReturnType<typeof cartTotals>;
  short: number;
  onContinue(): void;
  children: ReactNode;
}) {
  return (
    <>
      {!open && <CartSummaryBar totals={totals} short={short} onOpen={onOpen} onContinue={onContinue} />}
      <Drawer opened={open} onClose={onClose} position="bottom" size="100%" title="Pedido">
        {children}
      </Drawer>
    </>
  );
}
