import { Button, Group, Paper, SimpleGrid, TextInput, Title } from "@mantine/core";
import { useRef, useState, type FormEvent } from "react";
import { ReceiveLotRequest } from "@domain/contracts/lots";
import { readGs1Lot } from "@domain/catch-weight";
import { ApiError } from "../../api/messages";
import { DateField } from "../../components/date-field";
import { DecimalInput } from "../../components/decimal-input";
import { fieldErrors } from "../../components/field-errors";
import { notifyFailure, notifySuccess } from "../../components/notify";
import { ScanLabelButton } from "../../components/scan-label-button";
import { useReceiveLot } from "./api/receive-lot";

interface Values {
  code: string;
  expiry: string;
  quantity: number | string;
}
const blank: Values = { code: "", expiry: "", quantity: "" };

/**
 * 'Ingresar lote': a code, an expiry date and the kilograms received; the product's stock grows
 * by them. A handheld scanner typing the box's GS1-128 label into the code (and Enter) fills
 * the lot (AI 10) and its expiry (AI 17); so does the camera where the browser reads barcodes.
 */
export function ReceiveLotForm({ productId, productName }: { productId: number; productName: string }) {
  const receiving = useReceiveLot();
  const [values, setValues] = useState<Values>(blank);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // One key per receiving attempt: a double tap, or 'Ingresar lote' again after no answer, adds the kilograms once.
  const key = useRef(crypto.randomUUID());
  const errors = { ...(tried ? fieldErrors(ReceiveLotRequest, values) : {}), ...serverErrors };
  const change = (next: Partial<Values>) => {
    setValues((v) => ({ ...v, ...next }));
    setServerErrors({});
    // Other figures are another receipt: it gets a key of its own.
    key.current = crypto.randomUUID();
  };
  const takeLabel = ({ code, expiry }: NonNullable<ReturnType<typeof readGs1Lot>>) =>
    change({ ...(code ? { code } : {}), ...(expiry ? { expiry } : {}) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (receiving.isPending || Object.keys(fieldErrors(ReceiveLotRequest, values)).length) return;
    try {
      const lot = await receiving.mutateAsync({
        productId,
        body: { ...values, code: values.code.trim() },
        idempotencyKey: key.current,
      });
      notifySuccess(`Lote ${lot.code} de ${productName} ingresado.`);
      key.current = crypto.randomUUID();
      setValues(blank);
      setTried(false);
    } catch (failure) {
      // A refusal (4xx) received nothing: the next attempt is a new one. Without an answer (or with a
      // server error) the lot may be in: the same key sent again adds it once.
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500)
        key.current = crypto.randomUUID();
      if (failure instanceof ApiError) {
        // A 409 (the code already in with another expiry) belongs to the code.
        setServerErrors(failure.status === 409 ? { code: failure.message } : failure.fieldErrors);
      }
      notifyFailure(failure, "No se pudo ingresar el lote.");
    }
  }

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="receive-lot-title" noValidate>
      <Title order={2} size="h4" mb="sm" id="receive-lot-title">
        Ingresar lote
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Código del lote"
          description="Escriba el código o escanee la etiqueta."
          required
          maxLength={120}
          autoComplete="off"
          value={values.code}
          error={errors.code}
          onChange={(e) => change({ code: e.currentTarget.value })}
          onKeyDown={(event) => {
            const lot = event.key === "Enter" ? readGs1Lot(event.currentTarget.value) : null;
            if (!lot) return;
            event.preventDefault();
            takeLabel(lot);
          }}
        />
        <DateField
          label="Vencimiento"
          required
          value={values.expiry}
          error={errors.expiry}
          onValue={(expiry) => change({ expiry })}
        />
        <DecimalInput
          label="Kilos"
          decimals={3}
          unit="kg"
          required
          placeholder="12,5"
          value={values.quantity}
          error={errors.quantity}
          onChange={(quantity) => change({ quantity })}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="md">
        <ScanLabelButton
          label="Escanear etiqueta"
          title={`Lote de ${productName}`}
          hint="Apunte al código de barras de la caja (GS1-128 con lote y vencimiento)."
          fallback="No se pudo usar la cámara. Escriba el código o use el lector."
          read={readGs1Lot}
          onRead={takeLabel}
        />
        <Button type="submit" loading={receiving.isPending} ml="auto">
          Ingresar lote
        </Button>
      </Group>
    </Paper>
  );
}
