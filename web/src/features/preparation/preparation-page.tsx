import { Alert, Group, Loader, Paper, SimpleGrid, Text } from "@mantine/core";
import { useState } from "react";
import { BOARD_MESSAGES } from "../../../../domain/contracts/boards";
import { BoardDateInput, useBoardDate } from "../../components/board-date";
import { PageTitle } from "../../components/page-title";
import { usePreparationBoard } from "./api/get-board";
import { useLivePreparation } from "./api/live-preparation";
import { BatchCard } from "./batch-card";
import { ChecklistModal } from "./checklist-modal";

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

/** /admin/preparation: batches forming live as orders arrive, and each order's checklist. */
export function PreparationPage() {
  const [date, setDate] = useBoardDate();
  const [openOrder, setOpenOrder] = useState<number | null>(null);
  useLivePreparation(date);
  const board = usePreparationBoard(date);

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
      </Group>
      {board.isLoading && <Loader />}
      {board.isError && <Alert color="red">{BOARD_MESSAGES.openLoadFailed}</Alert>}
      {board.data && board.data.batches.length === 0 && <Text c="dimmed">{BOARD_MESSAGES.noOpenOrders}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {board.data?.batches.map((batch) => <BatchCard key={batch.id} batch={batch} onOpenOrder={setOpenOrder} />)}
      </SimpleGrid>
      {openOrder !== null && <ChecklistModal key={openOrder} orderId={openOrder} onClose={() => setOpenOrder(null)} />}
    </>
  );
}
