import { useEffect, useMemo, useState } from "react";
import { typeRefusal } from "@domain/cart";
import type { Product } from "@domain/contracts/products";
import type { VirtualFreezerResponse } from "@domain/contracts/virtual-freezer";
import { toCentavos, toGrams } from "@domain/money";
import { type LineType, orderTotals, priceLine } from "@domain/pricing";
import { parseQuantity } from "@domain/quantity";
import { notifyError } from "../../components/notify";

export interface FreezerLine {
  productId: number;
  name: string;
  units: string;
  type: LineType;
}

/**
 * The freezer being edited: its switch and lines, first as saved, then as the seller changes
 * them, and what they weigh and cost at today's prices.
 */
export function useFreezerLines(saved: VirtualFreezerResponse | undefined) {
  const [enabled, setEnabled] = useState(false);
  const [lines, setLines] = useState<FreezerLine[] | null>(null);

  useEffect(() => {
    if (!saved || lines) return;
    setEnabled(saved.has_virtual_freezer);
    setLines(
      saved.cart.items.map((i) => ({
        productId: i.PK_Products,
        name: i.Name,
        units: String(Number(i.Quantity)),
        type: i.Type,
      })),
    );
  }, [saved, lines]);

  const catalog = useMemo(() => new Map((saved?.products ?? []).map((p) => [p.PK_Products, p])), [saved]);
  const totals = orderTotals(
    (lines ?? []).flatMap((line) => {
      const product = catalog.get(line.productId);
      const quantity = parseQuantity(line.units, line.type);
      if (!product || !quantity.ok) return [];
      const priced = priceLine({
        type: line.type,
        milliUnits: quantity.milliUnits,
        price: toCentavos(product.Price),
        unitWeight: toGrams(product.Unit_Weight),
        weighted: product.If_Weight,
        virtualFreezer: false,
      });
      return [{ ...priced, productId: line.productId }];
    }),
  );

  const add = (product: Product) =>
    setLines((current) => {
      const list = current ?? [];
      const existing = list.find((l) => l.productId === product.PK_Products);
      if (existing)
        return list.map((l) => (l === existing ? { ...l, units: String(Number(l.units.replace(",", ".")) + 1) } : l));
      return [
        ...list,
        { productId: product.PK_Products, name: product.Name, units: "1", type: product.is_promotion ? "PROMO" : "KG" },
      ];
    });

  const change = (index: number, patch: Partial<FreezerLine>) =>
    setLines((ls) => ls!.map((l, i) => (i === index ? { ...l, ...patch } : l)));

  /** SPEC.md §5: a type the product cannot take is refused as it is chosen, and the line keeps its type. */
  function chooseType(index: number, type: LineType) {
    const product = lines?.[index] && catalog.get(lines[index].productId);
    const refusal = product && typeRefusal(type, { promotions: product.Promotions, unitWeight: product.Unit_Weight });
    if (refusal) return void notifyError(refusal);
    change(index, { type });
  }

  const remove = (index: number) => setLines((ls) => ls!.filter((_, i) => i !== index));

  return { enabled, setEnabled, lines: lines ?? [], catalog, totals, add, change, chooseType, remove };
}
