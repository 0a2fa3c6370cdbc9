import { formatMoney, toCentavos } from "../../../../domain/money";
import { Button, Card, NumberInput, Select, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { Shipment } from "../../../../domain/contracts/clients";
import { SHIPPING_COST_MESSAGE } from "../../../../domain/contracts/settings";
import { get, post } from "../../api/http";
import { ApiError } from "../../api/messages";
import { referenceKeys } from "../../api/references";
import { notifyError, notifySuccess } from "../../components/notify";

export function ShippingCostCard() {
  const client = useQueryClient();
  const zones = useQuery({ queryKey: ["shipments", "settings"], queryFn: async () => z.array(Shipment).parse(await get("/get-shipments-jwt/")) });
  const [zone, setZone] = useState<string | null>(null);
  const [price, setPrice] = useState<number | string>("");
  const [error, setError] = useState<string | null>(null);

  async function save() {
    if (!zone || price === "") return setError(SHIPPING_COST_MESSAGE);
    setError(null);
    try {
      await post("/update-shipping-cost/", { zone_id: Number(zone), price });
      notifySuccess("Costo de envío actualizado correctamente.");
      await client.invalidateQueries({ queryKey: ["shipments"] });
      await client.invalidateQueries({ queryKey: referenceKeys.all });
    } catch (failure) {
      notifyError(failure instanceof ApiError && failure.status === 0 ? "Hubo un problema al conectar con el servidor." : "Error al actualizar el costo.");
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="md">
        Costo de envío por zona
      </Title>
      <Stack>
        {zones.isError && <Text c="red">No se pudieron cargar las zonas de envío.</Text>}
        <Select
          label="Zona"
          data={(zones.data ?? []).map((z) => ({ value: String(z.PK_Shipments), label: `${z.Name} (${formatMoney(toCentavos(z.Price))})` }))}
          value={zone}
          onChange={(v) => {
            setZone(v);
            const current = zones.data?.find((z) => String(z.PK_Shipments) === v);
            if (current) setPrice(Number(current.Price));
          }}
        />
        <NumberInput label="Precio" min={0} step={0.01} decimalScale={2} decimalSeparator="," value={price} onChange={setPrice} error={error} />
        <Button onClick={save}>Actualizar costo</Button>
      </Stack>
    </Card>
  );
}
