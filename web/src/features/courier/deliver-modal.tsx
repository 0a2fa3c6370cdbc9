import { Button, FileInput, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { COURIER_MESSAGES, type CourierStop } from "../../../../domain/contracts/courier";
import { centavosToDecimal, formatMoney, toCentavos } from "../../../../domain/money";
import { DecimalInput } from "../../components/decimal-input";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useMarkDelivered } from "./api/mark-delivered";

/** Entregado: the cash received (prefilled with what is due) and an optional photo as proof. */
export function DeliverModal({ stop, onClose }: { stop: CourierStop; onClose(): void }) {
  const due = toCentavos(stop.Final_Price);
  const [amount, setAmount] = useState<number | string>(stop.is_cash ? due / 100 : "");
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const deliver = useMarkDelivered();
  // The field hands over a number only once its text reads as one ("111.000" is 111000).
  const received = typeof amount === "number" ? toCentavos(amount) : null;
  const difference = stop.is_cash && received !== null ? received - due : 0;

  async function confirm() {
    setError(null);
    if (stop.is_cash && received === null)
      return setError(amount === "" ? COURIER_MESSAGES.amountMissing : COURIER_MESSAGES.amount);
    try {
      const result = await deliver.mutateAsync({
        orderId: stop.order_id,
        amountReceived: received === null ? null : centavosToDecimal(received),
        photo,
      });
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
            <DecimalInput
              label="Monto recibido en efectivo"
              decimals={2}
              unit="$"
              size="lg"
              value={amount}
              onChange={setAmount}
            />
            {difference !== 0 && (
              <Text c="red.8" fw={600} data-testid="cash-difference">
                Diferencia: {formatMoney(difference)}
              </Text>
            )}
          </>
        )}
        <FileInput
          label="Foto de la entrega (opcional)"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          clearable
          value={photo}
          onChange={setPhoto}
          size="lg"
        />
        {error && <Text c="red.8">{error}</Text>}
        <Button size="lg" color="teal.9" loading={deliver.isPending} onClick={() => void confirm()}>
          Confirmar entrega
        </Button>
      </Stack>
    </Modal>
  );
}
