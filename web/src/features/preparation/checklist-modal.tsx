import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { BOARD_MESSAGES } from "../../../../domain/contracts/boards";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { useOrderItems } from "./api/get-order-items";
import { useMarkOrder } from "./api/mark-order";
import { useChecklistTicks } from "./checklist-ticks";

const amountText = (type: string, amount: string) =>
  type === "KG" ? `${Number(amount).toLocaleString("es-AR", { maximumFractionDigits: 3 })} kg` : `${Number(amount)} u.`;

/** SPEC.md §2: tick every item, then Preparado!; Pendiente when something is missing. */
export function ChecklistModal({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const items = useOrderItems(orderId);
  const { ticked, toggle, clear } = useChecklistTicks(orderId);
  const marking = useMarkOrder();
  const products = items.data?.products ?? [];
  const complete = products.length > 0 && products.every((_, i) => ticked.has(i));

  async function finish(prepared: boolean) {
    try {
      const { message } = await marking.mutateAsync({ orderId, prepared });
      notifySuccess(message);
      if (prepared) clear();
      onClose();
    } catch (error) {
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
              <Checkbox
                // biome-ignore lint/suspicious/noArrayIndexKey: an order may list a product twice, and the list is fixed while the dialog is open
                key={`${p.FK_Products}-${i}`}
                size="md"
                checked={ticked.has(i)}
                onChange={() => toggle(i)}
                label={`${p.product_name || p.Name} — ${amountText(p.Type, p.Amount)} (${p.Type})`}
              />
            ))
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
