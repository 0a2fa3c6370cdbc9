import { Box, Button, Group, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { courierName, type BoardOrderRow } from "@domain/contracts/boards";
import { formatIsoDate } from "@domain/calendar";
import { boardColumns } from "@domain/live-dispatch";
import { useBoardDate } from "../../components/board-date";
import { useDispatchBoard } from "./api/get-board";
import { useCouriers } from "./api/get-couriers";
import { useLiveDispatch } from "./api/live-dispatch";
import { boardCourierColumns } from "./board-columns";
import { columnLoad, sentInColumn } from "./column-load";
import { CARD_TYPE, WALL_SIZES, WALL_TYPE, WallCard } from "./wall-card";

const PAGE = "#141517";
const COLUMN = "#25262b";

/** One courier's column on the wall: its name and courier, the orders out for delivery, then those waiting. */
function WallColumn({
  column,
  courier,
  waiting,
  sent,
  wide,
  compact,
}: {
  wide: boolean;
  /** More than six columns: compact cards, and the type steps down by a twentieth. */
  compact: boolean;
  column: number;
  courier: string | null;
  waiting: BoardOrderRow[];
  sent: BoardOrderRow[];
}) {
  const body = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<number[]>([]);
  const [fit, setFit] = useState(1);
  // A compact column starts from the full type (48 px at 1920) and may go to 0.4 of it (19 px).
  const smallest = compact ? 0.4 : 0.5;
  const cardIds = [...sent, ...waiting].map((c) => c.PK_Orders).join(",");
  // New cards or a new screen size: start again from the full type.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cards' ids are what changes the fit
  useLayoutEffect(() => setFit(1), [cardIds, wide, compact]);
  // A route's stops all show: while one falls below the column's edge, the column's cards get
  // smaller type (down to half). Waiting cards that still do not fit hide whole, never half
  // cut, and the column's foot counts them: nobody scrolls a wall. A compact card's client name
  // keeps its words whole: while one is wider than its card, the type gets smaller too.
  useLayoutEffect(() => {
    const box = body.current;
    if (!box || !wide) {
      setHidden((was) => (was.length ? [] : was));
      return;
    }
    const measure = () => {
      const bottom = box.getBoundingClientRect().bottom;
      const below = [...box.querySelectorAll<HTMLElement>("[data-testid=wall-card]")].filter(
        (c) => c.getBoundingClientRect().bottom > bottom + 1,
      );
      const split = [...box.querySelectorAll<HTMLElement>("[data-whole-words]")].some(
        (name) => name.scrollWidth > name.clientWidth + 1 && !below.includes(name.closest("[data-testid=wall-card]")!),
      );
      if ((split || below.some((c) => c.dataset.sent !== undefined)) && fit > smallest) {
        const step = compact ? 20 : 10;
        setFit((f) => Math.max(smallest, Math.round((f - 1 / step) * step) / step));
        return;
      }
      const ids = below.map((c) => Number(c.dataset.orderId));
      setHidden((was) => (was.join(",") === ids.join(",") ? was : ids));
    };
    measure();
    // Only a new size starts again from the full type (an observer also reports once as it starts).
    let size = box.clientHeight;
    const observer = new ResizeObserver(() => {
      if (box.clientHeight === size || fit === 1) {
        size = box.clientHeight;
        return measure();
      }
      size = box.clientHeight;
      setFit(1);
    });
    observer.observe(box);
    return () => observer.disconnect();
  });
  return (
    <Box
      component="section"
      aria-label={courier ? `${courierName(column)}: ${courier}` : courierName(column)}
      data-testid={`wall-column-${column}`}
      style={{
        background: COLUMN,
        borderRadius: 12,
        padding: compact ? "max(6px, 0.4vw)" : "max(8px, 0.6vw)",
        display: "flex",
        flexDirection: "column",
        minHeight: 0,
        minWidth: 0,
        ["--wall-fit" as string]: fit,
        ["--wall-wrap" as string]: fit > smallest ? "normal" : "anywhere",
      }}
    >
      <Box mb={compact ? "max(4px, 0.3vw)" : "max(6px, 0.5vw)"}>
        <Text
          fw={800}
          lh={1.1}
          fz={compact ? CARD_TYPE.medium : CARD_TYPE.large}
          c="white"
          data-testid={`wall-courier-${column}`}
        >
          {courierName(column)}
          {courier ? ` · ${courier}` : ""}
        </Text>
        <Text fw={700} lh={1.2} fz={compact ? CARD_TYPE.small : CARD_TYPE.medium} c="white">
          {columnLoad(waiting, sent)}
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
          gap: compact ? "max(4px, 0.35vw)" : "max(6px, 0.5vw)",
        }}
      >
        {sent.map((card) => (
          <WallCard key={card.PK_Orders} order={card} sent compact={compact} off={hidden.includes(card.PK_Orders)} />
        ))}
        {waiting.map((card) => (
          <WallCard key={card.PK_Orders} order={card} compact={compact} off={hidden.includes(card.PK_Orders)} />
        ))}
      </Box>
      {hidden.length > 0 && (
        <Text
          fw={800}
          fz={compact ? CARD_TYPE.medium : WALL_TYPE.medium}
          c="white"
          ta="center"
          bg={COLUMN}
          style={{ position: "relative" }}
          data-testid={`wall-hidden-${column}`}
        >
          y {hidden.length} más
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
  const columns = boardColumns(cards);
  const courierOf = (column: number) => couriers.data?.couriers.find((c) => c.column === column);
  const wallColumns = boardCourierColumns(couriers.data, columns.keys());
  // Up to 6 columns side by side (Sin asignar and five couriers), full cards, the type shrinking
  // with the columns' width past five. More take two rows of compact cards (client name large,
  // one small line under it) whose type each column fits from the full size down.
  const compact = wide && wallColumns.length > 6;
  const perRow = wallColumns.length <= 6 ? wallColumns.length : Math.ceil(wallColumns.length / 2);
  const scale = compact ? 1 : Math.min(1, 5 / perRow);
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
          gridTemplateColumns: `repeat(${wide ? perRow : 1}, minmax(0, 1fr))`,
          gridAutoRows: wide ? "minmax(0, 1fr)" : undefined,
          gap: "max(8px, 0.6vw)",
          ...(wide && scale < 1
            ? {
                "--wall-large": `calc(${WALL_SIZES.wide["--wall-large"]} * ${scale.toFixed(3)})`,
                "--wall-medium": `calc(${WALL_SIZES.wide["--wall-medium"]} * ${scale.toFixed(3)})`,
              }
            : {}),
        }}
      >
        {wallColumns.map((column) => (
          <WallColumn
            key={column}
            column={column}
            wide={wide}
            compact={compact}
            courier={column > 0 ? (courierOf(column)?.user?.display_name ?? null) : null}
            waiting={(columns.get(column) ?? []).map((id) => byId.get(id)!)}
            sent={column > 0 ? sentInColumn(couriers.data, board.data?.sent ?? [], column) : []}
          />
        ))}
      </Box>
    </Box>
  );
}
