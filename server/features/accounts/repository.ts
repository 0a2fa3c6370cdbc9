import { sql } from "drizzle-orm";
import type { MovementKind } from "@domain/contracts/accounts";
import { STATUS } from "@domain/order-status";
import {
  accountMovements,
  clientAccounts,
  clients,
  courierStops,
  orders,
  payMethods,
  users,
} from "../../../drizzle/schema";
import { rowsOf } from "../../db/rows";
import type { Executor } from "../../db/types";

const rows = async <T>(db: Executor, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

/** Orders taken and not yet delivered (nor cancelled): what the available credit also holds back. */
const OPEN = sql.raw(`o.status_id not in (${STATUS.cancelled}, ${STATUS.delivered})`);

/**
 * Locks the client's account row (creating it at zero), so its balance changes one movement
 * at a time: every writer of movements calls this first in its transaction.
 */
export async function lockAccount(db: Executor, clientId: number): Promise<string> {
  const [row] = await rows<{ balance: string }>(
    db,
    sql`insert into ${clientAccounts} (client_id) values (${clientId})
        on conflict (client_id) do update set balance = ${clientAccounts}.balance
        returning balance::text`,
  );
  return row!.balance;
}

export interface MovementValues {
  clientId: number;
  date: string;
  kind: MovementKind;
  /** Signed, 2 decimals. */
  amount: string;
  orderId?: number | null;
  payMethodId?: number | null;
  note?: string;
  reversesId?: number | null;
  createdBy: number;
  idempotencyKey?: string | null;
}

/** Appends one movement and adds it to the balance (the account row is locked by the caller). */
export async function appendMovement(db: Executor, m: MovementValues): Promise<{ id: number; balance: string }> {
  const [row] = await rows<{ id: number; balance: string }>(
    db,
    sql`with movement as (
          insert into ${accountMovements} (client_id, date, kind, amount, order_id, pay_method_id, note, reverses_id, created_by, idempotency_key)
          values (${m.clientId}, ${m.date}, ${m.kind}, ${m.amount}, ${m.orderId ?? null}, ${m.payMethodId ?? null},
                  ${m.note ?? ""}, ${m.reversesId ?? null}, ${m.createdBy}, ${m.idempotencyKey ?? null})
          returning id, amount)
        update ${clientAccounts} a set balance = a.balance + movement.amount, updated_at = now()
          from movement where a.client_id = ${m.clientId}
          returning movement.id, a.balance::text as balance`,
  );
  return { id: Number(row!.id), balance: row!.balance };
}

export async function setOldestDebtDate(db: Executor, clientId: number, date: string | null) {
  await db.execute(sql`update ${clientAccounts} set oldest_debt_date = ${date} where client_id = ${clientId}`);
}

/** Every movement of a client as the aging rule reads them. */
export const ledgerOf = (db: Executor, clientIds: number[]) =>
  rows<{ client_id: number; id: number; date: string; amount: string; reverses_id: number | null }>(
    db,
    sql`select client_id, id, date::text as date, amount::text as amount, reverses_id
        from ${accountMovements} where client_id = any(${`{${clientIds.map((id) => Math.trunc(id)).join(",")}}`}::int[])`,
  );

/** The payment this user recorded under `key`, with what it was recorded for. */
export async function paymentByKey(db: Executor, userId: number, key: string) {
  const [row] = await rows<{
    id: number;
    client_id: number;
    amount: string;
    pay_method_id: number | null;
    date: string;
    note: string;
  }>(
    db,
    sql`select id, client_id, amount, pay_method_id, date::text as date, note from ${accountMovements}
      where created_by = ${userId} and idempotency_key = ${key}`,
  );
  return row
    ? {
        id: Number(row.id),
        clientId: Number(row.client_id),
        amount: row.amount,
        payMethodId: row.pay_method_id === null ? null : Number(row.pay_method_id),
        date: row.date,
        note: row.note,
      }
    : null;
}

export async function movementById(db: Executor, id: number) {
  const [row] = await rows<{
    id: number;
    client_id: number;
    kind: MovementKind;
    amount: string;
    order_id: number | null;
    reverses_id: number | null;
    reversed: boolean;
  }>(
    db,
    sql`select m.id, m.client_id, m.kind, m.amount::text as amount, m.order_id, m.reverses_id,
          exists (select 1 from ${accountMovements} r where r.reverses_id = m.id) as reversed
        from ${accountMovements} m where m.id = ${id}`,
  );
  return row ?? null;
}

/** An order's movements not reversed yet (nor reversals themselves): what undoing its delivery cancels. */
export const standingOfOrder = (db: Executor, orderId: number) =>
  rows<{ id: number; client_id: number; amount: string; pay_method_id: number | null }>(
    db,
    sql`select m.id, m.client_id, m.amount::text as amount, m.pay_method_id from ${accountMovements} m
        where m.order_id = ${orderId} and m.reverses_id is null
          and not exists (select 1 from ${accountMovements} r where r.reverses_id = m.id)
        order by m.id`,
  );

/** What the courier collected for the order at its delivery (the stop just closed as entregado). */
export async function cashCollected(db: Executor, orderId: number): Promise<string | null> {
  const [row] = await rows<{ received: string | null }>(
    db,
    sql`select amount_received::text as received from ${courierStops}
        where order_id = ${orderId} and state = 'entregado' order by closed_at desc nulls last, id desc limit 1`,
  );
  return row?.received ?? null;
}

export async function payMethodExists(db: Executor, id: number) {
  return (await rows(db, sql`select 1 from ${payMethods} where id = ${id}`)).length > 0;
}

export async function clientExists(db: Executor, id: number) {
  return (await rows(db, sql`select 1 from ${clients} where id = ${id}`)).length > 0;
}

/** The account's header: the client, its limit, balance, open orders and how many movements it has. */
export async function accountOf(db: Executor, clientId: number) {
  const [row] = await rows<{
    name: string;
    phone: string;
    credit_limit: string | null;
    balance: string | null;
    open_total: string;
    count: number;
  }>(
    db,
    sql`select c.name, c.phone, c.credit_limit::text as credit_limit,
          (select a.balance::text from ${clientAccounts} a where a.client_id = c.id) as balance,
          (select coalesce(sum(o.final_price), 0)::text from ${orders} o where o.client_id = c.id and ${OPEN}) as open_total,
          (select count(*)::int from ${accountMovements} m where m.client_id = c.id) as count
        from ${clients} c where c.id = ${clientId}`,
  );
  return row ?? null;
}

/** The sum of the `offset` newest movements: what lies between the balance and the page's first row. */
export async function newerThanPage(db: Executor, clientId: number, offset: number): Promise<string> {
  if (offset === 0) return "0";
  const [row] = await rows<{ sum: string }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as sum from (
          select amount from ${accountMovements} where client_id = ${clientId}
          order by date desc, id desc limit ${offset}) newer`,
  );
  return row!.sum;
}

export const movementsPage = (db: Executor, clientId: number, limit: number, offset: number) =>
  rows<{
    id: number;
    date: string;
    kind: MovementKind;
    order_id: number | null;
    amount: string;
    method: string | null;
    note: string;
    by: string | null;
    reverses_id: number | null;
    voided: boolean;
  }>(
    db,
    sql`select m.id, m.date::text as date, m.kind, m.order_id, m.amount::text as amount, pm.name as method, m.note,
          coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as by, m.reverses_id,
          exists (select 1 from ${accountMovements} r where r.reverses_id = m.id) as voided
        from ${accountMovements} m
          left join ${payMethods} pm on pm.id = m.pay_method_id
          left join ${users} u on u.id = m.created_by
        where m.client_id = ${clientId}
        order by m.date desc, m.id desc limit ${limit} offset ${offset}`,
  );

/** Debtors at or above a balance, oldest debt first, with how many there are and what they owe together. */
export async function debtors(db: Executor, query: { minBalance: string; limit: number; offset: number }) {
  const where = sql`a.oldest_debt_date is not null and a.balance >= ${query.minBalance}`;
  const [page, [totals]] = await Promise.all([
    rows<{ client_id: number; client_name: string; balance: string; oldest_debt_date: string }>(
      db,
      sql`select a.client_id, c.name as client_name, a.balance::text as balance, a.oldest_debt_date::text as oldest_debt_date
          from ${clientAccounts} a join ${clients} c on c.id = a.client_id
          where ${where} order by a.oldest_debt_date, a.client_id limit ${query.limit} offset ${query.offset}`,
    ),
    rows<{ count: number; total: string }>(
      db,
      sql`select count(*)::int as count, coalesce(sum(a.balance), 0)::text as total from ${clientAccounts} a where ${where}`,
    ),
  ]);
  return { page, count: Number(totals!.count), total: totals!.total };
}
