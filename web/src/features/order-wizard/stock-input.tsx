import { DecimalInput } from "../../components/decimal-input";
import { formatKilos, toGrams } from "@domain/money";
import { PRODUCT_MESSAGES } from "@domain/contracts/products";

/** SPEC.md §5: a stock is a finite number of at least 0; else the message, and nothing is saved. */
export const stockRefusal = (value: number | string) =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? null : PRODUCT_MESSAGES.stock;

/**
 * 'Stock (KG)' as typed: no clamping, so a typed -3 stays -3 and is refused rather than raised
 * to the minimum; a minimum (the stock warning's) is named under the field.
 */
export function StockInput({
  value,
  error,
  minimum,
  onChange,
}: {
  value: number | string;
  error: string | null;
  minimum?: number;
  onChange(value: number | string): void;
}) {
  return (
    <DecimalInput
      description={minimum === undefined ? undefined : `Mínimo: ${formatKilos(toGrams(minimum))}`}
      label="Stock (KG)"
      decimals={3}
      unit="kg"
      allowNegative
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
