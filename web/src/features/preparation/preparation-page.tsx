import { Alert, Group, Loader, Paper, SimpleGrid, Switch, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { BOARD_MESSAGES, type BoardOrderRow } from "@domain/contracts/boards";
import { BoardDateInput, useBoardDate } from "../../components/board-date";
import { PageTitle } from "../../components/page-title";
import { usePreparationBoard } from "./api/get-board";
import { useLivePreparation } from "./api/live-preparation";
import { chime, useArrivalSound } from "./arrival-sound";
import { BatchCard } from "./batch-card";
import { ChecklistModal } from "./checklist-modal";
import { useNewOrders } from "./new-orders";

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" miw={180}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={label}>
        {value}
      </Text>
    </Paper>
  );
}

const arrivalText = (orders: BoardOrderRow[]) =>
  orders.length === 1
    ? `Pedido nuevo: #${orders[0]!.PK_Orders}, ${orders[0]!.FK_Clients__Name}.`
    : `${orders.length} pedidos nuevos: ${orders.map((o) => `#${o.PK_Orders}`).join(", ")}.`;

/**
 * /admin/preparation: batches forming live as orders arrive, and each order's checklist. A new
 * order is marked for a while, read out to a screen reader, and chimes if the preparer wants.
 */
export function PreparationPage() {
  const [date, setDate] = useBoardDate();
  const [openOrder, setOpenOrder] = useState<number | null>(null);
  const [sound, setSound] = useArrivalSound();
  const [announcement, setAnnouncement] = useState("");
  const live = useLivePreparation(date);
  const board = usePreparationBoard(date, live);
  const fresh = useNewOrders(date, board.data, (orders) => {
    setAnnouncement(arrivalText(orders));
    if (sound) chime();
  });

  return (
    <>
      <PageTitle>Preparación</PageTitle>
      <Group mb="md" align="flex-end">
        <BoardDateInput value={date} onChange={setDate} />
        {board.data && (
          <>
            <Figure label="Grupos sugeridos" value={board.data.summary.suggested_groups} />
            <Figure label="Pedidos cubiertos" value={board.data.summary.orders_covered} />
          </>
        )}
        <Switch
          label="Sonido al llegar un pedido"
          checked={sound}
          onChange={(e) => setSound(e.currentTarget.checked)}
          mb="xs"
        />
      </Group>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {board.isLoading && <Loader />}
      {board.isError && <Alert color="red">{BOARD_MESSAGES.openLoadFailed}</Alert>}
      {board.data && board.data.batches.length === 0 && <Text c="dimmed">{BOARD_MESSAGES.noOpenOrders}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {board.data?.batches.map((batch) => (
          <BatchCard key={batch.id} batch={batch} onOpenOrder={setOpenOrder} isNew={(id) => fresh.has(id)} />
        ))}
      </SimpleGrid>
      {openOrder !== null && <ChecklistModal key={openOrder} orderId={openOrder} onClose={() => setOpenOrder(null)} />}
    </>
  );
}
