import { useEffect, useRef, useState } from "react";
import type { CartLine } from "@domain/cart";
import { quantityField } from "./quantity-input";

export type LineRef = Pick<CartLine, "productId" | "virtual_freezer">;

/**
 * Typing an order without the mouse (docs/decisions/order-wizard/0151-quick-order.md): the cursor
 * waits in the search box when the products show, goes to a picked product's quantity, and back
 * to an empty search box on Enter.
 */
export function useQuickEntry(clearSearch: () => void) {
  const searchRef = useRef<HTMLInputElement>(null);
  // The line just added (shown under the search box on phones) and a request to put the cursor in its quantity.
  const [current, setCurrent] = useState<LineRef | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ line: LineRef; at: number } | null>(null);

  useEffect(() => searchRef.current?.focus(), []);

  // After the render that shows the line: its quantity is selected, so what is typed replaces it.
  useEffect(() => {
    if (!focusRequest) return;
    const field = quantityField(focusRequest.line);
    field?.focus();
    field?.select();
  }, [focusRequest]);

  const focusQuantity = (line: LineRef) => {
    setCurrent(line);
    setFocusRequest({ line, at: Date.now() });
  };

  /** Enter in the quantity: the next product is searched from an empty box. */
  const nextProduct = () => {
    clearSearch();
    searchRef.current?.focus();
  };

  return { searchRef, current, focusQuantity, nextProduct };
}
