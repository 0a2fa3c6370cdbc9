import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { MAX_COURIER_COLUMN } from "@domain/contracts/boards";
import type { Fleet, TimeSlots } from "@domain/contracts/day-plan";
import { errorMessage } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useFleet } from "./api/get-fleet";
import { useTimeSlots } from "./api/get-time-slots";
import { useSaveFleet } from "./api/save-fleet";
import { useSaveTimeSlots } from "./api/save-time-slots";

const SAVE_FAILED = "No se pudo guardar. Revisá los datos.";

function FleetForm({ fleet, slots, onDone }: { fleet: Fleet; slots: TimeSlots; onDone(): void }) {
  const [couriers, setCouriers] = useState(fleet.couriers);
  const [speed, setSpeed] = useState<number | string>(fleet.speed_kmh);
  const [service, setService] = useState<number | string>(fleet.service_minutes);
  const [hours, setHours] = useState(slots.slots.map((s) => ({ ...s, start: s.start ?? "", end: s.end ?? "" })));
  const [refusal, setRefusal] = useState<string | null>(null);
  const saveFleet = useSaveFleet();
  const saveSlots = useSaveTimeSlots();
  const nextColumn = Math.max(...couriers.map((c) => c.column)) + 1;
  // A new courier starts as the last one works (van, stops, shift), under the next column's name.
  const add = () =>
    setCouriers((all) => [
      ...all,
      { ...all[all.length - 1]!, column: nextColumn, name: `Cadete ${nextColumn}`, user_id: null },
    ]);
  const edit = (column: number, change: Partial<Fleet["couriers"][number]>) =>
    setCouriers((all) => all.map((c) => (c.column === column ? { ...c, ...change } : c)));

  async function save() {
    setRefusal(null);
    try {
      await saveFleet.mutateAsync({
        couriers: couriers.map(({ column, name, capacity_kg, max_stops, shift_start, shift_end }) => ({
          column,
          name,
          capacity_kg,
          max_stops,
          shift_start,
          shift_end,
        })),
        speed_kmh: Number(speed),
        service_minutes: Number(service),
      });
      await saveSlots.mutateAsync({
        slots: hours.map((s) => ({ id: s.id, start: s.start || null, end: s.end || null })),
      });
      notifySuccess("Flota y horarios guardados.");
      onDone();
    } catch (error) {
      setRefusal(errorMessage(error, SAVE_FAILED));
      notifyError(errorMessage(error, SAVE_FAILED));
    }
  }

  return (
    <Stack>
      {couriers.map((c) => (
        <Stack key={c.column} gap="xs" data-testid={`fleet-courier-${c.column}`}>
          <Title order={3} size="h5">
            Cadete {c.column}
            {c.name !== `Cadete ${c.column}` ? ` · ${c.name}` : ""}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <TextInput
              label="Nombre"
              value={c.name}
              onChange={(e) => edit(c.column, { name: e.currentTarget.value })}
            />
            <NumberInput
              label="Kg por viaje"
              value={c.capacity_kg}
              min={0.1}
              max={5000}
              decimalSeparator=","
              onChange={(v) => edit(c.column, { capacity_kg: Number(v) })}
            />
            <NumberInput
              label="Paradas por viaje"
              value={c.max_stops}
              min={1}
              max={99}
              onChange={(v) => edit(c.column, { max_stops: Number(v) })}
            />
            <TextInput
              label="Entra"
              placeholder="HH:MM"
              value={c.shift_start}
              onChange={(e) => edit(c.column, { shift_start: e.currentTarget.value })}
            />
            <TextInput
              label="Sale"
              placeholder="HH:MM"
              value={c.shift_end}
              onChange={(e) => edit(c.column, { shift_end: e.currentTarget.value })}
            />
          </SimpleGrid>
        </Stack>
      ))}
      {nextColumn <= MAX_COURIER_COLUMN && (
        <Group>
          <Button variant="light" onClick={add}>
            Agregar cadete
          </Button>
        </Group>
      )}
      <SimpleGrid cols={2}>
        <NumberInput label="Velocidad (km/h)" value={speed} min={5} max={120} onChange={setSpeed} />
        <NumberInput label="Minutos por parada" value={service} min={0} max={60} onChange={setService} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Horario de las franjas (vacío: todo el turno)
      </Title>
      {hours.map((slot) => (
        <SimpleGrid key={slot.id} cols={2}>
          <TextInput
            label={`${slot.name}: desde`}
            placeholder="HH:MM"
            value={slot.start}
            onChange={(e) => {
              const start = e.currentTarget.value;
              setHours((all) => all.map((s) => (s.id === slot.id ? { ...s, start } : s)));
            }}
          />
          <TextInput
            label={`${slot.name}: hasta`}
            placeholder="HH:MM"
            value={slot.end}
            onChange={(e) => {
              const end = e.currentTarget.value;
              setHours((all) => all.map((s) => (s.id === slot.id ? { ...s, end } : s)));
            }}
          />
        </SimpleGrid>
      ))}
      {refusal && (
        <Alert color="red" data-testid="fleet-refusal">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button onClick={() => void save()} loading={saveFleet.isPending || saveSlots.isPending}>
          Guardar
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Flota y horarios': what each courier carries, its shift, the speed and the slots' hours the plan uses. */
export function FleetModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const fleet = useFleet();
  const slots = useTimeSlots();
  return (
    <Modal opened={opened} onClose={onClose} title="Flota y horarios" size="xl">
      {fleet.data && slots.data && <FleetForm fleet={fleet.data} slots={slots.data} onDone={onClose} />}
    </Modal>
  );
}
