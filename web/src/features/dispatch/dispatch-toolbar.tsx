import { Button, Group, SegmentedControl, Select } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Link } from "react-router";
import { BoardDateInput } from "../../components/board-date";
import { SORT_MODES, type SortMode } from "./grouped-cards";
import { ResetAssignmentsButton } from "./reset-assignments-button";

const options = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].sort().map((v) => ({ value: v, label: v }));

interface DispatchToolbarProps {
  mode: SortMode;
  setMode(mode: SortMode): void;
  date: string;
  setDate(date: string): void;
  zone: string | null;
  setZone(zone: string | null): void;
  time: string | null;
  setTime(time: string | null): void;
  /** The cards' zones and slots, offered as filters. */
  cards: { FK_Shipments__Name: string | null; FK_TimesShipping__Name: string | null }[];
  refresh(): void;
  setPlanning(open: boolean): void;
  setEditingFleet(open: boolean): void;
}

/** The dispatch board's controls: order, date, zone and slot filters, and the board's actions. */
export function DispatchToolbar(props: DispatchToolbarProps) {
  const { mode, setMode, date, setDate, zone, setZone, time, setTime, cards, refresh } = props;
  const { setPlanning, setEditingFleet } = props;
  const phone = useMediaQuery("(max-width: 35.99em)", false, { getInitialValueInEffect: false });
  return (
    <Group mb="md" align="flex-end" wrap="wrap">
      {/* Three long labels do not fit side by side on a phone: there they stack, each whole. */}
      <SegmentedControl
        data={[...SORT_MODES]}
        value={mode}
        onChange={(v) => setMode(v as SortMode)}
        aria-label="Orden"
        fullWidth={phone}
        orientation={phone ? "vertical" : "horizontal"}
        w={phone ? "100%" : undefined}
      />
      <BoardDateInput value={date} onChange={setDate} />
      <Select
        label="Zona"
        placeholder="Todas"
        data={options(cards.map((c) => c.FK_Shipments__Name))}
        value={zone}
        onChange={setZone}
        clearable
        w={180}
      />
      <Select
        label="Horario"
        placeholder="Todos"
        data={options(cards.map((c) => c.FK_TimesShipping__Name))}
        value={time}
        onChange={setTime}
        clearable
        w={160}
      />
      <Button variant="default" onClick={() => void refresh()}>
        Actualizar
      </Button>
      <ResetAssignmentsButton />
      <Button onClick={() => setPlanning(true)} data-testid="plan-open">
        Planificar el día
      </Button>
      <Button variant="default" onClick={() => setEditingFleet(true)}>
        Flota y horarios
      </Button>
      <Button component={Link} to="/admin/dispatch/wall" variant="subtle">
        Vista de pared
      </Button>
    </Group>
  );
}
