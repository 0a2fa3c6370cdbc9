import { Button, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { api } from "../../api/http";
import { notifySuccess } from "../../components/notify";

export const RECEIPT_MESSAGES = {
  failed: (orderId: number) => `El pedido #${orderId} quedó confirmado, pero no se pudo descargar el comprobante.`,
  retry: "Reintentar descarga",
  saved: "Comprobante descargado.",
} as const;

/** SPEC.md §7: the receipt image is downloaded as a file named after the client. */
async function downloadReceipt(orderId: number, clientName: string) {
  const blob = await api<Blob>(`/orders/${orderId}/receipt.png`);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${clientName}.png`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * Downloads the receipt; if that fails the order is still confirmed, so a notice that stays
 * (across the move to /orders/new) says so and offers to try again.
 */
export async function saveReceipt(orderId: number, clientName: string, retried = false): Promise<void> {
  const id = `receipt-${orderId}`;
  try {
    await downloadReceipt(orderId, clientName);
    if (retried) {
      notifications.hide(id);
      notifySuccess(RECEIPT_MESSAGES.saved);
    }
  } catch {
    const retry = () => void saveReceipt(orderId, clientName, true);
    const message = (
      <Stack gap={6} align="flex-start">
        <Text size="sm">{RECEIPT_MESSAGES.failed(orderId)}</Text>
        <Button size="xs" variant="light" color="red" onClick={retry}>
          {RECEIPT_MESSAGES.retry}
        </Button>
      </Stack>
    );
    if (retried) notifications.update({ id, color: "red", message, autoClose: false });
    else notifications.show({ id, color: "red", message, autoClose: false });
  }
}
