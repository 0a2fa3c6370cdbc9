import { Box, Button, Group, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { COURIERS, courierName, type BoardOrderRow } from "../../../../domain/contracts/boards";
import { formatIsoDate } from "../../../../domain/calendar";
import { boardColumns } from "../../../../domain/live-dispatch";
import { useBoardDate } from "../../components/board-date";
import { useDispatchBoard } from "./api/get-board";
import { useCouriers } from "./api/get-couriers";
import { useLiveDispatch } from "./api/live-dispatch";
import { columnWeight } from "./courier-column";
import { WALL_SIZES, WALL_TYPE, WallCard } from "./wall-card";

const PAGE = "#141517";
const COLUMN = "#25262b";

/** One courier's column on the wall: its name and courier, the orders waiting, then those out for delivery. */
function WallColumn({
  column,
  courier,
  waiting,
  sent,
  wide,
}: {
  wide: boolean;
  column: number;
  courier: string | null;
  waiting: BoardOrderRow[];
  sent: BoardOrderRow[];
}) {
  const body = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(0);
  // A column longer than the screen says how many cards fell below its edge: none is silently lost.
  useLayoutEffect(() => {
    const box = body.current;
    if (!box || !wide) return setHidden(0);
    const count = () => {
      const bottom = box.getBoundingClientRect().bottom;
      setHidden(
        [...box.querySelectorAll("[data-testid=wall-card]")].filter(
          (c) => c.getBoundingClientRect().bottom > bottom + 1,
        ).length,
      );
    };
    count();
    const observer = new ResizeObserver(count);
    observer.observe(box);
    return () => observer.disconnect();
  });
  const all = [...waiting, ...sent];
  return (
    <Box
      component="section"
      aria-label={courier ? `${courierName(column)}: ${courier}` : courierName(column)}
      data-testid={`wall-column-${column}`}
      style={{
        background: COLUMN,
        borderRadius: 12,
        padding: "max(8px, 0.6vw)",
        display: "flex",
        flexDirection: "column",
        minHeight: 0,
        minWidth: 0,
      }}
    >
      <Box mb="max(6px, 0.5vw)">
        <Text fw={800} lh={1.1} fz={WALL_TYPE.large} c="white" data-testid={`wall-courier-${column}`}>
          {courierName(column)}
          {courier ? ` · ${courier}` : ""}
        </Text>
        <Text fw={700} lh={1.2} fz={WALL_TYPE.medium} c="white">
          {all.length} · {columnWeight(all)}
          {sent.length ? ` · ${sent.length} en reparto` : ""}
        </Text>
      </Box>
      <Box
        ref={body}
        style={{
          flex: 1,
          minHeight: 0,
          overflow: "hidden",
          display: "flex",
          flexDirection: "column",
          gap: "max(6px, 0.5vw)",
        }}
      >
        {waiting.map((card) => (
          <WallCard key={card.PK_Orders} order={card} />
        ))}
        {sent.map((card) => (
          <WallCard key={card.PK_Orders} order={card} sent />
        ))}
      </Box>
      {hidden > 0 && (
        <Text
          fw={800}
          fz={WALL_TYPE.medium}
          c="white"
          ta="center"
          bg={COLUMN}
          style={{ position: "relative" }}
          data-testid={`wall-hidden-${column}`}
        >
          y {hidden} más
        </Text>
      )}
    </Box>
  );
}

/** The wall screen: every column across the whole screen in large type, live, with nothing to click but full screen. */
export function WallBoard() {
  const [date] = useBoardDate();
  const [fullScreen, setFullScreen] = useState(!!document.fullscreenElement);
  useLiveDispatch(date);
  const board = useDispatchBoard(date);
  const couriers = useCouriers(date, { positions: false });
  // A wall is 1200 px or wider; on a phone or tablet the columns stack and the page scrolls.
  const wide = useMediaQuery("(min-width: 75em)", true, { getInitialValueInEffect: false });
  useEffect(() => {
    const changed = () => setFullScreen(!!document.fullscreenElement);
    document.addEventListener("fullscreenchange", changed);
    return () => document.removeEventListener("fullscreenchange", changed);
  }, []);

  const cards = board.data?.cards ?? [];
  const byId = new Map(cards.map((c) => [c.PK_Orders, c]));
  const sentById = new Map((board.data?.sent ?? []).map((c) => [c.PK_Orders, c]));
  const columns = boardColumns(cards);
  const courierOf = (column: number) => couriers.data?.couriers.find((c) => c.column === column);
  // A sent order stays under the courier carrying it (its pending stop) until it is delivered.
  const sentOf = (column: number) =>
    (courierOf(column)?.stops ?? [])
      .filter((s) => s.state === "pendiente")
      .flatMap((s) => (sentById.has(s.order_id) ? [sentById.get(s.order_id)!] : []));
  return (
    <Box
      component="main"
      style={{
        ...(wide ? WALL_SIZES.wide : WALL_SIZES.narrow),
        background: PAGE,
        color: "white",
        height: wide ? "100vh" : undefined,
        minHeight: "100vh",
        padding: "max(8px, 0.8vw)",
        display: "flex",
        flexDirection: "column",
        gap: "max(8px, 0.6vw)",
        overflow: wide ? "hidden" : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} fz={WALL_TYPE.medium} lh={1.1}>
          Despacho · {formatIsoDate(date)}
        </Title>
        {!fullScreen && (
          <Button
            size={wide ? "lg" : "sm"}
            variant="white"
            style={{ flexShrink: 0 }}
            // A refusal (the browser's policy, a frame) leaves the page as it is, with this button still shown.
            onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
          >
            Pantalla completa
          </Button>
        )}
      </Group>
      <Box
        data-testid="wall-columns"
        style={{
          flex: 1,
          minHeight: 0,
          display: "grid",
          gridTemplateColumns: `repeat(${wide ? COURIERS.length : 1}, minmax(0, 1fr))`,
          gap: "max(8px, 0.6vw)",
        }}
      >
        {COURIERS.map((column) => (
          <WallColumn
            key={column}
            column={column}
            wide={wide}
            courier={column > 0 ? (courierOf(column)?.user?.display_name ?? null) : null}
            waiting={(columns.get(column) ?? []).map((id) => byId.get(id)!)}
            sent={column > 0 ? sentOf(column) : []}
          />
        ))}
      </Box>
    </Box>
  );
}
