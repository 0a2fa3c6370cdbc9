import { agingOf, availableCredit, runningBalances } from "@domain/accounts";
import { todayInBuenosAires } from "@domain/calendar";
import type { ClientAccount, DebtorsQuery, DebtorsResponse } from "@domain/contracts/accounts";
import { centavosToDecimal, toCentavos } from "@domain/money";
import type { Database } from "../../db/types";
import { NotFound } from "../../errors";
import { CLIENT_NOT_FOUND } from "../clients";
import { toEntry } from "./ledger";
import * as repo from "./repository";

const decimalOrNull = (value: number | null) => (value === null ? null : centavosToDecimal(value));

/** What the office reads of the balances: one client's account with its movements, and who owes what. */
export function createBalances({ db }: { db: Database }) {
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
