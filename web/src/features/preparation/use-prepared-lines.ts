import { useState } from "react";
import { checkTolerance, isWeighable, outOfToleranceMessage, parseWeight } from "@domain/catch-weight";
import { toGrams } from "@domain/money";
import type { useOrderItems } from "./api/get-order-items";
import { useLotsOfProducts } from "../lots";
import { hasLots } from "./checklist-line";
import type { ChosenLot } from "./line-lot-picker";

type ChecklistProduct = NonNullable<ReturnType<typeof useOrderItems>["data"]>["products"][number];
type LotGiven = { lot_id: number; quantity: number };

/**
 * What the preparer records per line beside the ticks: the real weight (issue 41), the lot taken
 * instead of the suggested one (issue 42), and from them what 'Preparado!' sends.
 */
export function usePreparedLines(products: ChecklistProduct[]) {
  // The real weight typed per order line (issue 41): required lines must have one before 'Preparado!'.
  const [weights, setWeights] = useState<Record<number, number | string>>({});
  // Weights outside a product's tolerance, said to the preparer until confirmed or changed.
  const [outside, setOutside] = useState<string[]>([]);
  const typed = (id: number) => {
    const value = weights[id];
    if (value === undefined || String(value).trim() === "") return null;
    return parseWeight(value);
  };
  const setWeight = (id: number, value: number | string) => {
    setWeights((w) => ({ ...w, [id]: value }));
    setOutside([]);
  };
  // Another lot than the suggested one, per order line (issue 42); the rest take first-expiry-first.
  const [chosen, setChosen] = useState<Record<number, ChosenLot | null>>({});
  const lotProducts = [...new Set(products.filter(hasLots).map((p) => p.FK_Products))];
  const { lots } = useLotsOfProducts(lotProducts);
  const weighable = products.filter((p) => isWeighable({ type: p.Type, virtualFreezer: p.Virtual_Freezer }));
  /** The kilograms a line takes from its lots: the real weight typed, else the one recorded, else the ordered. */
  const need = (p: (typeof products)[number]) => {
    const read = typed(p.detailed_product_id);
    return read?.ok ? read.grams : toGrams(p.Picked_Weight ?? p.Weight);
  };
  const weighedAll = weighable.every((p) => {
    const read = typed(p.detailed_product_id);
    return read ? read.ok : !p.Requires_Weighing || p.Picked_Weight !== null;
  });
  function givenWeights() {
    return weighable.flatMap((p) => {
      const read = typed(p.detailed_product_id);
      return read?.ok ? [{ line: p, grams: read.grams }] : [];
    });
  }

  /** What 'Preparado!' sends per line: the real weight typed, and the lot taken instead of the suggested one. */
  function linesToSend(given: ReturnType<typeof givenWeights>) {
    const byLine = new Map<number, { detailed_product_id: number; picked_weight?: number; lots?: LotGiven[] }>();
    // A JSON number: the server reads a string as es-AR, where "1.475" is 1475 kg.
    for (const { line, grams } of given)
      byLine.set(line.detailed_product_id, {
        detailed_product_id: line.detailed_product_id,
        picked_weight: grams / 1000,
      });
    for (const p of products) {
      const lot = chosen[p.detailed_product_id];
      if (!lot) continue;
      const taken = { lot_id: lot.lot.id, quantity: Math.min(lot.grams, need(p)) / 1000 };
      const line = byLine.get(p.detailed_product_id) ?? { detailed_product_id: p.detailed_product_id };
      byLine.set(p.detailed_product_id, { ...line, lots: [taken] });
    }
    return [...byLine.values()];
  }

  /** The products' tolerance (domain/catch-weight.ts) for the weights given: a message per line outside it. */
  const outsideTolerance = (given: ReturnType<typeof givenWeights>) =>
    given.flatMap(({ line, grams }) => {
      const tolerance = Number(line.Weight_Tolerance_Pct);
      const ordered = toGrams(line.Weight);
      return checkTolerance(ordered, grams, tolerance).within
        ? []
        : [outOfToleranceMessage(line.product_name || line.Name, ordered, grams, tolerance)];
    });

  return {
    outsideTolerance,
    weights,
    setWeight,
    outside,
    setOutside,
    chosen,
    setChosen,
    lots,
    need,
    weighedAll,
    givenWeights,
    linesToSend,
  };
}
