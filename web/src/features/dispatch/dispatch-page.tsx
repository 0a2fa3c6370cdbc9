import { Alert, Loader } from "@mantine/core";
import { useState } from "react";
import { BOARD_MESSAGES, courierName } from "@domain/contracts/boards";
import type { DispatchCard, DispatchRoute } from "@domain/contracts/dispatch";
import { errorMessage } from "../../api/messages";
import { useBoardDate } from "../../components/board-date";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { boardColumns } from "@domain/live-dispatch";
import { useAppliedPlan } from "./api/get-applied-plan";
import { useDispatchBoard, useRefreshDispatch } from "./api/get-board";
import { useCouriers } from "./api/get-couriers";
import { useLiveDispatch } from "./api/live-dispatch";
import { useSendRoute } from "./api/send-route";
import { boardCourierColumns } from "./board-columns";
import { DayPlanDrawer } from "./day-plan-drawer";
import { FleetModal } from "./fleet-modal";
import { courierPoint } from "./courier-status";
import { GroupedCards, type SortMode } from "./grouped-cards";
import { RouteModal, SentRouteModal } from "./route-modal";
import { SendRouteConfirm } from "./send-route-confirm";
import { SentOrders } from "./sent-orders";
import { AssignmentBoard } from "./assignment-board";
import { DispatchToolbar } from "./dispatch-toolbar";

/** /admin/dispatch: Armado orders dragged onto couriers; every open board follows live. */
export function DispatchPage() {
  const [date, setDate] = useBoardDate();
  const [mode, setMode] = useState<SortMode>("Asignaciones");
  const [zone, setZone] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [showing, setShowing] = useState<{ courier: number; ids: number[] } | null>(null);
  const [sent, setSent] = useState<{ courier: number; route: DispatchRoute } | null>(null);
  const [confirmingSend, setConfirmingSend] = useState<{ courier: number; cards: DispatchCard[] } | null>(null);
  const refresh = useRefreshDispatch();
  const sending = useSendRoute();
  const [planning, setPlanning] = useState(false);
  const [editingFleet, setEditingFleet] = useState(false);
  const applied = useAppliedPlan(date);
  useLiveDispatch(date);
  const board = useDispatchBoard(date);
  const couriers = useCouriers(date);
  const cards = board.data?.cards ?? [];
  const columns = boardColumns(cards);
  const courierColumns = boardCourierColumns(couriers.data, columns.keys());
  const visible = (card: DispatchCard) =>
    (!zone || card.FK_Shipments__Name === zone) && (!time || card.FK_TimesShipping__Name === time);

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

  return (
    <>
      <PageTitle>Despacho</PageTitle>
      <DispatchToolbar
        mode={mode}
        setMode={setMode}
        date={date}
        setDate={setDate}
        zone={zone}
        setZone={setZone}
        time={time}
        setTime={setTime}
        cards={cards}
        refresh={() => void refresh()}
        setPlanning={setPlanning}
        setEditingFleet={setEditingFleet}
      />
      {board.isLoading && <Loader />}
      {board.isError && <Alert color="red">{BOARD_MESSAGES.preparedLoadFailed}</Alert>}
      {board.data && cards.length === 0 && <Alert color="gray">{BOARD_MESSAGES.noPreparedOrders}</Alert>}
      {board.data && mode === "Asignaciones" && (
        <AssignmentBoard
          date={date}
          board={board.data}
          couriers={couriers}
          courierColumns={courierColumns}
          columns={columns}
          visible={visible}
          tripsOf={tripsOf}
          linkedName={linkedName}
          setShowing={setShowing}
          setConfirmingSend={setConfirmingSend}
        />
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
