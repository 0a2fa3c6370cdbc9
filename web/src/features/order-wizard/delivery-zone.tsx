import { Group, Select, Text } from "@mantine/core";
import { formatMoneyWizard, toCentavos } from "@domain/money";
import type { z } from "zod";
import type { Shipment } from "@domain/contracts/clients";
import type { DeliveryPart } from "./delivery-part";

/** The shipping zone and what it costs (fixed for a pick-up). */
export function DeliveryZone({
  details,
  update,
  invalid,
  shipments,
  pickup,
}: DeliveryPart & { shipments: z.infer<typeof Shipment>[]; pickup: boolean }) {
  return (
    <Group align="flex-end">
      <Select
        label="Zona de envío"
        data={shipments.map((s) => ({ value: String(s.PK_Shipments), label: s.Name }))}
        value={details.zone ? String(details.zone) : null}
        error={invalid.has("zone")}
        allowDeselect={false}
        disabled={pickup}
        onChange={(v) =>
          update({
            zone: Number(v),
            delivery_cost: Number(shipments.find((s) => String(s.PK_Shipments) === v)?.Price ?? 0),
          })
        }
      />
      <Text>Costo: {formatMoneyWizard(toCentavos(details.delivery_cost))}</Text>
    </Group>
  );
}
