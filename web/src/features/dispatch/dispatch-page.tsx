import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { Alert, Box, Button, Group, Loader, SegmentedControl, Select } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router";
import { BOARD_MESSAGES, courierName } from "../../../../domain/contracts/boards";
import type { DispatchCard, DispatchRoute } from "../../../../domain/contracts/dispatch";
import { errorMessage } from "../../api/messages";
import { BoardDateInput, useBoardDate } from "../../components/board-date";
import { Confirm } from "../../components/confirm";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { DISPATCH_ANNOUNCEMENTS, DISPATCH_INSTRUCTIONS } from "./announcements";
import { boardColumns } from "../../../../domain/live-dispatch";
import { useAssign } from "./api/assign";
import { useAppliedPlan } from "./api/get-applied-plan";
import { useDispatchBoard, useRefreshDispatch } from "./api/get-board";
import { useCouriers } from "./api/get-couriers";
import { useLiveDispatch } from "./api/live-dispatch";
import { useResetAssignments } from "./api/reset-assignments";
import { useSendRoute } from "./api/send-route";
import { boardCourierColumns } from "./board-columns";
import { sentInColumn } from "./column-load";
import { CourierColumn, type DropTarget } from "./courier-column";
import { DayPlanDrawer } from "./day-plan-drawer";
import { FleetModal } from "./fleet-modal";
import { courierPoint, CourierStatus } from "./courier-status";
import { columnCoordinates } from "./keyboard-columns";
import { GroupedCards, SORT_MODES, type SortMode } from "./grouped-cards";
import { RouteModal, SentRouteModal } from "./route-modal";
import { SendRouteConfirm } from "./send-route-confirm";
import { SentOrders } from "./sent-orders";

const options = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].sort().map((v) => ({ value: v, label: v }));

/** /admin/dispatch: Armado orders dragged onto couriers; every open board follows live. */
export function DispatchPage() {
  const [date, setDate] = useBoardDate();
  const [mode, setMode] = useState<SortMode>("Asignaciones");
  const phone = useMediaQuery("(max-width: 35.99em)", false, { getInitialValueInEffect: false });
  const [zone, setZone] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [showing, setShowing] = useState<{ courier: number; ids: number[] } | null>(null);
  const [sent, setSent] = useState<{ courier: number; route: DispatchRoute } | null>(null);
  const [confirmingSend, setConfirmingSend] = useState<{ courier: number; cards: DispatchCard[] } | null>(null);
  const refresh = useRefreshDispatch();
  const sending = useSendRoute();
  const resetting = useResetAssignments();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [planning, setPlanning] = useState(false);
  const [editingFleet, setEditingFleet] = useState(false);
  const applied = useAppliedPlan(date);
  useLiveDispatch(date);
  const board = useDispatchBoard(date);
  const couriers = useCouriers(date);
  const assign = useAssign(date);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );

  const cards = board.data?.cards ?? [];
  const byId = new Map(cards.map((c) => [c.PK_Orders, c]));
  const columns = boardColumns(cards);
  const courierColumns = boardCourierColumns(couriers.data, columns.keys());
  // Past Cadete 3 the columns wrap into rows that each fit the screen, instead of one row scrolled
  // sideways: five a row at 1440 px, seven at 1920, one on a phone.
  const many = courierColumns.length > 4;
  const visible = (card: DispatchCard) =>
    (!zone || card.FK_Shipments__Name === zone) && (!time || card.FK_TimesShipping__Name === time);

  async function onDragEnd(event: DragEndEvent) {
    const card = event.active.data.current?.card as DispatchCard | undefined;
    const target = event.over?.data.current as DropTarget | undefined;
    if (!card || !target || target.beforeId === card.PK_Orders) return;
    try {
      await assign.mutateAsync({ card, courier: target.courier, beforeId: target.beforeId });
    } catch (error) {
      notifyError(errorMessage(error, BOARD_MESSAGES.preparedLoadFailed));
    }
  }

  const tripsOf = (column: number) => {
    const trips = applied.data?.plan?.trips.filter((t) => t.column === column) ?? [];
    return trips.length
      ? new Map(trips.flatMap((t) => t.stops.map((stop) => [stop.order_id, t.number] as const)))
      : undefined;
  };

  const linkedName = (column: number) =>
    couriers.data?.couriers.find((c) => c.column === column)?.user?.display_name ?? null;

  async function send(courier: number, ids: number[]) {
    try {
      const route = await sending.mutateAsync({ courier, orderIds: ids });
      setConfirmingSend(null);
      notifySuccess(route.message);
      setSent({ courier, route });
    } catch (error) {
      setConfirmingSend(null);
      notifyError(errorMessage(error, BOARD_MESSAGES.preparedLoadFailed));
    }
  }

  async function reset() {
    setConfirmingReset(false);
    try {
      notifySuccess((await resetting.mutateAsync()).message);
    } catch (error) {
      notifyError(errorMessage(error, BOARD_MESSAGES.preparedLoadFailed));
    }
  }

  return (
    <>
      <PageTitle>Despacho</PageTitle>
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
        <Button variant="light" color="red" onClick={() => setConfirmingReset(true)}>
          Reiniciar asignaciones
        </Button>
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
      {board.isLoading && <Loader />}
      {board.isError && <Alert color="red">{BOARD_MESSAGES.preparedLoadFailed}</Alert>}
      {board.data && cards.length === 0 && <Alert color="gray">{BOARD_MESSAGES.noPreparedOrders}</Alert>}
      {board.data && mode === "Asignaciones" && (
        <DndContext
          sensors={sensors}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: DISPATCH_ANNOUNCEMENTS, screenReaderInstructions: DISPATCH_INSTRUCTIONS }}
        >
          <Box
            data-testid="dispatch-columns"
            style={
              many
                ? {
                    display: "grid",
                    gridTemplateColumns: "repeat(auto-fill, minmax(215px, 1fr))",
                    gap: "var(--mantine-spacing-md)",
                    alignItems: "start",
                  }
                : { display: "flex", gap: "var(--mantine-spacing-md)", alignItems: "flex-start", overflowX: "auto" }
            }
          >
            {courierColumns.map((courier) => {
              const load = (columns.get(courier) ?? []).map((id) => byId.get(id)!);
              return (
                <CourierColumn
                  key={courier}
                  courier={courier}
                  minWidth={many ? 0 : undefined}
                  load={load}
                  cards={courier === 0 ? load.filter(visible) : load}
                  onShowRoute={(ids) => setShowing({ courier, ids })}
                  onSendRoute={(load) => setConfirmingSend({ courier, cards: load })}
                  linked={linkedName(courier) !== null}
                  sent={courier > 0 ? sentInColumn(couriers.data, board.data.sent, courier) : []}
                  tripOf={courier > 0 ? tripsOf(courier) : undefined}
                  status={courier > 0 ? <CourierStatus column={courier} data={couriers.data} date={date} /> : undefined}
                />
              );
            })}
          </Box>
        </DndContext>
      )}
      {board.data && mode !== "Asignaciones" && <GroupedCards mode={mode} cards={cards.filter(visible)} />}
      {board.data && <SentOrders orders={board.data.sent} />}
      {showing && (
        <RouteModal
          title={`Ruta ${courierName(showing.courier)}`}
          orderIds={showing.ids}
          courier={courierPoint(couriers.data, showing.courier)}
          onClose={() => setShowing(null)}
        />
      )}
      <Confirm
        opened={confirmingReset}
        message="¿Reiniciar todas las asignaciones? Los pedidos vuelven a Sin asignar."
        confirmLabel="Reiniciar"
        cancelLabel="No"
        onConfirm={reset}
        onCancel={() => setConfirmingReset(false)}
      />
      {confirmingSend && linkedName(confirmingSend.courier) && (
        <SendRouteConfirm
          column={confirmingSend.courier}
          courier={linkedName(confirmingSend.courier)!}
          cards={confirmingSend.cards}
          sending={sending.isPending}
          onConfirm={() =>
            void send(
              confirmingSend.courier,
              confirmingSend.cards.map((c) => c.PK_Orders),
            )
          }
          onCancel={() => setConfirmingSend(null)}
        />
      )}
      <DayPlanDrawer
        date={date}
        columns={courierColumns.filter((c) => c > 0)}
        opened={planning}
        onClose={() => setPlanning(false)}
      />
      <FleetModal opened={editingFleet} onClose={() => setEditingFleet(false)} />
      {sent && (
        <SentRouteModal title={`Ruta ${courierName(sent.courier)}`} route={sent.route} onClose={() => setSent(null)} />
      )}
    </>
  );
}
