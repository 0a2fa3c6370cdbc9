import { useEffect, useRef, useState } from "react";
import type { BoardOrderRow } from "@domain/contracts/boards";
import type { PreparationBoard } from "@domain/contracts/preparation";

/** How long a new order stays highlighted on the board. */
const HIGHLIGHT_MS = 10_000;

const ordersOf = (board: PreparationBoard) => board.batches.flatMap((b) => b.orders);

/**
 * The orders that entered the board since it was first read for this date, each highlighted
 * until its time in the map; `onArrival` hears each arrival once. The first read of a date
 * brings nothing new.
 */
export function useNewOrders(
  date: string,
  board: PreparationBoard | undefined,
  onArrival: (orders: BoardOrderRow[]) => void,
): ReadonlyMap<number, number> {
  const known = useRef<{ date: string; ids: Set<number> } | null>(null);
  const [until, setUntil] = useState<ReadonlyMap<number, number>>(new Map());
  const latest = useRef(onArrival);
  latest.current = onArrival;

  useEffect(() => {
    if (!board) return;
    const orders = ordersOf(board);
    const before = known.current;
    known.current = { date, ids: new Set(orders.map((o) => o.PK_Orders)) };
    if (before?.date !== date) return setUntil(new Map());
    const arrived = orders.filter((o) => !before.ids.has(o.PK_Orders));
    if (!arrived.length) return;
    const end = Date.now() + HIGHLIGHT_MS;
    setUntil((current) => new Map([...current, ...arrived.map((o) => [o.PK_Orders, end] as const)]));
    latest.current(arrived);
  }, [board, date]);

  // One timer, for the soonest highlight to end.
  useEffect(() => {
    if (!until.size) return;
    const soonest = Math.min(...until.values());
    const timer = setTimeout(
      () => setUntil((current) => new Map([...current].filter(([, end]) => end > Date.now()))),
      Math.max(0, soonest - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [until]);

  return until;
}
