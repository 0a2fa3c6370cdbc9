import { Alert, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { BOARD_MESSAGES } from "@domain/contracts/boards";
import { ApiError } from "../../api/messages";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { useOrderItems } from "./api/get-order-items";
import { useMarkOrder } from "./api/mark-order";
import { useChecklistTicks } from "./checklist-ticks";
import { ChecklistLine } from "./checklist-line";
import { usePreparedLines } from "./use-prepared-lines";
import { ToleranceAlert } from "./tolerance-alert";

/** A refusal about lots (an expired lot, one that does not hold enough): not a weight to confirm. */
const isLotRefusal = (message: string) => /^(El lote|Los lotes) /.test(message);

/** SPEC.md §2: tick every item, then Preparado!; Pendiente when something is missing. */
export function ChecklistModal({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const items = useOrderItems(orderId);
  const { ticked, toggle, clear } = useChecklistTicks(orderId);
  const marking = useMarkOrder();
  const products = items.data?.products ?? [];
  const recorded = usePreparedLines(products);
  // Why the server refused the lots taken (an expired lot, one that no longer holds enough).
  const [lotRefusal, setLotRefusal] = useState<string | null>(null);
  const complete = products.length > 0 && products.every((_, i) => ticked.has(i)) && recorded.weighedAll;

  async function finish(prepared: boolean, confirmTolerance = false) {
    const given = prepared ? recorded.givenWeights() : [];
    if (prepared && !confirmTolerance) {
      const messages = recorded.outsideTolerance(given);
      if (messages.length) return recorded.setOutside(messages);
    }
    setLotRefusal(null);
    try {
      const { message } = await marking.mutateAsync({
        orderId,
        prepared,
        confirmTolerance,
        lines: prepared ? recorded.linesToSend(given) : [],
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
        return recorded.setOutside([error.message]);
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
              <ChecklistLine
                // biome-ignore lint/suspicious/noArrayIndexKey: an order may list a product twice, and the list is fixed while the dialog is open
                key={`${p.FK_Products}-${i}`}
                p={p}
                ticked={ticked.has(i)}
                onTick={() => toggle(i)}
                weight={recorded.weights[p.detailed_product_id] ?? ""}
                onWeight={(value) => recorded.setWeight(p.detailed_product_id, value)}
                lots={recorded.lots}
                need={recorded.need(p)}
                chosen={recorded.chosen[p.detailed_product_id] ?? null}
                onChoose={(lot) => recorded.setChosen((c) => ({ ...c, [p.detailed_product_id]: lot }))}
              />
            ))
          )}
          <ToleranceAlert
            messages={recorded.outside}
            confirming={marking.isPending}
            onConfirm={() => finish(true, true)}
            onReview={() => recorded.setOutside([])}
          />
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
