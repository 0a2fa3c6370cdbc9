import { addDays, todayInBuenosAires } from "@domain/calendar";
import { LOT_MESSAGES, type LineLot, type Lot, type OrderLot, type ReceiveLotRequest } from "@domain/contracts/lots";
import { allocate, isUsable, lotChanges, receivingRefusal, type AllocationLine, type PoolLot } from "@domain/lots";
import { formatIsoDate } from "@domain/calendar";
import { gramsToDecimal, toGrams } from "@domain/money";
import type { Database, Executor } from "../../db/types";
import { isUniqueViolation } from "../../db/errors";
import { Conflict, Invalid, NotFound, Unprocessable } from "../../errors";
import { csvStream, xlsxStream } from "../../file-formats/writers";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import * as repo from "./repository";

const toLot = (row: repo.LotRow, today: string): Lot => ({
  id: row.id,
  product_id: row.product_id,
  code: row.code,
  expiry: row.expiry,
  received: row.received,
  remaining: row.remaining,
  expired: !isUsable(row.expiry, today),
});

const toPool = (row: repo.LotRow): PoolLot => ({
  id: row.id,
  productId: row.product_id,
  code: row.code,
  expiry: row.expiry,
  remaining: toGrams(row.remaining),
});

const toLineLot = (take: { lotId: number; grams: number }, lots: Map<number, PoolLot>): LineLot => {
  const lot = lots.get(take.lotId)!;
  return { lot_id: lot.id, code: lot.code, expiry: lot.expiry, quantity: gramsToDecimal(take.grams) };
};

const productsOf = (lines: AllocationLine[]) => [...new Set(lines.filter((l) => l.fromStock).map((l) => l.productId))];

const takeKey = (t: repo.TakeRow) => `${t.orderDetailId}:${t.lotId}:${t.grams}`;
const sameTakes = (a: repo.TakeRow[], b: repo.TakeRow[]) =>
  a.length === b.length && a.map(takeKey).sort().join() === b.map(takeKey).sort().join();

/**
 * Takes the order's lines' kilograms from lots, in the caller's transaction, after the order's
 * row is locked and before its stock moves: every lot of the lines' products is locked (id
 * order), what the order took before is counted as back in its lots, the allocation is checked
 * whole (a refusal throws and changes nothing) and each lot moves by the difference only.
 */
export async function takeOrderLots(tx: Executor, orderId: number, lines: AllocationLine[]) {
  const previous = await repo.takesOfOrder(tx, orderId);
  const chosenIds = lines.flatMap((l) => l.chosen?.map((c) => c.lotId) ?? []);
  const locked = await repo.lockLotsOf(tx, productsOf(lines), chosenIds);
  const back = new Map<number, number>();
  for (const t of previous) back.set(t.lotId, (back.get(t.lotId) ?? 0) + t.grams);
  const pool = locked.map((row) => {
    const lot = toPool(row);
    return { ...lot, remaining: lot.remaining + (back.get(lot.id) ?? 0) };
  });
  const withPrevious = lines.map((line) => ({
    ...line,
    previous: previous.filter((t) => t.orderDetailId === line.id).map((t) => ({ lotId: t.lotId, grams: t.grams })),
  }));
  const allocation = allocate(withPrevious, pool, todayInBuenosAires());
  if (!allocation.ok)
    throw allocation.status === 409 ? new Conflict(allocation.message) : new Invalid(allocation.message);
  const takes = allocation.lines.flatMap((line) =>
    line.takes.map((t) => ({ orderDetailId: line.id, lotId: t.lotId, grams: t.grams })),
  );
  await repo.writeTakes(
    tx,
    orderId,
    takes,
    lotChanges(previous, takes),
    allocation.lines.map((line) => ({ id: line.id, grams: line.withoutLot })),
    sameTakes(previous, takes),
  );
}

/** Back to Pendiente (or cancelled): every kilogram the order took goes back to its lot. */
export const releaseOrderLots = (tx: Executor, orderId: number) => repo.releaseOrder(tx, orderId);

/** Each line's lots as the order's detail carries them, by line id. */
export async function orderLineLots(db: Executor, orderId: number): Promise<Map<number, LineLot[]>> {
  const byLine = new Map<number, LineLot[]>();
  for (const row of await repo.lotsOfOrderLines(db, orderId)) {
    const list = byLine.get(row.order_detail_id) ?? [];
    list.push({ lot_id: row.lot_id, code: row.code, expiry: row.expiry, quantity: row.quantity });
    byLine.set(row.order_detail_id, list);
  }
  return byLine;
}

/** The lots each of these orders took, by order id: what the route sheet prints under each stop. */
export async function lotsByOrder(db: Executor, orderIds: number[]): Promise<Map<number, OrderLot[]>> {
  const byOrder = new Map<number, OrderLot[]>();
  for (const { order_id, ...lot } of await repo.lotsOfOrders(db, orderIds))
    byOrder.set(order_id, [...(byOrder.get(order_id) ?? []), lot]);
  return byOrder;
}

/**
 * The checklist's suggestion for an order not yet prepared: what first-expiry-first-out would
 * take for each line now, from the lots as they are (not locked: preparing decides for real).
 */
export async function suggestLots(db: Executor, lines: AllocationLine[]) {
  const pool = (await repo.lotsOf(db, productsOf(lines))).map(toPool);
  const allocation = allocate(lines, pool, todayInBuenosAires());
  const byId = new Map(pool.map((lot) => [lot.id, lot]));
  const suggested = new Map<number, { lots: LineLot[]; withoutLot: string | null }>();
  if (!allocation.ok) return suggested;
  for (const line of allocation.lines)
    suggested.set(line.id, {
      lots: line.takes.map((t) => toLineLot(t, byId)),
      withoutLot: line.withoutLot === null ? null : gramsToDecimal(line.withoutLot),
    });
  return suggested;
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export function createLotsService({
  db,
  copyText,
}: {
  db: Database;
  copyText: (query: string) => AsyncIterable<Buffer>;
}) {
  /** The lot an earlier request under this key received into; the key with another lot or quantity is refused. */
  async function repeated(productId: number, request: ReceiveLotRequest, userId: number, key: string) {
    const earlier = await repo.receiptByKey(db, userId, key);
    if (!earlier) return null;
    const same =
      earlier.lot.product_id === productId &&
      earlier.lot.code.toLowerCase() === request.code.toLowerCase() &&
      earlier.lot.expiry === request.expiry &&
      toGrams(earlier.quantity) === request.quantity;
    if (!same) throw new Unprocessable(LOT_MESSAGES.keyReused);
    return earlier.lot;
  }

  async function mustBeOnSale(executor: Executor, productId: number) {
    const product = await repo.productOnSale(executor, productId);
    if (!product) throw new NotFound(LOT_MESSAGES.productNotFound);
    return product;
  }

  return {
    /**
     * 'Ingresar lote': the lot (new, or more of the same code and expiry) and the product's stock
     * grow together; the screens hear the new stock as product.stock_changed, as the stock editor's.
     * Sent again with the same Idempotency-Key, it answers the lot as it is and adds nothing.
     */
    async receive(productId: number, request: ReceiveLotRequest, user: AuthenticatedUser, key: string | null) {
      const today = todayInBuenosAires();
      const refusal = receivingRefusal({ expiry: request.expiry, today });
      if (refusal) throw new Invalid(refusal, { expiry: refusal });
      const earlier = key ? await repeated(productId, request, user.id, key) : null;
      if (earlier) return toLot(earlier, today);
      try {
        return await db.transaction(async (tx) => {
          await mustBeOnSale(tx, productId);
          const received = await repo.receive(tx, {
            productId,
            code: request.code,
            expiry: request.expiry,
            grams: request.quantity,
            userId: user.id,
            key,
          });
          if (!received.lot) {
            // The statement's snapshot may predate a lot another request just made with the code: read it again.
            const kept = received.otherExpiry ?? (await repo.expiryOfCode(tx, productId, request.code));
            throw new Conflict(LOT_MESSAGES.otherExpiry(request.code, formatIsoDate(kept ?? request.expiry)));
          }
          await appendEvent(tx, {
            type: "product.stock_changed",
            actorId: user.id,
            data: { product_id: productId, quantity: received.quantity!, name: received.name! },
          });
          return toLot(received.lot, today);
        });
      } catch (error) {
        // The same key sent twice at once: the other request received it.
        const other = key && isUniqueViolation(error) ? await repeated(productId, request, user.id, key) : null;
        if (other) return toLot(other, today);
        throw error;
      }
    },

    async productLots(productId: number) {
      await mustBeOnSale(db, productId);
      const today = todayInBuenosAires();
      return { results: (await repo.productLots(db, productId)).map((row) => toLot(row, today)) };
    },

    async expiring(days: number) {
      const today = todayInBuenosAires();
      const rows = await repo.expiring(db, today, addDays(today, days));
      return {
        results: rows.map((r) => ({
          id: r.id,
          product_id: r.product_id,
          product_name: r.product_name,
          code: r.code,
          expiry: r.expiry,
          remaining: r.remaining,
        })),
      };
    },

    /**
     * The trace as a file to keep or send (es-AR CSV or xlsx, as the data export writes them),
     * streamed from the database; a lot's trace is small, so it takes no export slot.
     */
    async traceFile(lotId: number, format: "csv" | "xlsx") {
      const lot = await repo.lotWithProduct(db, lotId);
      if (!lot) throw new NotFound(LOT_MESSAGES.notFound);
      const query = repo.traceFileQuery(lotId);
      const name = `lote-${lot.code}-${todayInBuenosAires()}`.replace(/[^A-Za-z0-9-]+/g, "-");
      return format === "csv"
        ? {
            filename: `${name}.csv`,
            contentType: "text/csv; charset=utf-8",
            stream: csvStream(query.headers, query.kinds, copyText(query.text)),
          }
        : {
            filename: `${name}.xlsx`,
            contentType: XLSX_TYPE,
            stream: xlsxStream(query.headers, query.kinds, copyText(query.text), `Lote ${lot.code}`.slice(0, 31)),
          };
    },

    async trace(lotId: number) {
      const [lot, deliveries] = await Promise.all([repo.lotWithProduct(db, lotId), repo.trace(db, lotId)]);
      if (!lot) throw new NotFound(LOT_MESSAGES.notFound);
      return { lot: { ...toLot(lot, todayInBuenosAires()), product_name: lot.product_name }, deliveries };
    },
  };
}

export type LotsService = ReturnType<typeof createLotsService>;
