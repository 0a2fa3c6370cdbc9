import { Group, Select } from "@mantine/core";
import { DELIVERY_DATE_MESSAGE } from "@domain/calendar";
import { DateField } from "../../components/date-field";
import type { useTimeSlots } from "./api/get-time-slots";
import type { DeliveryPart } from "./delivery-part";

/** When: the date, among the days a delivery may be set on, and the slot. */
export function DeliveryWhen({
  details,
  update,
  invalid,
  slots,
  allowed,
  keptDate,
  dateRefused,
}: DeliveryPart & {
  slots: ReturnType<typeof useTimeSlots>;
  allowed: { first: string; last: string };
  keptDate: string | null;
  dateRefused: boolean;
}) {
  return (
    <Group grow>
      <DateField
        label="Fecha"
        required
        value={details.date}
        min={keptDate && keptDate < allowed.first ? keptDate : allowed.first}
        max={allowed.last}
        error={invalid.has("date") && (dateRefused ? DELIVERY_DATE_MESSAGE : true)}
        onValue={(date) => update({ date })}
      />
      <Select
        label="Horario"
        data={(slots.data ?? []).map((s) => ({ value: String(s.PK_TimesShipping), label: s.Name }))}
        value={details.time.id ? String(details.time.id) : null}
        error={invalid.has("time")}
        allowDeselect={false}
        onChange={(v) =>
          update({
            time: {
              id: Number(v),
              text: slots.data?.find((s) => String(s.PK_TimesShipping) === v)?.Name ?? "",
            },
          })
        }
      />
    </Group>
  );
}
