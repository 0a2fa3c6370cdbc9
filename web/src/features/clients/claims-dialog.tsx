import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { CLAIM_MESSAGES } from "@domain/contracts/claims";
import { notifyError, notifySuccess, notifyFailure } from "../../components/notify";
import { useClaim } from "./api/get-claim";
import { useClaimProducts } from "./api/get-claim-products";
import { useSaveClaim } from "./api/save-claim";

const TYPES = [
  { value: "0", label: "SELECCIONAR" },
  { value: "1", label: "BONIFICACION" },
  { value: "2", label: "RECLAMO" },
  { value: "3", label: "RECLAMO POR PRODUCTO" },
];

/** 'CARGAR RECLAMO/BONIFICACIÓN': one active value per type, prefetched when the type is chosen. */
export function ClaimsDialog({ clientId, onClose }: { clientId: number; onClose(): void }) {
  const [type, setType] = useState("0");
  const [product, setProduct] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const products = useClaimProducts(type === "3");
  const saving = useSaveClaim();
  const chosen = type !== "0" && (type !== "3" || !!product);
  const claim = useClaim(clientId, Number(type), type === "3" ? Number(product) : null, chosen);
  const loading = chosen && claim.isFetching;

  // The current value is prefetched for the chosen type; the field waits for it, so an
  // answer arriving late never overwrites what the user typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another type or product clears the error and the value
  useEffect(() => {
    setError(null);
    if (!chosen) return setValue("");
    if (claim.data) setValue(claim.data.claimValue);
  }, [chosen, type, product, claim.data]);
  useEffect(() => {
    if (chosen && claim.isError) notifyError("Error al verificar reclamo");
  }, [chosen, claim.isError]);

  async function save() {
    if (type === "0") return setError(CLAIM_MESSAGES.type);
    if (type === "3" && !value.trim()) return setError(CLAIM_MESSAGES.value);
    if (type === "3" && !product) return setError(CLAIM_MESSAGES.product);
    try {
      await saving.mutateAsync({
        clientId,
        claimType: Number(type),
        claimValue: value.trim(),
        productId: type === "3" ? Number(product) : null,
      });
      notifySuccess("Operación realizada con éxito.");
      onClose();
    } catch (failure) {
      notifyFailure(failure, "Error al guardar el reclamo.");
    }
  }

  return (
    <Modal opened onClose={onClose} title="CARGAR RECLAMO/BONIFICACIÓN">
      <Stack>
        <Select label="Tipo" data={TYPES} value={type} onChange={(v) => setType(v ?? "0")} allowDeselect={false} />
        {type === "3" && products.isError && (
          <Text c="red.9" size="sm" role="alert">
            No se pudieron cargar los productos.
          </Text>
        )}
        {type === "3" && (
          <Select
            label="Producto"
            searchable
            data={(products.data ?? []).map((p) => ({ value: String(p.PK_Products), label: p.Name }))}
            value={product}
            onChange={setProduct}
          />
        )}
        {type !== "0" && (
          <TextInput
            label="INGRESE EL RECLAMO"
            value={value}
            disabled={loading}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} loading={saving.isPending} disabled={loading}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
