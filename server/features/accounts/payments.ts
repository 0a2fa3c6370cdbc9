import { todayInBuenosAires } from "@domain/calendar";
import { ACCOUNT_MESSAGES, type PaymentRequest } from "@domain/contracts/accounts";
import { centavosToDecimal, toCentavos } from "@domain/money";
import { isUniqueViolation } from "../../db/errors";
import type { Database } from "../../db/types";
import { Conflict, Invalid, NotFound, Unprocessable } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { CLIENT_NOT_FOUND } from "../clients";
import { settle } from "./ledger";
import * as repo from "./repository";

/** What the office writes on an account: payments, and an admin's void of one. */
export function createPayments({ db }: { db: Database }) {
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
  };
}
