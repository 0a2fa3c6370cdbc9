import { Box, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { COURIERS, courierName } from "../../../../domain/contracts/boards";
import { useBoardDate } from "../../components/board-date";
import { boardColumns } from "../../../../domain/live-dispatch";
import { useDispatchBoard } from "./api/get-board";
import { useLiveDispatch } from "./api/live-dispatch";
import { columnWeight } from "./courier-column";
import { WallCard } from "./wall-card";
import { formatIsoDate } from "../../../../domain/calendar";

/** The wall screen: today's columns in large type, live, with nothing to click but full screen. */
export function WallBoard() {
  const [date] = useBoardDate();
  const [fullScreen, setFullScreen] = useState(!!document.fullscreenElement);
  useLiveDispatch(date);
  const board = useDispatchBoard(date);
  useEffect(() => {
    const changed = () => setFullScreen(!!document.fullscreenElement);
    document.addEventListener("fullscreenchange", changed);
    return () => document.removeEventListener("fullscreenchange", changed);
  }, []);

  const cards = board.data?.cards ?? [];
  const byId = new Map(cards.map((c) => [c.PK_Orders, c]));
  const columns = boardColumns(cards);
  return (
    <Box component="main" p="lg" mih="100vh" bg="dark.8" c="white">
      <Group justify="space-between" mb="lg">
        <Title order={1} fz={{ base: 32, sm: 48 }}>
          Despacho · {formatIsoDate(date)}
        </Title>
        {!fullScreen && (
          <Button
            size="lg"
            variant="white"
            onClick={() => void document.documentElement.requestFullscreen?.().catch(() => {})}
          >
            Pantalla completa
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="lg">
        {COURIERS.map((courier) => {
          const load = (columns.get(courier) ?? []).map((id) => byId.get(id)!);
          return (
            <Stack key={courier} gap="md" aria-label={courierName(courier)} data-testid={`wall-column-${courier}`}>
              <Group justify="space-between">
                <Text fw={800} size="36px">
                  {courierName(courier)}
                </Text>
                <Text size="28px" fw={700}>
                  {load.length} · {columnWeight(load)}
                </Text>
              </Group>
              {load.map((card) => (
                <WallCard key={card.PK_Orders} order={card} />
              ))}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
