import { Button, Group, Paper, Select, SimpleGrid, TextInput, Title } from "@mantine/core";
import { useRef, useState, type FormEvent } from "react";
import { todayInBuenosAires } from "@domain/calendar";
import { ACCOUNT_MESSAGES, PaymentRequest } from "@domain/contracts/accounts";
import { ApiError } from "../../api/messages";
import { DateField } from "../../components/date-field";
import { DecimalInput } from "../../components/decimal-input";
import { fieldErrors } from "../../components/field-errors";
import { notifyFailure, notifySuccess } from "../../components/notify";
import { isConnectionFailure } from "../pending-orders";
import { usePayMethods } from "../order-wizard";
import { useRecordPayment } from "./api/record-payment";

interface Values {
  amount: number | string;
  method: string | null;
  date: string;
  note: string;
}

const blank = (): Values => ({ amount: "", method: null, date: todayInBuenosAires(), note: "" });

/** 'Registrar pago': money received at the office (cash, transfer, cheque) lowers the balance. */
export function PaymentForm({ clientId }: { clientId: number }) {
  const methods = usePayMethods();
  const recording = useRecordPayment();
  const [values, setValues] = useState<Values>(blank);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // One key per payment being recorded: a double tap, or a retry after no answer, records it once.
  const key = useRef(crypto.randomUUID());

  const body = {
    amount: values.amount,
    payment_method_id: values.method ? Number(values.method) : undefined,
    date: values.date || undefined,
    note: values.note,
  };
  const errors = { ...(tried ? fieldErrors(PaymentRequest, body) : {}), ...serverErrors };
  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors({});
    // Other figures are another payment: it gets a key of its own.
    key.current = crypto.randomUUID();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (recording.isPending || Object.keys(fieldErrors(PaymentRequest, body)).length) return;
    try {
      await recording.mutateAsync({
        clientId,
        body: { ...body, payment_method_id: Number(values.method) },
        idempotencyKey: key.current,
      });
      notifySuccess(ACCOUNT_MESSAGES.recorded);
      key.current = crypto.randomUUID();
      setValues(blank());
      setTried(false);
    } catch (failure) {
      // Without an answer the payment may have been recorded: the same key sent again records it once.
      if (!isConnectionFailure(failure)) key.current = crypto.randomUUID();
      if (failure instanceof ApiError) setServerErrors(failure.fieldErrors);
      notifyFailure(failure, "No se pudo registrar el pago.");
    }
  }

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="payment-form-title">
      <Title order={2} size="h4" mb="sm" id="payment-form-title">
        Registrar pago
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DecimalInput
          label="Importe"
          decimals={2}
          unit="$"
          required
          value={values.amount}
          error={errors.amount}
          onChange={(v) => change("amount", v)}
        />
        <Select
          label="Forma de pago"
          required
          data={(methods.data ?? []).map((m) => ({ value: String(m.PK_PayMethods), label: m.Name }))}
          value={values.method}
          error={errors.payment_method_id}
          onChange={(v) => change("method", v)}
        />
        <DateField label="Fecha" value={values.date} error={errors.date} onValue={(d) => change("date", d)} />
        <TextInput
          label="Nota"
          value={values.note}
          error={errors.note}
          maxLength={300}
          onChange={(e) => change("note", e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={recording.isPending}>
          Registrar pago
        </Button>
      </Group>
    </Paper>
  );
}
