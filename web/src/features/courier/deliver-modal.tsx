import { Alert, Button, FileInput, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { type ColdChainSetting, COLD_CHAIN_MESSAGES, formatCelsius, parseTemperature } from "@domain/cold-chain";
import { COURIER_MESSAGES, type CourierStop } from "@domain/contracts/courier";
import { centavosToDecimal, formatMoney, toCentavos } from "@domain/money";
import { DecimalInput } from "../../components/decimal-input";
import { TemperatureField } from "../../components/temperature-field";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useMarkDelivered } from "./api/mark-delivered";

interface DeliverModalProps {
  stop: CourierStop;
  coldChain: ColdChainSetting;
  onClose(): void;
  /** The goods arrived too warm and the courier does not hand them over. */
  onColdChainBroken(stop: CourierStop): void;
}

/** The typed temperature read: nothing typed, a reason it is not one, or the °C. */
function readTemperature(text: string): { celsius: number | null; problem: string | null } {
  if (text.trim() === "") return { celsius: null, problem: null };
  const read = parseTemperature(text);
  return read.ok ? { celsius: read.tenths / 10, problem: null } : { celsius: null, problem: read.message };
}

/** '-18,5': what the server reads as es-AR. */
const esAr = (celsius: number) => String(celsius).replace(".", ",");

/**
 * Entregado: the cash received (prefilled with what is due), the goods' temperature when the
 * Admin requires it (issue 41) and an optional photo as proof.
 */
export function DeliverModal({ stop, coldChain, onClose, onColdChainBroken }: DeliverModalProps) {
  const due = toCentavos(stop.Final_Price);
  const [amount, setAmount] = useState<number | string>(stop.is_cash ? due / 100 : "");
  const [temperature, setTemperature] = useState("");
  const [note, setNote] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const deliver = useMarkDelivered();
  // The field hands over a number only once its text reads as one ("111.000" is 111000).
  const received = typeof amount === "number" ? toCentavos(amount) : null;
  const difference = stop.is_cash && received !== null ? received - due : 0;
  const reading = readTemperature(temperature);
  const warm = reading.celsius !== null && reading.celsius > coldChain.max_c;

  function refusal(): string | null {
    if (stop.is_cash && received === null)
      return amount === "" ? COURIER_MESSAGES.amountMissing : COURIER_MESSAGES.amount;
    if (reading.problem) return reading.problem;
    if (coldChain.required && reading.celsius === null) return COLD_CHAIN_MESSAGES.missing;
    if (warm && note.trim() === "") return COLD_CHAIN_MESSAGES.warm(reading.celsius!, coldChain.max_c);
    return null;
  }

  async function confirm() {
    setFieldErrors({});
    const refused = refusal();
    setError(refused);
    if (refused) return;
    try {
      const result = await deliver.mutateAsync({
        orderId: stop.order_id,
        amountReceived: received === null ? null : centavosToDecimal(received),
        photo,
        temperatureC: reading.celsius === null ? null : esAr(reading.celsius),
        temperatureNote: warm ? note : "",
      });
      notifySuccess(result.message);
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : "No se pudo registrar la entrega.";
      if (failure instanceof ApiError) setFieldErrors(failure.fieldErrors);
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
        {coldChain.required && (
          <TemperatureField
            label="Temperatura de la mercadería (°C)"
            description={`Máximo ${formatCelsius(coldChain.max_c)}. Con decimales: -18,5`}
            size="lg"
            value={temperature}
            onChange={setTemperature}
            error={fieldErrors.temperature_c ?? reading.problem}
          />
        )}
        {warm && (
          <Alert color="red" variant="light" title="Cadena de frío cortada" data-testid="cold-chain-warm">
            <Stack gap="sm">
              <Text c="red.9">
                La mercadería está a {formatCelsius(reading.celsius!)}, más que el máximo de{" "}
                {formatCelsius(coldChain.max_c)}. Anotá qué se hizo, o no la entregues.
              </Text>
              <Textarea
                label="¿Qué se hizo?"
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                autosize
                minRows={2}
                size="md"
                error={fieldErrors.temperature_note}
              />
              <Button variant="outline" color="red.9" size="md" onClick={() => onColdChainBroken(stop)}>
                No entregado por cadena de frío
              </Button>
            </Stack>
          </Alert>
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
        {error && (
          <Text c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Button size="lg" color="teal.9" loading={deliver.isPending} onClick={() => void confirm()}>
          Confirmar entrega
        </Button>
      </Stack>
    </Modal>
  );
}
