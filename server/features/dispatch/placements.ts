import type { Columns, Placement } from "@domain/dispatch";
import type { Database, Executor } from "../../db/types";
import { lockBoard } from "../courier-stops";
import { boardRows } from "../order-read-model";
import type { preparedPlacements } from "./repository";

/** Orders not placed yet sit last in Sin asignar, by order id. */
export const UNPLACED = Number.MAX_SAFE_INTEGER;

/** A prepared order's stored place; one never placed is last in Sin asignar. */
type Stored = Awaited<ReturnType<typeof preparedPlacements>>[number];
export const toPlacement = (s: Stored): Placement => ({
  orderId: s.orderId,
  courier: s.courier ?? 0,
  position: s.position ?? UNPLACED,
});

/** Every column's order ids, as the boards' events carry them. */
export const columnsJson = (columns: Columns) => Object.fromEntries([...columns].map(([c, ids]) => [String(c), ids]));

/**
 * A write to the board: in one transaction that takes the board's lock first, so two
 * dispatchers' drops apply one after the other.
 */
export const withBoardLock = <T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await lockBoard(tx);
    return work(tx);
  });

/** The cards as they are now in this transaction: what dispatch events carry to the boards. */
export const cardsOf = async (tx: Executor, orderIds: number[], statusId: number) =>
  (await boardRows(tx, { statusIds: [statusId], ids: orderIds })).map((row) => row.card);
