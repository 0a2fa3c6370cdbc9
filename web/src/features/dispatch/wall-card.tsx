import { Box, Group, Text, VisuallyHidden } from "@mantine/core";
import { Fragment } from "react";
import type { BoardOrderRow } from "@domain/contracts/boards";
import { formatWeight, toGrams } from "@domain/money";

// Near-black on white (17:1), and on the sent cards' pale amber (15:1): the issue asks for at least 7:1.
const INK = "#16181d";
const CARD = "#ffffff";
const SENT = "#fff3c4";

/**
 * The wall's type scales with the screen: 48/36 px at 1920 px wide, twice that on a 3840 px one.
 * The board sets the two variables; a screen narrower than a wall (a phone checking it) gets smaller fixed ones.
 */
export const WALL_TYPE = { large: "var(--wall-large)", medium: "var(--wall-medium)" } as const;
/** A column's type: the wall's, times the column's fit (1, or less while a route's stops do not all show). */
export const CARD_TYPE = {
  large: "calc(var(--wall-large) * var(--wall-fit, 1))",
  medium: "calc(var(--wall-medium) * var(--wall-fit, 1))",
  /** A compact card's second line: number, weight and slot, under the client's name. */
  small: "calc(var(--wall-medium) * 0.75 * var(--wall-fit, 1))",
} as const;
export const WALL_SIZES = {
  wide: { "--wall-large": "max(48px, 2.5vw)", "--wall-medium": "max(36px, 1.875vw)" },
  narrow: { "--wall-large": "26px", "--wall-medium": "20px" },
} as const;

/**
 * An order on the wall screen: number, client, weight, address, zone and slot, readable from 6 m.
 * Compact (more than six columns): the client's name large, then number, weight and slot on one
 * small line; no address or zone. A sent stop is pale amber with a thick dark edge.
 */
export function WallCard({
  order,
  sent = false,
  off = false,
  compact = false,
}: {
  order: BoardOrderRow;
  sent?: boolean;
  off?: boolean;
  compact?: boolean;
}) {
  return (
    <Box
      p={compact ? "0.2em 0.3em" : "0.4em 0.5em"}
      data-testid="wall-card"
      data-order-id={order.PK_Orders}
      data-sent={sent || undefined}
      // Below the column's edge: kept out of sight whole (counted at the column's foot), never cut.
      aria-hidden={off || undefined}
      style={{
        visibility: off ? "hidden" : undefined,
        background: sent ? SENT : CARD,
        color: INK,
        borderRadius: 10,
        borderLeft: sent ? `${compact ? "0.5em" : "0.4em"} solid ${INK}` : undefined,
        fontSize: compact ? CARD_TYPE.small : CARD_TYPE.medium,
        flexShrink: 0,
      }}
    >
      {compact ? <CompactLines order={order} sent={sent} /> : <FullLines order={order} sent={sent} />}
    </Box>
  );
}

/** A compact card's lines: the client's name (whole words, never split), then '#12 · 1,5 kg · Mañana'. */
function CompactLines({ order, sent }: { order: BoardOrderRow; sent: boolean }) {
  const rest = [`#${order.PK_Orders}`, formatWeight(toGrams(order.total_weight)), order.FK_TimesShipping__Name];
  return (
    <>
      <Text
        fw={800}
        lh={1.1}
        c={INK}
        fz={CARD_TYPE.large}
        data-testid="wall-client"
        data-whole-words
        // Words stay whole while the column's type can still shrink; at its smallest a long one breaks.
        style={{ overflowWrap: "var(--wall-wrap, normal)" as "normal" }}
      >
        {sent && <VisuallyHidden>En reparto: </VisuallyHidden>}
        {order.FK_Clients__Name}
      </Text>
      <Text fw={700} lh={1.2} c={INK} fz={CARD_TYPE.small}>
        {rest
          .filter((part) => part)
          .map((part, i) => (
            <Fragment key={part}>
              {i > 0 && " · "}
              <span style={{ whiteSpace: "nowrap" }}>{part}</span>
            </Fragment>
          ))}
      </Text>
    </>
  );
}

/** A full card's lines (six columns or fewer): 'EN REPARTO', number and weight, client, address, zone · slot. */
function FullLines({ order, sent }: { order: BoardOrderRow; sent: boolean }) {
  return (
    <>
      {sent && (
        <Text
          fw={800}
          lh={1.1}
          fz={CARD_TYPE.medium}
          px="0.3em"
          mb="0.15em"
          w="fit-content"
          style={{ background: INK, color: "#ffffff", borderRadius: 6 }}
        >
          EN REPARTO
        </Text>
      )}
      <Group justify="space-between" wrap="nowrap" gap="0.4em" align="baseline">
        <Text fw={800} lh={1.1} c={INK} fz={CARD_TYPE.large}>
          #{order.PK_Orders}
        </Text>
        <Text fw={800} lh={1.1} c={INK} fz={CARD_TYPE.medium} style={{ whiteSpace: "nowrap" }}>
          {formatWeight(toGrams(order.total_weight))}
        </Text>
      </Group>
      <Text
        fw={800}
        lh={1.1}
        c={INK}
        fz={CARD_TYPE.large}
        style={{ overflowWrap: "anywhere" }}
        data-testid="wall-client"
      >
        {order.FK_Clients__Name}
      </Text>
      <Text fw={600} lh={1.15} c={INK} fz={CARD_TYPE.medium} style={{ overflowWrap: "anywhere" }}>
        {order.Address}
      </Text>
      <Text fw={800} lh={1.15} c={INK} fz={CARD_TYPE.medium}>
        {order.FK_Shipments__Name ?? "Sin zona"} · {order.FK_TimesShipping__Name ?? "Sin horario"}
      </Text>
    </>
  );
}
