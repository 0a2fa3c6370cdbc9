import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  agingOf,
  availableCredit,
  balanceMessage,
  balanceOf,
  exceedsCredit,
  type LedgerEntry,
  runningBalances,
  standing,
} from "@domain/accounts";

const entry = (id: number, date: string, amount: number, reversesId: number | null = null): LedgerEntry => ({
  id,
  date,
  amount,
  reversesId,
});

describe("a client's balance", () => {
  it("is the sum of its movements in centavos: debits positive, payments negative", () => {
    expect(balanceOf([entry(1, "2026-01-01", 150_075), entry(2, "2026-01-02", -50_025)])).toBe(100_050);
    expect(balanceOf([])).toBe(0);
  });

  it("is exact for any movements (no float on the way)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 })), (amounts) => {
        const total = balanceOf(amounts.map((amount, i) => entry(i + 1, "2026-01-01", amount)));
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBe(amounts.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it("runs back from the newest movement: each older row is the newer one's balance minus its amount", () => {
    // Oldest to newest: +1000, −300, +250 → balances 1000, 700, 950.
    expect(runningBalances([{ amount: 250 }, { amount: -300 }, { amount: 1000 }], 950)).toEqual([950, 700, 1000]);
  });

  it("drops a movement and its reversal together, and nothing else", () => {
    const kept = standing([entry(1, "2026-01-01", 500), entry(2, "2026-01-02", 700), entry(3, "2026-01-03", -500, 1)]);
    expect(kept.map((e) => e.id)).toEqual([2]);
  });
});

describe("available credit", () => {
  it("is limit − balance − orders taken and not delivered", () => {
    expect(availableCredit({ limit: 100_000_00, balance: 30_000_00, openOrders: 20_000_50 })).toBe(49_999_50);
  });

  it("is null without a limit, and no order exceeds it", () => {
    expect(availableCredit({ limit: null, balance: 5_000_00, openOrders: 0 })).toBeNull();
    expect(exceedsCredit(999_999_999_00, null)).toBe(false);
  });

  it("may be below zero, and an order passes only while it fits to the centavo", () => {
    expect(availableCredit({ limit: 1_000_00, balance: 1_200_00, openOrders: 0 })).toBe(-200_00);
    expect(exceedsCredit(1_000_00, 1_000_00)).toBe(false);
    expect(exceedsCredit(1_000_01, 1_000_00)).toBe(true);
    expect(exceedsCredit(1, -200_00)).toBe(true);
  });
});

describe("aging", () => {
  const today = "2026-11-27";

  it("owes nothing with a balance at or below zero", () => {
    expect(agingOf([entry(1, "2026-01-01", 100), entry(2, "2026-01-02", -100)], today)).toEqual({
      oldestDebtDate: null,
      days0to30: 0,
      days31to60: 0,
      days61plus: 0,
    });
    expect(agingOf([entry(1, "2026-11-01", -500)], today).oldestDebtDate).toBeNull();
  });

  it("settles the oldest debits first: what is owed comes from the newest", () => {
    const aging = agingOf(
      [
        entry(1, "2026-08-01", 10_000), // 118 days: paid
        entry(2, "2026-10-10", 20_000), // 48 days: 5,000 of it still owed
        entry(3, "2026-11-20", 30_000), // 7 days: owed
        entry(4, "2026-11-21", -25_000),
      ],
      today,
    );
    expect(aging).toEqual({ oldestDebtDate: "2026-10-10", days0to30: 30_000, days31to60: 5_000, days61plus: 0 });
  });

  it("puts day 30 in 0–30, day 31 and 60 in 31–60, day 61 in 61+", () => {
    const aging = agingOf(
      [
        entry(1, "2026-10-28", 1),
        entry(2, "2026-10-27", 10),
        entry(3, "2026-09-28", 100),
        entry(4, "2026-09-27", 1000),
      ],
      today,
    );
    expect(aging).toMatchObject({ days0to30: 1, days31to60: 110, days61plus: 1000, oldestDebtDate: "2026-09-27" });
  });

  it("ignores an undone delivery and a voided payment", () => {
    const aging = agingOf(
      [
        entry(1, "2026-06-01", 40_000),
        entry(2, "2026-06-02", -40_000, 1), // the delivery undone
        entry(3, "2026-11-01", 15_000),
        entry(4, "2026-11-02", -15_000),
        entry(5, "2026-11-03", 15_000, 4), // the payment voided
      ],
      today,
    );
    expect(aging).toEqual({ oldestDebtDate: "2026-11-01", days0to30: 15_000, days31to60: 0, days61plus: 0 });
  });

  it("always splits exactly the balance, whatever the movements", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: -50_000, max: 50_000 })), {
          maxLength: 40,
        }),
        (rows) => {
          const entries = rows.map(([daysAgo, amount], i) =>
            entry(i + 1, new Date(Date.UTC(2026, 10, 27 - daysAgo)).toISOString().slice(0, 10), amount),
          );
          const aging = agingOf(entries, today);
          const owed = aging.days0to30 + aging.days31to60 + aging.days61plus;
          expect(owed).toBe(Math.max(0, balanceOf(entries)));
          expect(aging.oldestDebtDate === null).toBe(owed === 0);
        },
      ),
    );
  });
});

describe("the balance by WhatsApp", () => {
  it("names the client, the day and the balance in pesos with 2 decimals", () => {
    expect(balanceMessage("Ana Díaz", 1_234_50, "2026-11-27")).toBe(
      "Hola Ana Díaz, al 27/11/2026 el saldo de su cuenta es $\u00a01.234,50. ¡Gracias!",
    );
    expect(balanceMessage("Ana Díaz", 0, "2026-11-27")).toContain("no registra deuda");
  });
});
