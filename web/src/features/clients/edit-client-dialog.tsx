import { Alert, Button, Group, Loader, Modal } from "@mantine/core";
import { useEffect, useState } from "react";
import { UpdateClientRequest, type ClientDetail } from "@domain/contracts/clients";
import { ApiError } from "../../api/messages";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { useCan } from "../../api/can";
import { useClient } from "./api/get-client";
import { useSaveClient } from "./api/save-client";
import { fieldErrors } from "../../components/field-errors";
import { ClientFields, emptyClientForm, toPayload, type ClientFormValues } from "./client-form";

function fromDetail(detail: ClientDetail): ClientFormValues {
  return {
    ...emptyClientForm,
    name: detail.name,
    address: detail.address,
    city: detail.city ? String(detail.city) : null,
    zone: detail.zone ? String(detail.zone) : null,
    category: detail.category,
    phone: detail.phone,
    email: detail.email,
    birthday: detail.birthday ?? "",
    whatsapp_ubication: String(detail.whatsapp_ubication),
    risk_zone: String(detail.risk_zone),
    latitude: detail.latitude ?? "",
    longitude: detail.longitude ?? "",
    credit_limit: detail.credit_limit === null ? "" : Number(detail.credit_limit),
  };
}

export function EditClientDialog({ clientId, onClose }: { clientId: number; onClose(): void }) {
  const detail = useClient(clientId);
  const setsLimit = useCan("accounts.manage");
  const saving = useSaveClient();
  const [values, setValues] = useState<ClientFormValues | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (detail.data && !values) setValues(fromDetail(detail.data));
  }, [detail.data, values]);

  const payload = values && {
    ...toPayload(values, setsLimit),
    zone: values.zone ?? "",
    category: values.category,
    risk_zone: values.risk_zone === "true",
    version: detail.data?.version,
  };
  const errors = payload ? { ...fieldErrors(UpdateClientRequest, payload), ...serverErrors } : {};

  async function save() {
    if (!payload || Object.keys(fieldErrors(UpdateClientRequest, payload)).length) return;
    try {
      await saving.mutateAsync({ id: clientId, body: payload });
      notifySuccess("Cliente actualizado con éxito.");
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError) setServerErrors(failure.fieldErrors);
      notifyFailure(failure, "Ocurrió un error al guardar.");
    }
  }

  return (
    <Modal opened onClose={onClose} title="Modificar Cliente" size="xl">
      {detail.isError && <Alert color="red">Error al cargar los detalles del cliente.</Alert>}
      {!values && !detail.isError && <Loader />}
      {values && (
        <>
          <ClientFields
            values={values}
            errors={errors}
            mode="edit"
            picker={`edit-client-${clientId}`}
            onChange={(field, value) => {
              setValues((v) => v && { ...v, [field]: value ?? "" });
              setServerErrors(({ [field]: _cleared, ...rest }) => rest);
            }}
          />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            {/* SPEC.md §2: the label itself reads 'Guardando...' while saving, so no spinner hides it. */}
            <Button
              onClick={save}
              disabled={saving.isPending || Object.keys(errors).length > 0}
              aria-busy={saving.isPending}
            >
              {saving.isPending ? "Guardando..." : "Guardar cambios"}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
