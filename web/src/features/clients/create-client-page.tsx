import { Button, Group, Paper, Text } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { CreateClientRequest } from "@domain/contracts/clients";
import { ApiError } from "../../api/messages";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { useCan } from "../../api/can";
import { useCreateClient } from "./api/create-client";
import { fieldErrors } from "../../components/field-errors";
import { ClientFields, emptyClientForm, toPayload, type ClientFormValues } from "./client-form";

// SPEC.md §5: submit waits for these (in the form's order, with their labels); email and
// birthday are marked but not blocking.
const BLOCKING: Record<string, string> = {
  name: "Nombre",
  address: "Dirección",
  city: "Localidad",
  shipment: "Zona",
  latitude: "Latitud",
  longitude: "Longitud",
  phone: "Teléfono",
  credit_limit: "Límite de crédito",
};

/** "Localidad y Zona": the fields still holding the button back, as a person reads a list. */
const listed = (labels: string[]) =>
  labels.length > 1 ? `${labels.slice(0, -1).join(", ")} y ${labels.at(-1)}` : (labels[0] ?? "");

// A coordinate's pair error ('Falta completar la longitud.') shows as soon as either one was typed.
const TOUCHED_WITH: Record<string, string[]> = {
  shipment: ["zone"],
  latitude: ["latitude", "longitude"],
  longitude: ["latitude", "longitude"],
};
const wasTouched = (touched: Set<string>, field: string) =>
  (TOUCHED_WITH[field] ?? [field]).some((f) => touched.has(f));

export function CreateClientPage() {
  const navigate = useNavigate();
  const creation = useCreateClient();
  const setsLimit = useCan("accounts.manage");
  const [values, setValues] = useState<ClientFormValues>(emptyClientForm);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const payload = { ...toPayload(values, setsLimit), shipment: values.zone ?? "" };
  const errors = fieldErrors(CreateClientRequest, payload);
  const missing = Object.entries(BLOCKING)
    .filter(([field]) => errors[field])
    .map(([, label]) => label);
  const blocked = missing.length > 0;
  const shown = Object.fromEntries(
    Object.entries({ ...errors, ...serverErrors }).filter(
      ([field]) => wasTouched(touched, field) || serverErrors[field],
    ),
  );

  const change = (field: keyof ClientFormValues, value: string | number | null) => {
    setValues((v) => ({ ...v, [field]: value ?? "" }));
    setTouched((t) => new Set(t).add(field));
    // Field errors clear on edit.
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blocked) return;
    try {
      await creation.mutateAsync(payload);
      notifySuccess("Cliente creado con éxito.");
      void navigate("/clients");
    } catch (failure) {
      if (failure instanceof ApiError) setServerErrors(failure.fieldErrors);
      notifyFailure(failure, "Error al crear el cliente.");
    }
  }

  return (
    <>
      <PageTitle>Nuevo Cliente</PageTitle>
      <Paper withBorder p="lg" component="form" onSubmit={submit}>
        <ClientFields values={values} errors={shown} onChange={change} mode="create" picker="create-client" />
        <Group justify="flex-end" align="center" mt="lg" wrap="wrap">
          {/* SPEC.md §5 keeps the button disabled until these are valid: it says which ones. */}
          <Text id="create-client-missing" size="sm" c="gray.7" aria-live="polite" style={{ flex: "1 1 16rem" }}>
            {blocked ? `Para crear el cliente completá: ${listed(missing)}.` : ""}
          </Text>
          <Button
            type="submit"
            disabled={blocked}
            loading={creation.isPending}
            aria-describedby={blocked ? "create-client-missing" : undefined}
          >
            Crear cliente
          </Button>
        </Group>
      </Paper>
    </>
  );
}
