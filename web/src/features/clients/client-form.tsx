import { Alert, Button, Group, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useCallback } from "react";
import { openMapPicker, useMapPick } from "../../components/map-picker";
import { useReferences } from "../../api/references";
import { DateField } from "../../components/date-field";

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
};

const YES_NO = [
  { value: "true", label: "Sí" },
  { value: "false", label: "No" },
];

interface ClientFormProps {
  values: ClientFormValues;
  errors: Record<string, string>;
  onChange(field: keyof ClientFormValues, value: string | null): void;
  mode: "create" | "edit";
  /** Names this form to the /mapa popup, so the point comes back to it and not to another open form. */
  picker: string;
}

export function ClientFields({ values, errors, onChange, mode, picker }: ClientFormProps) {
  const references = useReferences();
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

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {references.isError && (
        <Alert color="red" role="alert" style={{ gridColumn: "1 / -1" }}>
          No se pudieron cargar los datos para el formulario.
        </Alert>
      )}
      <TextInput
        label="Nombre"
        required
        value={values.name}
        error={errors.name}
        onChange={(e) => onChange("name", e.currentTarget.value)}
      />
      <TextInput
        label="Dirección"
        required
        value={values.address}
        error={errors.address}
        onChange={(e) => onChange("address", e.currentTarget.value)}
      />
      <Select
        label="Localidad"
        required
        searchable
        data={cities}
        value={values.city}
        error={errors.city}
        onChange={(v) => onChange("city", v)}
      />
      <Select
        label="Zona"
        required
        data={zones}
        value={values.zone}
        error={zoneError}
        onChange={(v) => onChange("zone", v)}
      />
      <TextInput
        label="Latitud"
        value={values.latitude}
        error={errors.latitude}
        onChange={(e) => onChange("latitude", e.currentTarget.value)}
      />
      <TextInput
        label="Longitud"
        value={values.longitude}
        error={errors.longitude}
        onChange={(e) => onChange("longitude", e.currentTarget.value)}
      />
      {mode === "edit" && (
        <Select
          label="Categoría"
          required
          data={["Normal", "Freezer Virtual"]}
          value={values.category}
          error={errors.category}
          onChange={(v) => onChange("category", v)}
        />
      )}
      <TextInput
        label="Teléfono"
        required
        value={values.phone}
        error={errors.phone}
        onChange={(e) => onChange("phone", e.currentTarget.value)}
      />
      <TextInput
        label="Email"
        type="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(e) => onChange("email", e.currentTarget.value)}
      />
      <DateField
        label="Cumpleaños"
        required
        value={values.birthday}
        error={errors.birthday}
        onValue={(date) => onChange("birthday", date)}
      />
      <Select
        label="WhatsApp"
        required
        data={YES_NO}
        value={values.whatsapp_ubication}
        onChange={(v) => onChange("whatsapp_ubication", v)}
      />
      {mode === "edit" && (
        <Select
          label="Zona de riesgo"
          required
          data={YES_NO}
          value={values.risk_zone}
          onChange={(v) => onChange("risk_zone", v)}
        />
      )}
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

/** The wire payload both create and edit send. */
export function toPayload(values: ClientFormValues) {
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
  };
}
