import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { formatIsoDate } from "@domain/calendar";
import { LOT_MESSAGES, type LineLot, type Lot } from "@domain/contracts/lots";
import { readGs1Lot } from "@domain/catch-weight";
import { formatKilos, gramsToDecimal, toGrams, type Grams } from "@domain/money";
import { ScanLabelButton } from "../../components/scan-label-button";
import { lotText, withoutLotText } from "../lots";

/** A lot the preparer takes for a line instead of the suggested one, and the grams it gives. */
export interface ChosenLot {
  lot: Lot;
  grams: Grams;
}

/**
 * The lot the preparer names (typed, or read off a GS1-128 label's AI 10) among the product's
 * lots: the one to take, or why it cannot be taken. A lot that holds less than the line gives
 * what it has; the server takes the rest first-expiry-first.
 */
function chooseLot(
  typed: string,
  lots: Lot[],
  product: string,
  need: Grams,
): { ok: true; chosen: ChosenLot } | { ok: false; message: string } {
  const code = readGs1Lot(typed)?.code ?? typed.trim();
  if (!code) return { ok: false, message: LOT_MESSAGES.code };
  const lot = lots.find((l) => l.code.toLowerCase() === code.toLowerCase());
  if (!lot) return { ok: false, message: LOT_MESSAGES.otherProduct(code, product) };
  if (lot.expired) return { ok: false, message: LOT_MESSAGES.expired(lot.code, formatIsoDate(lot.expiry)) };
  const left = toGrams(lot.remaining);
  if (left <= 0) return { ok: false, message: LOT_MESSAGES.notEnough(lot.code, formatKilos(0), formatKilos(need)) };
  return { ok: true, chosen: { lot, grams: Math.min(left, need) } };
}

const chosenAsLineLot = ({ lot, grams }: ChosenLot): LineLot => ({
  lot_id: lot.id,
  code: lot.code,
  expiry: lot.expiry,
  quantity: gramsToDecimal(grams),
});

/**
 * Under a checklist line of a product with lots: which lot to take (first expiry first, as the
 * server suggests it) and what no lot covers ('Sin lote'); the preparer may take another lot,
 * typed or scanned (a handheld scanner types the label and Enter; the camera where it reads).
 */
export function LineLotPicker({
  product,
  suggested,
  withoutLot,
  lots,
  need,
  chosen,
  onChoose,
}: {
  product: string;
  suggested: LineLot[];
  withoutLot: string | null;
  /** The product's lots, to find the one typed; undefined while they load. */
  lots: Lot[] | undefined;
  need: Grams;
  chosen: ChosenLot | null;
  onChoose(chosen: ChosenLot | null): void;
}) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const take = (text: string) => {
    const read = chooseLot(text, lots ?? [], product, need);
    if (!read.ok) return setError(read.message);
    setError(null);
    setTyped("");
    onChoose(read.chosen);
  };
  const rest = chosen ? need - chosen.grams : 0;
  return (
    <Stack gap={2} ml={34} data-testid="line-lots">
      <Text size="sm" fw={600}>
        {chosen ? "Lote elegido" : "Lote a tomar"}
      </Text>
      {chosen ? (
        <>
          <Text size="sm">{lotText(chosenAsLineLot(chosen))}</Text>
          {rest > 0 && <Text size="sm">El resto ({formatKilos(rest)}), del lote que vence antes.</Text>}
          <Button variant="subtle" size="compact-sm" px={0} w="fit-content" onClick={() => onChoose(null)}>
            Usar el sugerido
          </Button>
        </>
      ) : (
        <>
          {suggested.map((lot) => (
            <Text size="sm" key={lot.lot_id}>
              {lotText(lot)}
            </Text>
          ))}
          {withoutLot !== null && toGrams(withoutLot) > 0 && (
            <Text size="sm" c="orange.9">
              {withoutLotText(withoutLot)}
            </Text>
          )}
        </>
      )}
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          maw={260}
          size="sm"
          label={`Otro lote de ${product}`}
          placeholder="Código o etiqueta"
          autoComplete="off"
          value={typed}
          error={error}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            take(event.currentTarget.value);
          }}
        />
        <Button
          variant="default"
          size="sm"
          // Beside the field (below its label) where both fit; under it on a phone.
          mt={{ base: 0, xs: 24 }}
          disabled={!typed.trim() || !lots}
          onClick={() => take(typed)}
        >
          Tomar este lote
        </Button>
      </Group>
      <ScanLabelButton
        label="Escanear lote"
        title={`Lote de ${product}`}
        hint="Apunte al código de barras de la caja (GS1-128 con lote)."
        fallback="No se pudo usar la cámara. Escriba el código del lote o use el lector."
        read={(raw) => readGs1Lot(raw)?.code ?? null}
        onRead={take}
      />
    </Stack>
  );
}
