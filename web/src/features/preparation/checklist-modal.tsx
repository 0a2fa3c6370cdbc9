import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import {
  checkTolerance,
  isWeighable,
  outOfToleranceMessage,
  parseWeight,
  readGs1NetWeight,
} from "../../../../domain/catch-weight";
import { BOARD_MESSAGES } from "../../../../domain/contracts/boards";
import { toGrams } from "../../../../domain/money";
import { ApiError } from "../../api/messages";
import { DecimalInput } from "../../components/decimal-input";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { useOrderItems } from "./api/get-order-items";
import { useMarkOrder } from "./api/mark-order";
import { useLotsOfProducts } from "../lots";
import { useChecklistTicks } from "./checklist-ticks";
import { type ChosenLot, LineLotPicker } from "./line-lot-picker";
import { ScanLabelButton } from "../../components/scan-label-button";

/** A refusal about lots (an expired lot, one that does not hold enough): not a weight to confirm. */
const isLotRefusal = (message: string) => /^(El lote|Los lotes) /.test(message);

/** A checklist line of a product with lots: the server suggests its lots, or says what no lot covers. */
const hasLots = (line: { suggested_lots: unknown[]; suggested_without_lot: string | null }) =>
  line.suggested_lots.length > 0 || line.suggested_without_lot !== null;

type LotGiven = { lot_id: number; quantity: number };

const amountText = (type: string, amount: string) =>
  type === "KG" ? `${Number(amount).toLocaleString("es-AR", { maximumFractionDigits: 3 })} kg` : `${Number(amount)} u.`;

/** SPEC.md §2: tick every item, then Preparado!; Pendiente when something is missing. */
export function ChecklistModal({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const items = useOrderItems(orderId);
  const { ticked, toggle, clear } = useChecklistTicks(orderId);
  const marking = useMarkOrder();
  const products = items.data?.products ?? [];
  // The real weight typed per order line (issue 41): required lines must have one before 'Preparado!'.
  const [weights, setWeights] = useState<Record<number, number | string>>({});
  // Weights outside a product's tolerance, said to the preparer until confirmed or changed.
  const [outside, setOutside] = useState<string[]>([]);
  // Why the server refused the lots taken (an expired lot, one that no longer holds enough).
  const [lotRefusal, setLotRefusal] = useState<string | null>(null);
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
  const complete = products.length > 0 && products.every((_, i) => ticked.has(i)) && weighedAll;

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

  async function finish(prepared: boolean, confirmTolerance = false) {
    const given = prepared ? givenWeights() : [];
    if (prepared && !confirmTolerance) {
      const messages = given.flatMap(({ line, grams }) => {
        const tolerance = Number(line.Weight_Tolerance_Pct);
        const ordered = toGrams(line.Weight);
        return checkTolerance(ordered, grams, tolerance).within
          ? []
          : [outOfToleranceMessage(line.product_name || line.Name, ordered, grams, tolerance)];
      });
      if (messages.length) return setOutside(messages);
    }
    setLotRefusal(null);
    try {
      const { message } = await marking.mutateAsync({
        orderId,
        prepared,
        confirmTolerance,
        lines: prepared ? linesToSend(given) : [],
      });
      notifySuccess(message);
      if (prepared) clear();
      onClose();
    } catch (error) {
      // The server's tolerance is the one that counts: its 409 asks the same confirmation.
      if (
        prepared &&
        error instanceof ApiError &&
        error.status === 409 &&
        !confirmTolerance &&
        !isLotRefusal(error.message)
      )
        return setOutside([error.message]);
      if (prepared && error instanceof ApiError && error.status === 409) return setLotRefusal(error.message);
      notifyFailure(error, prepared ? BOARD_MESSAGES.preparedFailed : BOARD_MESSAGES.pendingFailed);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Pedido #${orderId}${items.data ? ` — ${items.data.client_name}` : ""}`}
      size="lg"
    >
      {items.isLoading && <Loader />}
      {items.isError && <Alert color="red">{BOARD_MESSAGES.openLoadFailed}</Alert>}
      {items.data && (
        <Stack>
          {items.data.notes && (
            <Alert color="blue" title="Notas">
              {items.data.notes}
            </Alert>
          )}
          {products.length === 0 ? (
            <Text c="dimmed">{BOARD_MESSAGES.noItems}</Text>
          ) : (
            products.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order may list a product twice, and the list is fixed while the dialog is open
              <Stack key={`${p.FK_Products}-${i}`} gap={4}>
                <Checkbox
                  size="md"
                  checked={ticked.has(i)}
                  onChange={() => toggle(i)}
                  label={`${p.product_name || p.Name} — ${amountText(p.Type, p.Amount)} (${p.Type})`}
                />
                {isWeighable({ type: p.Type, virtualFreezer: p.Virtual_Freezer }) && (
                  <DecimalInput
                    ml={34}
                    maw={260}
                    decimals={3}
                    unit="kg"
                    label={`Peso real (kg)${p.Requires_Weighing ? "" : " — opcional"}`}
                    description={`Pedido: ${Number(p.Weight).toLocaleString("es-AR", { maximumFractionDigits: 3 })} kg`}
                    required={p.Requires_Weighing && p.Picked_Weight === null}
                    placeholder={p.Picked_Weight ? Number(p.Picked_Weight).toLocaleString("es-AR") : "19,6"}
                    value={weights[p.detailed_product_id] ?? ""}
                    onChange={(value) => setWeight(p.detailed_product_id, value)}
                    // A handheld scanner types a GS1-128 label and Enter: the field takes its net weight.
                    onKeyDown={(event) => {
                      if (event.key !== "Enter") return;
                      const grams = readGs1NetWeight(event.currentTarget.value);
                      if (grams === null) return;
                      event.preventDefault();
                      setWeight(p.detailed_product_id, grams / 1000);
                    }}
                  />
                )}
                {isWeighable({ type: p.Type, virtualFreezer: p.Virtual_Freezer }) && (
                  <ScanLabelButton
                    indent={34}
                    label="Escanear etiqueta"
                    title={`Etiqueta de ${p.product_name || p.Name}`}
                    hint="Apunte al código de barras de la etiqueta (GS1-128 con peso neto)."
                    fallback="No se pudo usar la cámara. Escriba el peso o use el lector."
                    read={readGs1NetWeight}
                    onRead={(grams) => setWeight(p.detailed_product_id, grams / 1000)}
                  />
                )}
                {hasLots(p) && (
                  <LineLotPicker
                    product={p.product_name || p.Name}
                    suggested={p.suggested_lots}
                    withoutLot={p.suggested_without_lot}
                    lots={lots.get(p.FK_Products)}
                    need={need(p)}
                    chosen={chosen[p.detailed_product_id] ?? null}
                    onChoose={(lot) => setChosen((c) => ({ ...c, [p.detailed_product_id]: lot }))}
                  />
                )}
              </Stack>
            ))
          )}
          {outside.length > 0 && (
            <Alert color="orange" title="Peso fuera de la tolerancia" role="alert">
              <Stack gap="xs">
                {outside.map((m) => (
                  <Text key={m} size="sm">
                    {m}
                  </Text>
                ))}
                <Group>
                  <Button color="orange" onClick={() => finish(true, true)} loading={marking.isPending}>
                    Confirmar pesos
                  </Button>
                  <Button variant="default" onClick={() => setOutside([])}>
                    Revisar
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          {lotRefusal && (
            <Alert color="red" title="Lote" role="alert">
              {lotRefusal}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {ticked.size} de {products.length} items listos
          </Text>
        </Stack>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          color="yellow"
          onClick={() => finish(false)}
          disabled={!items.data || complete}
          loading={marking.isPending}
        >
          Pendiente
        </Button>
        <Button color="teal" onClick={() => finish(true)} disabled={!complete} loading={marking.isPending}>
          Preparado!
        </Button>
      </Group>
    </Modal>
  );
}
