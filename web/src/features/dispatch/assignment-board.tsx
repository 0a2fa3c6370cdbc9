import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { Box } from "@mantine/core";
import { BOARD_MESSAGES } from "@domain/contracts/boards";
import type { DispatchBoard, DispatchCard } from "@domain/contracts/dispatch";
import { errorMessage } from "../../api/messages";
import { notifyError } from "../../components/notify";
import { DISPATCH_ANNOUNCEMENTS, DISPATCH_INSTRUCTIONS } from "./announcements";
import { useAssign } from "./api/assign";
import type { useCouriers } from "./api/get-couriers";
import { sentInColumn } from "./column-load";
import { CourierColumn, type DropTarget } from "./courier-column";
import { CourierStatus } from "./courier-status";
import { columnCoordinates } from "./keyboard-columns";

interface AssignmentBoardProps {
  date: string;
  board: DispatchBoard;
  couriers: ReturnType<typeof useCouriers>;
  courierColumns: number[];
  columns: Map<number, number[]>;
  visible(card: DispatchCard): boolean;
  /** Which planned trip each order of a column rides in, when a plan was applied. */
  tripsOf(column: number): Map<number, number> | undefined;
  linkedName(column: number): string | null;
  setShowing(showing: { courier: number; ids: number[] }): void;
  setConfirmingSend(sending: { courier: number; cards: DispatchCard[] }): void;
}

/** 'Asignaciones': the couriers' columns, cards dragged onto them by pointer, touch or keyboard. */
export function AssignmentBoard(props: AssignmentBoardProps) {
  const { date, courierColumns, columns, visible, tripsOf, linkedName, setShowing, setConfirmingSend } = props;
  const couriers = props.couriers;
  const assign = useAssign(date);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const byId = new Map(props.board.cards.map((c) => [c.PK_Orders, c]));
  // Past Cadete 3 the columns wrap into rows that each fit the screen, instead of one row scrolled
  // sideways: five a row at 1440 px, seven at 1920, one on a phone.
  const many = courierColumns.length > 4;

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

  return (
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
              sent={courier > 0 ? sentInColumn(couriers.data, props.board.sent, courier) : []}
              tripOf={courier > 0 ? tripsOf(courier) : undefined}
              status={courier > 0 ? <CourierStatus column={courier} data={couriers.data} date={date} /> : undefined}
            />
          );
        })}
      </Box>
    </DndContext>
  );
}
