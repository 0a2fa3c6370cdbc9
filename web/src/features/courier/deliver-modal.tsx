import { Button, FileInput, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { CourierStop } from "../../../../domain/contracts/courier";
import { formatMoney, toCentavos } from "../../../../domain/money";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useMarkDelivered } from "./api/mark-delivered";

/** Entregado: the cash received (prefilled with what is due) and an optional photo as proof. */
export function DeliverModal({ stop, onClose }: { stop: CourierStop; onClose(): void }) {
  const [amount, setAmount] = useState(stop.is_cash ? stop.Final_Price.replace(".", ",") : "");
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const deliver = useMarkDelivered();
  const typed = toCentavos(amount);
  const difference = stop.is_cash && Number.isFinite(typed) ? typed - toCentavos(stop.Final_Price) : 0;

  async function confirm() {
    setError(null);
    try {
      const result = await deliver.mutateAsync({ orderId: stop.order_id, amountReceived: stop.is_cash ? amount : null, photo });
      notifySuccess(result.message);
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : "No se pudo registrar la entrega.";
      setError(message);
      notifyError(message);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Entregar a ${stop.client_name}`} fullScreen={window.innerWidth < 500}>
      <Stack>
        {stop.is_cash && (
          <>
            <Text>A cobrar: {formatMoney(toCentavos(stop.Final_Price))}</Text>
            <TextInput label="Monto recibido en efectivo" inputMode="decimal" size="lg" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
            {difference !== 0 && (
              <Text c="red.8" fw={600} data-testid="cash-difference">
                Diferencia: {formatMoney(difference)}
              </Text>
            )}
          </>
        )}
        <FileInput label="Foto de la entrega (opcional)" accept="image/jpeg,image/png,image/webp" capture="environment" clearable value={photo} onChange={setPhoto} size="lg" />
        {error && <Text c="red.8">{error}</Text>}
        <Button size="lg" color="teal.9" loading={deliver.isPending} onClick={() => void confirm()}>
          Confirmar entrega
        </Button>
      </Stack>
    </Modal>
  );
}
