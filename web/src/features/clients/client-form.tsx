import { Alert, Button, Group, SimpleGrid, Text } from "@mantine/core";
import { useCallback } from "react";
import { openMapPicker, useMapPick } from "../../components/map-picker";
import { useReferences } from "../../api/references";
import { DateField } from "../../components/date-field";
import { DecimalField, SelectField, TextField } from "../../components/form-fields";
import { ACCOUNT_MESSAGES } from "@domain/contracts/accounts";
import { useCan } from "../../api/can";

export interface ClientFormValues {
  name: string;
  address: string;
  city: string | null;
  zone: string | null;
  category: string;
  phone: string;
  email: string;
  birthday: string;
  whatsapp_ubication: string;
  risk_zone: string;
  latitude: string;
  longitude: string;
  /** Pesos once the text reads as a number, else the text as typed; "" for no limit. */
  credit_limit: number | string;
}

export const emptyClientForm: ClientFormValues = {
  name: "",
  address: "",
  city: null,
  zone: null,
  category: "Normal",
  phone: "",
  email: "",
  birthday: "",
  whatsapp_ubication: "true",
  risk_zone: "false",
  latitude: "",
  longitude: "",
  credit_limit: "",
};

const YES_NO = [
  { value: "true", label: "Sí" },
  { value: "false", label: "No" },
];

interface ClientFormProps {
  values: ClientFormValues;
  errors: Record<string, string>;
  onChange(field: keyof ClientFormValues, value: string | number | null): void;
  mode: "create" | "edit";
  /** Names this form to the /mapa popup, so the point comes back to it and not to another open form. */
  picker: string;
}

export function ClientFields({ values, errors, onChange, mode, picker }: ClientFormProps) {
  const references = useReferences();
  // The decision record client-accounts.md: only an Admin sets the limit; others see it.
  const setsLimit = useCan("accounts.manage");
  const cities = (references.data?.cities ?? []).map((c) => ({ value: String(c.PK_Cities), label: c.Name }));
  const zones = (references.data?.shipments ?? []).map((s) => ({ value: String(s.PK_Shipments), label: s.Name }));
  const zoneError = errors.shipment ?? errors.zone;
  const onPick = useCallback(
    ({ lat, lng }: { lat: number; lng: number }) => {
      onChange("latitude", lat.toFixed(6));
      onChange("longitude", lng.toFixed(6));
    },
    [onChange],
  );
  useMapPick(picker, onPick);
  const cityName = cities.find((c) => c.value === values.city)?.label;
  const form = { values, errors, onChange };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {references.isError && (
        <Alert color="red" role="alert" style={{ gridColumn: "1 / -1" }}>
          No se pudieron cargar los datos para el formulario.
        </Alert>
      )}
      <TextField of={form} field="name" label="Nombre" required />
      <TextField of={form} field="address" label="Dirección" required />
      <SelectField of={form} field="city" label="Localidad" required searchable data={cities} />
      <SelectField of={form} field="zone" label="Zona" required data={zones} error={zoneError} />
      <TextField of={form} field="latitude" label="Latitud" />
      <TextField of={form} field="longitude" label="Longitud" />
      {mode === "edit" && (
        <SelectField of={form} field="category" label="Categoría" required data={["Normal", "Freezer Virtual"]} />
      )}
      <TextField of={form} field="phone" label="Teléfono" required />
      <TextField of={form} field="email" label="Email" type="email" required />
      <DateField
        label="Cumpleaños"
        required
        value={values.birthday}
        error={errors.birthday}
        onValue={(date) => onChange("birthday", date)}
      />
      <SelectField of={form} field="whatsapp_ubication" label="WhatsApp" required data={YES_NO} />
      {mode === "edit" && <SelectField of={form} field="risk_zone" label="Zona de riesgo" required data={YES_NO} />}
      {/* The note stays under the field: a typed amount's reading takes the field's own description. */}
      <div>
        <DecimalField
          of={form}
          field="credit_limit"
          label="Límite de crédito"
          decimals={2}
          unit="$"
          disabled={!setsLimit}
          description={setsLimit ? "Vacío: sin límite." : undefined}
        />
        {!setsLimit && (
          <Text size="xs" c="gray.7" mt={4}>
            {ACCOUNT_MESSAGES.creditLimitAdminOnly}
          </Text>
        )}
      </div>
      <Group align="flex-end">
        <Button
          variant="light"
          onClick={() =>
            openMapPicker(picker, {
              destination: [values.address, cityName].filter(Boolean).join(", "),
              lat: values.latitude ? Number(values.latitude) : null,
              lng: values.longitude ? Number(values.longitude) : null,
            })
          }
        >
          Seleccionar en mapa
        </Button>
      </Group>
    </SimpleGrid>
  );
}

/** The wire payload both create and edit send; the credit limit only from an Admin (absent: unchanged). */
export function toPayload(values: ClientFormValues, setsLimit: boolean) {
  return {
    name: values.name,
    address: values.address,
    city: values.city ?? "",
    phone: values.phone,
    email: values.email,
    birthday: values.birthday || null,
    whatsapp_ubication: values.whatsapp_ubication === "true",
    latitude: values.latitude || null,
    longitude: values.longitude || null,
    ...(setsLimit ? { credit_limit: values.credit_limit === "" ? null : values.credit_limit } : {}),
  };
}
