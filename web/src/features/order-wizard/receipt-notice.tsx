import { Button, Stack, Text } from "@mantine/core";
import { saveFile } from "../../api/save-file";
import { notifySuccess, wantNotices } from "../../components/notify";
import { getReceipt } from "./api/get-receipt";

const RECEIPT_MESSAGES = {
  failed: (orderId: number) => `El pedido #${orderId} quedó confirmado, pero no se pudo descargar el comprobante.`,
  retry: "Reintentar descarga",
  saved: "Comprobante descargado.",
} as const;

/**
 * Mantine's notices, fetched when first needed (components/notify.ts): this module is on the way
 * of the kept orders' sending, which runs on the home, where no notice is shown otherwise.
 */
async function notices() {
  wantNotices();
  return (await import("@mantine/notifications")).notifications;
}

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
      (await notices()).hide(id);
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
    const shown = await notices();
    if (retried) shown.update({ id, color: "red", message, autoClose: false });
    else shown.show({ id, color: "red", message, autoClose: false });
  }
}
