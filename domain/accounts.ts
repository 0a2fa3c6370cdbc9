/**
 * A client's running account (DESIGN.md §12, issue 44): an append-only ledger in centavos.
 * A delivered order is a debit (positive) for its final price, a payment a credit (negative),
 * a correction a reversing movement of the opposite sign; the balance is their sum.
 */
import { addDays, formatIsoDate } from "./calendar";
import { type Centavos, formatMoney } from "./money";

export interface LedgerEntry {
  id: number;
  /** The business date (YYYY-MM-DD): the delivery's or the payment's day in Buenos Aires. */
  date: string;
  amount: Centavos;
  /** Set on a reversing movement: the movement it cancels. */
  reversesId: number | null;
}

export const balanceOf = (entries: readonly { amount: Centavos }[]): Centavos =>
  entries.reduce((sum, e) => sum + e.amount, 0);

/**
 * What the client may still order: limit − balance − orders taken and not yet delivered.
 * Null without a limit (no check). It may be negative: the client is already past it.
 */
export function availableCredit(account: {
  limit: Centavos | null;
  balance: Centavos;
  openOrders: Centavos;
}): Centavos | null {
  return account.limit === null ? null : account.limit - account.balance - account.openOrders;
}

const amountFormat = new Intl.NumberFormat("es-AR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** An amount as the refusal names it after "$ ": "1.234,50". */
export const formatAmount = (centavos: Centavos) => amountFormat.format(centavos / 100);

/** An order of `total` passes while it fits in what is available; without a limit it always does. */
export const exceedsCredit = (total: Centavos, available: Centavos | null) => available !== null && total > available;

/**
 * The balance after each movement of a page listed newest first, given the balance after
 * the page's newest movement: each older one is the next newer one's minus its amount.
 */
export function runningBalances(newestFirst: readonly { amount: Centavos }[], balanceAtTop: Centavos): Centavos[] {
  const balances: Centavos[] = [];
  let balance = balanceAtTop;
  for (const entry of newestFirst) {
    balances.push(balance);
    balance -= entry.amount;
  }
  return balances;
}

/** A movement and the one reversing it cancel each other: neither counts for aging. */
export function standing<T extends LedgerEntry>(entries: readonly T[]): T[] {
  const reversed = new Set(entries.flatMap((e) => (e.reversesId === null ? [] : [e.reversesId, e.id])));
  return entries.filter((e) => !reversed.has(e.id));
}

export interface Aging {
  /** The date of the oldest debit not yet covered by payments; null when nothing is owed. */
  oldestDebtDate: string | null;
  /** What is owed by the age of the debit it comes from, in days since its date. */
  days0to30: Centavos;
  days31to60: Centavos;
  days61plus: Centavos;
}

/**
 * Payments settle the oldest debits first, so what is owed is the newest debits that add up
 * to the balance (the oldest of them counting only in part). Each part is aged by its
 * debit's date against `today`: 0–30, 31–60 and 61 or more days.
 */
export function agingOf(entries: readonly LedgerEntry[], today: string): Aging {
  const kept = standing(entries);
  const aging: Aging = { oldestDebtDate: null, days0to30: 0, days31to60: 0, days61plus: 0 };
  let owed = balanceOf(kept);
  const debits = kept.filter((e) => e.amount > 0).sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  const day30 = addDays(today, -30);
  const day60 = addDays(today, -60);
  for (const debit of debits) {
    if (owed <= 0) break;
    const part = Math.min(debit.amount, owed);
    owed -= part;
    aging.oldestDebtDate = debit.date;
    if (debit.date >= day30) aging.days0to30 += part;
    else if (debit.date >= day60) aging.days31to60 += part;
    else aging.days61plus += part;
  }
  return aging;
}

/** The WhatsApp text of a client's balance on a day, money as the admin screens show it. */
export function balanceMessage(clientName: string, balance: Centavos, isoDate: string): string {
  const day = formatIsoDate(isoDate);
  return balance > 0
    ? `Hola ${clientName}, al ${day} el saldo de su cuenta es ${formatMoney(balance)}. ¡Gracias!`
    : `Hola ${clientName}, al ${day} su cuenta no registra deuda (saldo ${formatMoney(balance)}). ¡Gracias!`;
}
