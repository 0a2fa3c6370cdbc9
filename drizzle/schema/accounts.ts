import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { clients } from "./clients";
import { orders } from "./orders";
import { payMethods } from "./reference";
import { users } from "./users";

/**
 * A client's account, append-only (DESIGN.md §12): a delivered order is a debit (positive) for
 * its final price, a payment a credit (negative), a correction a reversing movement of the
 * opposite sign pointing at the one it cancels. Never updated, never deleted.
 */
export const accountMovements = pgTable(
  "account_movements",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id),
    /** The business day (Buenos Aires): the delivery's, or the payment's as recorded. */
    date: date("date").notNull(),
    kind: text("kind").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    orderId: integer("order_id").references(() => orders.id),
    payMethodId: integer("pay_method_id").references(() => payMethods.id),
    note: text("note").notNull().default(""),
    reversesId: integer("reverses_id").references((): AnyPgColumn => accountMovements.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** An office payment's Idempotency-Key, unique per user who sent it. */
    idempotencyKey: text("idempotency_key"),
  },
  (t) => [
    check("account_movements_kind", sql`${t.kind} in ('pedido', 'pago', 'anulación')`),
    check("account_movements_amount_not_zero", sql`${t.amount} <> 0`),
    // A client's account page, newest first, and the sum of the rows above a page.
    index("account_movements_client_date_idx").on(t.clientId, t.date.desc(), t.id.desc()),
    index("account_movements_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
    // A movement is reversed at most once: a second undo or void finds it taken.
    uniqueIndex("account_movements_reverses_idx").on(t.reversesId).where(sql`${t.reversesId} is not null`),
    uniqueIndex("account_movements_key_idx").on(t.createdBy, t.idempotencyKey),
  ],
);

/**
 * Each client's balance, always the sum of its movements: changed by the statement that
 * locks it, in the transaction that inserts the movement. `oldest_debt_date` (null when
 * nothing is owed) orders the debtors list; aging itself is computed when read.
 */
export const clientAccounts = pgTable(
  "client_accounts",
  {
    clientId: integer("client_id")
      .primaryKey()
      .references(() => clients.id),
    balance: numeric("balance", { precision: 14, scale: 2 }).notNull().default("0"),
    oldestDebtDate: date("oldest_debt_date"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("client_accounts_debtors_idx").on(t.oldestDebtDate, t.clientId).where(sql`${t.oldestDebtDate} is not null`),
  ],
);
