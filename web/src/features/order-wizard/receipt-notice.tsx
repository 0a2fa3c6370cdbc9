import { Button, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { saveFile } from "../../api/save-file";
import { notifySuccess } from "../../components/notify";
import { getReceipt } from "./api/get-receipt";

const RECEIPT_MESSAGES = {
  failed: (orderId: number) => `El pedido #${orderId} quedó confirmado, pero no se pudo descargar el comprobante.`,
  retry: "Reintentar descarga",
  saved: "Comprobante descargado.",
} as const;

/** SPEC.md §7: the receipt image is downloaded as a file named after the client. */
async function downloadReceipt(orderId: number, clientName: string) {
  saveFile(await getReceipt(orderId), `${clientName}.png`);
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
