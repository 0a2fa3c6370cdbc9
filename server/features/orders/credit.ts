import { availableCredit, exceedsCredit, formatAmount } from "@domain/accounts";
import { ACCOUNT_MESSAGES } from "@domain/contracts/accounts";
import type { SubmitOrderRequest } from "@domain/contracts/orders";
import { centavosToDecimal, toCentavos } from "@domain/money";
import { can } from "@domain/permissions";
import { Conflict } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import type * as repo from "./repository";

/**
 * Issue 44: an order past the client's available credit is refused with what is available,
 * unless an Admin takes it on purpose (`allow_over_credit`); then the available amount it
 * passed is returned for the order's history. `ownOpen` is what a modified order already holds.
 */
export function checkCredit(
  request: SubmitOrderRequest,
  credit: repo.OrderInputs["credit"],
  total: number,
  user: AuthenticatedUser,
  ownOpen = 0,
): string | undefined {
  const available = availableCredit({
    limit: credit.limit === null ? null : toCentavos(credit.limit),
    balance: toCentavos(credit.balance),
    openOrders: toCentavos(credit.openOrders) - ownOpen,
  });
  if (available === null || !exceedsCredit(total, available)) return undefined;
  if (request.orderData?.allow_over_credit && can(user.group, "accounts.manage")) return centavosToDecimal(available);
  throw new Conflict(ACCOUNT_MESSAGES.overCredit(formatAmount(available)), {
    available: centavosToDecimal(available),
  });
}

/** What the order's history keeps of an order an Admin took past the credit limit. */
export const overCreditFacts = (available: string | undefined) =>
  available === undefined
    ? {}
    : {
        over_credit_available: available,
        notes: [ACCOUNT_MESSAGES.takenOverCredit(formatAmount(toCentavos(available)))],
      };
