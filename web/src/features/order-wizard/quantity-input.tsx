import { DecimalInput } from "../../components/decimal-input";
import { useEffect, useState } from "react";
import type { CartLine } from "@domain/cart";
import { committedUnits } from "@domain/quantity";

/** One line's quantity field in the page: a product may have a freezer line and a stock line. */
const quantityKey = (line: Pick<CartLine, "productId" | "virtual_freezer">) =>
  `${line.productId}-${line.virtual_freezer ? "vf" : "stock"}`;

/** The quantity field of a line where the page shows it (the cart beside the list, or the line under the search). */
export const quantityField = (line: Pick<CartLine, "productId" | "virtual_freezer">) =>
  document.querySelector<HTMLInputElement>(`input[data-quantity-of="${quantityKey(line)}"]`);

const asNumber = (value: number | string) => Number(String(value).replace(",", "."));

interface QuantityInputProps {
  line: CartLine;
  /** A complete value while typing, or the settled one when the field is left. */
  onUnits(units: string): void;
  /** Enter, once the value is settled: the products step puts the cursor back in the search box. */
  onEnter?(): void;
}

/**
 * A cart line's quantity. What is typed stays as typed (no truncation, an emptied field stays
 * empty while retyping); a complete positive value reaches the cart at once, and on leaving the
 * field the value is settled: UN and PROMO rounded to whole units, and ≤ 0 or empty removes the
 * line (SPEC.md §4–5). The parent remounts it (key) to show the cart's value again.
 */
export function QuantityInput({ line, onUnits, onEnter }: QuantityInputProps) {
  // As DecimalInput hands it over: a number once the es-AR text reads as one, else the text.
  const [draft, setDraft] = useState<number | string>(Number(line.units));
  const kg = line.type === "KG";

  // The cart changed the line itself (a freezer cap, the + of a product): show what it holds.
  useEffect(() => setDraft((d) => (asNumber(d) === Number(line.units) ? d : Number(line.units))), [line.units]);

  function commit() {
    const settled = committedUnits(draft, line.type);
    if (settled === null) return setDraft(Number(line.units));
    setDraft(Number(settled));
    if (settled !== line.units) onUnits(settled);
  }

  return (
    <DecimalInput
      aria-label={`Cantidad de ${line.productName}`}
      style={{ flex: 1 }}
      miw={90}
      // UN takes a decimal while typing too; it is rounded when the field is left, not cut.
      decimals={3}
      // ≤ 0 removes the line when the field is left (SPEC.md §5), so it is no error to type.
      allowNegative
      value={draft}
      onChange={(value) => {
        setDraft(value);
        const complete = typeof value === "number" && value > 0;
        if (complete && (kg || Number.isInteger(value)) && String(value) !== line.units) onUnits(String(value));
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key !== "Enter") return;
        commit();
        onEnter?.();
      }}
      // Where the products step puts the cursor once the line is added (quantityField).
      data-quantity-of={quantityKey(line)}
      enterKeyHint={onEnter ? "next" : undefined}
    />
  );
}
