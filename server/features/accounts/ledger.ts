import { agingOf, type LedgerEntry } from "@domain/accounts";
import { todayInBuenosAires } from "@domain/calendar";
import { ACCOUNT_MESSAGES } from "@domain/contracts/accounts";
import { centavosToDecimal, toCentavos } from "@domain/money";
import type { Executor } from "../../db/types";
import * as repo from "./repository";

export const toEntry = (row: {
  id: number;
  date: string;
  amount: string;
  reverses_id: number | null;
}): LedgerEntry => ({
  id: Number(row.id),
  date: row.date,
  amount: toCentavos(row.amount),
  reversesId: row.reverses_id === null ? null : Number(row.reverses_id),
});

/** After movements changed (account row still locked): where the oldest debt now starts, for the debtors list. */
export async function settle(tx: Executor, clientId: number) {
  const entries = (await repo.ledgerOf(tx, [clientId])).map(toEntry);
  await repo.setOldestDebtDate(tx, clientId, agingOf(entries, todayInBuenosAires()).oldestDebtDate);
}

/**
 * A delivered order in the delivery's transaction: a debit for its final price, and the cash
 * the courier collected at the door as a payment by the order's method.
 */
export async function recordDelivery(
  tx: Executor,
  order: { id: number; clientId: number; finalPrice: string; payMethodId: number | null },
  actorId: number,
) {
  await repo.lockAccount(tx, order.clientId);
  const date = todayInBuenosAires();
  const common = { clientId: order.clientId, date, orderId: order.id, createdBy: actorId };
  const price = toCentavos(order.finalPrice);
  if (price > 0) await repo.appendMovement(tx, { ...common, kind: "pedido", amount: centavosToDecimal(price) });
  const cash = await repo.cashCollected(tx, order.id);
  const collected = cash === null ? 0 : toCentavos(cash);
  if (collected > 0)
    await repo.appendMovement(tx, {
      ...common,
      kind: "pago",
      amount: centavosToDecimal(-collected),
      payMethodId: order.payMethodId,
      note: ACCOUNT_MESSAGES.collectedAtDelivery,
    });
  await settle(tx, order.clientId);
}

/** An undone delivery in the undo's transaction: each of its standing movements gets its reversal. */
export async function reverseDelivery(tx: Executor, order: { id: number; clientId: number }, actorId: number) {
  await repo.lockAccount(tx, order.clientId);
  const standing = await repo.standingOfOrder(tx, order.id);
  if (!standing.length) return;
  for (const movement of standing)
    await repo.appendMovement(tx, {
      clientId: order.clientId,
      date: todayInBuenosAires(),
      kind: "anulación",
      amount: centavosToDecimal(-toCentavos(movement.amount)),
      orderId: order.id,
      payMethodId: movement.pay_method_id,
      note: ACCOUNT_MESSAGES.deliveryUndone,
      reversesId: Number(movement.id),
      createdBy: actorId,
    });
  await settle(tx, order.clientId);
}
