import { Checkbox, Stack } from "@mantine/core";
import { isWeighable, readGs1NetWeight } from "@domain/catch-weight";
import { DecimalInput } from "../../components/decimal-input";
import { ScanLabelButton } from "../../components/scan-label-button";
import type { useOrderItems } from "./api/get-order-items";
import type { useLotsOfProducts } from "../lots";
import { type ChosenLot, LineLotPicker } from "./line-lot-picker";

type ChecklistProduct = NonNullable<ReturnType<typeof useOrderItems>["data"]>["products"][number];

/** A checklist line of a product with lots: the server suggests its lots, or says what no lot covers. */
export const hasLots = (line: { suggested_lots: unknown[]; suggested_without_lot: string | null }) =>
  line.suggested_lots.length > 0 || line.suggested_without_lot !== null;

const amountText = (type: string, amount: string) =>
  type === "KG" ? `${Number(amount).toLocaleString("es-AR", { maximumFractionDigits: 3 })} kg` : `${Number(amount)} u.`;

interface ChecklistLineProps {
  p: ChecklistProduct;
  ticked: boolean;
  onTick(): void;
  weight: number | string;
  onWeight(value: number | string): void;
  lots: ReturnType<typeof useLotsOfProducts>["lots"];
  /** Grams the line takes from its lots. */
  need: number;
  chosen: ChosenLot | null;
  onChoose(lot: ChosenLot | null): void;
}

/** One line of the checklist: its tick, the real weight (typed, scanned or read by the camera) and its lots. */
export function ChecklistLine({
  p,
  ticked,
  onTick,
  weight,
  onWeight,
  lots,
  need,
  chosen,
  onChoose,
}: ChecklistLineProps) {
  const weighable = isWeighable({ type: p.Type, virtualFreezer: p.Virtual_Freezer });
  return (
    <Stack gap={4}>
      <Checkbox
        size="md"
        checked={ticked}
        onChange={onTick}
        label={`${p.product_name || p.Name} — ${amountText(p.Type, p.Amount)} (${p.Type})`}
      />
      {weighable && (
        <DecimalInput
          ml={34}
          maw={260}
          decimals={3}
          unit="kg"
          label={`Peso real (kg)${p.Requires_Weighing ? "" : " — opcional"}`}
          description={`Pedido: ${Number(p.Weight).toLocaleString("es-AR", { maximumFractionDigits: 3 })} kg`}
          required={p.Requires_Weighing && p.Picked_Weight === null}
          placeholder={p.Picked_Weight ? Number(p.Picked_Weight).toLocaleString("es-AR") : "19,6"}
          value={weight}
          onChange={onWeight}
          // A handheld scanner types a GS1-128 label and Enter: the field takes its net weight.
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            const grams = readGs1NetWeight(event.currentTarget.value);
            if (grams === null) return;
            event.preventDefault();
            onWeight(grams / 1000);
          }}
        />
      )}
      {weighable && (
        <ScanLabelButton
          indent={34}
          label="Escanear etiqueta"
          title={`Etiqueta de ${p.product_name || p.Name}`}
          hint="Apunte al código de barras de la etiqueta (GS1-128 con peso neto)."
          fallback="No se pudo usar la cámara. Escriba el peso o use el lector."
          read={readGs1NetWeight}
          onRead={(grams) => onWeight(grams / 1000)}
        />
      )}
      {hasLots(p) && (
        <LineLotPicker
          product={p.product_name || p.Name}
          suggested={p.suggested_lots}
          withoutLot={p.suggested_without_lot}
          lots={lots.get(p.FK_Products)}
          need={need}
          chosen={chosen}
          onChoose={onChoose}
        />
      )}
    </Stack>
  );
}
