import { agingOf, availableCredit, runningBalances } from "../../../domain/accounts";
import { todayInBuenosAires } from "../../../domain/calendar";
import {
  ACCOUNT_MESSAGES,
  type ClientAccount,
  type DebtorsQuery,
  type DebtorsResponse,
  type PaymentRequest,
} from "../../../domain/contracts/accounts";
import { centavosToDecimal, toCentavos } from "../../../domain/money";
import { isUniqueViolation } from "../../db/errors";
import type { Database } from "../../db/types";
import { Conflict, Invalid, NotFound, Unprocessable } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { CLIENT_NOT_FOUND } from "../clients";
import { settle, toEntry } from "./ledger";
import * as repo from "./repository";

const decimalOrNull = (value: number | null) => (value === null ? null : centavosToDecimal(value));

export function createAccountsService({ db }: { db: Database }) {
  /**
   * A payment this user already recorded under `key`, answered again instead of a second one
   * when the request is the one it came with (a retry, a double tap); with another body the key
   * is refused, as an order's is (issue 39).
   */
  async function repeated(clientId: number, request: PaymentRequest, userId: number, key: string) {
    const earlier = await repo.paymentByKey(db, userId, key);
    if (!earlier) return null;
    if (earlier.clientId !== clientId) throw new Conflict(ACCOUNT_MESSAGES.keyUsedElsewhere);
    const same =
      toCentavos(earlier.amount) === -request.amount &&
      earlier.payMethodId === request.payment_method_id &&
      earlier.note === request.note &&
      (request.date === undefined || request.date === earlier.date);
    if (!same) throw new Unprocessable(ACCOUNT_MESSAGES.keyReused);
    const head = await repo.accountOf(db, clientId);
    return { id: earlier.id, balance: centavosToDecimal(toCentavos(head?.balance ?? "0")) };
  }

  return {
    /** The account's header and one page of movements, newest first, each with the balance after it. */
    async account(clientId: number, page: { limit: number; offset: number }): Promise<ClientAccount> {
      const head = await repo.accountOf(db, clientId);
      if (!head) throw new NotFound(CLIENT_NOT_FOUND);
      const [newer, movements] = await Promise.all([
        repo.newerThanPage(db, clientId, page.offset),
        repo.movementsPage(db, clientId, page.limit, page.offset),
      ]);
      const balance = toCentavos(head.balance ?? "0");
      const limit = head.credit_limit === null ? null : toCentavos(head.credit_limit);
      const openOrders = toCentavos(head.open_total);
      const running = runningBalances(
        movements.map((m) => ({ amount: toCentavos(m.amount) })),
        balance - toCentavos(newer),
      );
      return {
        client_id: clientId,
        client_name: head.name,
        phone: head.phone,
        balance: centavosToDecimal(balance),
        credit_limit: decimalOrNull(limit),
        available: decimalOrNull(availableCredit({ limit, balance, openOrders })),
        open_orders_total: centavosToDecimal(openOrders),
        count: Number(head.count),
        movements: movements.map((m, i) => ({
          id: Number(m.id),
          date: m.date,
          kind: m.kind,
          order_id: m.order_id === null ? null : Number(m.order_id),
          amount: centavosToDecimal(toCentavos(m.amount)),
          balance: centavosToDecimal(running[i]!),
          method: m.method,
          note: m.note,
          by: m.by,
          reverses_id: m.reverses_id === null ? null : Number(m.reverses_id),
          voided: m.voided,
        })),
      };
    },

    /** An office payment: once per Idempotency-Key, one at a time per client (the account row's lock). */
    async pay(clientId: number, request: PaymentRequest, user: AuthenticatedUser, key: string | null) {
      if (!(await repo.clientExists(db, clientId))) throw new NotFound(CLIENT_NOT_FOUND);
      if (!(await repo.payMethodExists(db, request.payment_method_id)))
        throw new Invalid(ACCOUNT_MESSAGES.method, { payment_method_id: ACCOUNT_MESSAGES.method });
      if (key) {
        const earlier = await repeated(clientId, request, user.id, key);
        if (earlier) return { ...earlier, message: ACCOUNT_MESSAGES.recorded };
      }
      try {
        const saved = await db.transaction(async (tx) => {
          await repo.lockAccount(tx, clientId);
          const movement = await repo.appendMovement(tx, {
            clientId,
            date: request.date ?? todayInBuenosAires(),
            kind: "pago",
            amount: centavosToDecimal(-request.amount),
            payMethodId: request.payment_method_id,
            note: request.note,
            createdBy: user.id,
            idempotencyKey: key,
          });
          await settle(tx, clientId);
          return movement;
        });
        return { id: saved.id, balance: saved.balance, message: ACCOUNT_MESSAGES.recorded };
      } catch (error) {
        // The same key sent twice at once: the other request recorded it.
        const earlier = key && isUniqueViolation(error) ? await repeated(clientId, request, user.id, key) : null;
        if (earlier) return { ...earlier, message: ACCOUNT_MESSAGES.recorded };
        throw error;
      }
    },

    /** Admin voids an office payment: a reversing movement, the payment itself stays. */
    async voidPayment(clientId: number, paymentId: number, user: AuthenticatedUser) {
      if (!(await repo.clientExists(db, clientId))) throw new NotFound(ACCOUNT_MESSAGES.paymentNotFound);
      return db.transaction(async (tx) => {
        await repo.lockAccount(tx, clientId);
        const payment = await repo.movementById(tx, paymentId);
        if (!payment || Number(payment.client_id) !== clientId || payment.kind !== "pago")
          throw new NotFound(ACCOUNT_MESSAGES.paymentNotFound);
        if (payment.order_id !== null) throw new Conflict(ACCOUNT_MESSAGES.notVoidable);
        if (payment.reversed) throw new Conflict(ACCOUNT_MESSAGES.alreadyVoided);
        const reversal = await repo.appendMovement(tx, {
          clientId,
          date: todayInBuenosAires(),
          kind: "anulación",
          amount: centavosToDecimal(-toCentavos(payment.amount)),
          note: ACCOUNT_MESSAGES.paymentVoided,
          reversesId: paymentId,
          createdBy: user.id,
        });
        await settle(tx, clientId);
        return { id: reversal.id, balance: reversal.balance, message: ACCOUNT_MESSAGES.voided };
      });
    },

    /** Who owes what, oldest debt first, each balance aged 0–30, 31–60 and 61+ days. */
    async debtors(query: DebtorsQuery): Promise<DebtorsResponse> {
      const minBalance = centavosToDecimal(Math.max(query.min_balance ?? 1, 1));
      const { page, count, total } = await repo.debtors(db, { minBalance, limit: query.limit, offset: query.offset });
      const ledgers = new Map<number, ReturnType<typeof toEntry>[]>();
      const rows = page.length
        ? await repo.ledgerOf(
            db,
            page.map((d) => Number(d.client_id)),
          )
        : [];
      for (const row of rows) {
        const id = Number(row.client_id);
        const ledger = ledgers.get(id);
        if (ledger) ledger.push(toEntry(row));
        else ledgers.set(id, [toEntry(row)]);
      }
      const today = todayInBuenosAires();
      return {
        results: page.map((d) => {
          const aging = agingOf(ledgers.get(Number(d.client_id)) ?? [], today);
          return {
            client_id: Number(d.client_id),
            client_name: d.client_name,
            balance: centavosToDecimal(toCentavos(d.balance)),
            oldest_debt_date: d.oldest_debt_date,
            aging: {
              d0_30: centavosToDecimal(aging.days0to30),
              d31_60: centavosToDecimal(aging.days31to60),
              d61_plus: centavosToDecimal(aging.days61plus),
            },
          };
        }),
        count,
        total_owed: centavosToDecimal(toCentavos(total)),
      };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
