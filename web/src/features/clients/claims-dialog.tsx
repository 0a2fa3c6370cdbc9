import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { z } from "zod";
import { CLAIM_MESSAGES } from "../../../../domain/contracts/claims";
import { MainProduct } from "../../../../domain/contracts/products";
import { get } from "../../api/http";
import { notifyError, notifySuccess, notifyFailure } from "../../components/notify";
import { clientKeys, fetchClaim, saveClaim, saveProductClaim } from "./api";

const TYPES = [
  { value: "0", label: "SELECCIONAR" },
  { value: "1", label: "BONIFICACION" },
  { value: "2", label: "RECLAMO" },
  { value: "3", label: "RECLAMO POR PRODUCTO" },
];

/** 'CARGAR RECLAMO/BONIFICACIÓN': one active value per type, prefetched when the type is chosen. */
export function ClaimsDialog({ clientId, onClose }: { clientId: number; onClose(): void }) {
  const client = useQueryClient();
  const [type, setType] = useState("0");
  const [product, setProduct] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const products = useQuery({
    queryKey: ["main-products", "all"],
    enabled: type === "3",
    queryFn: async () => z.array(MainProduct).parse(await get("/main_products/?include_all=true")),
  });

  const [loading, setLoading] = useState(false);

  // The current value is prefetched for the chosen type; the field waits for it, so an
  // answer arriving late never overwrites what the user typed.
  useEffect(() => {
    setError(null);
    if (type === "0" || (type === "3" && !product)) return setValue("");
    let current = true;
    setLoading(true);
    fetchClaim(clientId, Number(type), type === "3" ? Number(product) : undefined)
      .then((answer) => current && setValue(answer.claimValue))
      .catch(() => current && notifyError("Error al verificar reclamo"))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [clientId, type, product]);

  async function save() {
    if (type === "0") return setError(CLAIM_MESSAGES.type);
    if (type === "3" && !value.trim()) return setError(CLAIM_MESSAGES.value);
    if (type === "3" && !product) return setError(CLAIM_MESSAGES.product);
    setBusy(true);
    try {
      if (type === "3") await saveProductClaim(clientId, value.trim(), Number(product));
      else await saveClaim(clientId, Number(type), value.trim());
      notifySuccess("Operación realizada con éxito.");
      await client.invalidateQueries({ queryKey: clientKeys.fullData(clientId) });
      onClose();
    } catch (failure) {
      notifyFailure(failure, "Error al guardar el reclamo.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="CARGAR RECLAMO/BONIFICACIÓN">
      <Stack>
        <Select label="Tipo" data={TYPES} value={type} onChange={(v) => setType(v ?? "0")} allowDeselect={false} />
        {type === "3" && (
          <Select
            label="Producto"
            searchable
            data={(products.data ?? []).map((p) => ({ value: String(p.PK_Products), label: p.Name }))}
            value={product}
            onChange={setProduct}
          />
        )}
        {type !== "0" && <TextInput label="INGRESE EL RECLAMO" value={value} disabled={loading} onChange={(e) => setValue(e.currentTarget.value)} />}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} loading={busy} disabled={loading}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
