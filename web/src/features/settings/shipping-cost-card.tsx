import { formatMoney, toCentavos } from "@domain/money";
import { Button, Card, Select, Stack, Text, Title } from "@mantine/core";
import { DecimalInput } from "../../components/decimal-input";
import { useState } from "react";
import { SHIPPING_COST_MESSAGE } from "@domain/contracts/settings";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useShipments } from "./api/get-shipments";
import { useUpdateShippingCost } from "./api/update-shipping-cost";

export function ShippingCostCard() {
  const zones = useShipments();
  const update = useUpdateShippingCost();
  const [zone, setZone] = useState<string | null>(null);
  const [price, setPrice] = useState<number | string>("");
  const [error, setError] = useState<string | null>(null);

  async function save() {
    // Text the es-AR reading refused stays text: no number to save.
    if (!zone || typeof price !== "number") return setError(SHIPPING_COST_MESSAGE);
    setError(null);
    try {
      await update.mutateAsync({ zone_id: Number(zone), price });
      notifySuccess("Costo de envío actualizado correctamente.");
    } catch (failure) {
      notifyError(
        failure instanceof ApiError && failure.status === 0
          ? "Hubo un problema al conectar con el servidor."
          : "Error al actualizar el costo.",
      );
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Costo de envío por zona
      </Title>
      <Stack>
        {zones.isError && <Text c="red">No se pudieron cargar las zonas de envío.</Text>}
        <Select
          label="Zona"
          data={(zones.data ?? []).map((z) => ({
            value: String(z.PK_Shipments),
            label: `${z.Name} (${formatMoney(toCentavos(z.Price))})`,
          }))}
          value={zone}
          onChange={(v) => {
            setZone(v);
            const current = zones.data?.find((z) => String(z.PK_Shipments) === v);
            if (current) setPrice(Number(current.Price));
          }}
        />
        <DecimalInput label="Precio" decimals={2} unit="$" value={price} onChange={setPrice} error={error} />
        <Button onClick={save}>Actualizar costo</Button>
      </Stack>
    </Card>
  );
}
