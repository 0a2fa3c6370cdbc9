import { describe, expect, it } from "vitest";
import { readGs1Lot } from "@domain/catch-weight";
import { LOT_MESSAGES, ReceiveLotRequest } from "@domain/contracts/lots";
import { allocate, isUsable, lotChanges, receivingRefusal, type AllocationLine, type PoolLot } from "@domain/lots";

const TODAY = "2026-11-27";
const lot = (id: number, expiry: string, remaining: number, productId = 1, code = `L${id}`): PoolLot => ({
  id,
  productId,
  code,
  expiry,
  remaining,
});
const line = (id: number, need: number, extra: Partial<AllocationLine> = {}): AllocationLine => ({
  id,
  productId: 1,
  product: "Merluza",
  need,
  fromStock: true,
  ...extra,
});
const takesOf = (result: ReturnType<typeof allocate>) => {
  if (!result.ok) throw new Error(result.message);
  return result.lines.map((l) => ({ id: l.id, takes: l.takes.map((t) => [t.lotId, t.grams]), without: l.withoutLot }));
};

describe("a lot's expiry (issue 42)", () => {
  it("is usable through its expiry date, in Buenos Aires, and never the day after", () => {
    expect(isUsable(TODAY, TODAY)).toBe(true);
    expect(isUsable("2026-11-28", TODAY)).toBe(true);
    expect(isUsable("2026-11-26", TODAY)).toBe(false);
  });

  it("receiving refuses a lot already past its expiry, not one expiring today", () => {
    expect(receivingRefusal({ expiry: TODAY, today: TODAY })).toBeNull();
    expect(receivingRefusal({ expiry: "2026-11-26", today: TODAY })).toBe(LOT_MESSAGES.expiryPast("26/11/2026"));
  });
});

describe("first-expiry-first-out allocation", () => {
  it("takes the earliest expiry first, an expiring-today lot included, and an expired lot never", () => {
    const pool = [lot(1, "2026-12-30", 10_000), lot(2, TODAY, 3_000), lot(3, "2026-11-26", 50_000)];
    expect(takesOf(allocate([line(10, 2_000)], pool, TODAY))).toEqual([{ id: 10, takes: [[2, 2_000]], without: 0 }]);
  });

  it("goes across lots when one is not enough, in expiry order, then the older lot on the same day", () => {
    const pool = [lot(5, "2026-12-01", 1_000), lot(4, "2026-12-01", 1_500), lot(1, "2027-01-10", 9_000)];
    expect(takesOf(allocate([line(10, 4_000)], pool, TODAY))).toEqual([
      {
        id: 10,
        takes: [
          [4, 1_500],
          [5, 1_000],
          [1, 1_500],
        ],
        without: 0,
      },
    ]);
  });

  it("takes what the usable lots cannot cover as stock without a lot, and says how much", () => {
    const pool = [lot(1, TODAY, 2_500), lot(2, "2026-01-01", 40_000)];
    expect(takesOf(allocate([line(10, 4_000)], pool, TODAY))).toEqual([
      { id: 10, takes: [[1, 2_500]], without: 1_500 },
    ]);
  });

  it("leaves 'without a lot' null for a product with no lots and for Virtual Freezer lines", () => {
    const pool = [lot(1, TODAY, 2_500, 2)];
    const lines = [line(10, 1_000), line(11, 1_000, { productId: 2, fromStock: false })];
    expect(takesOf(allocate(lines, pool, TODAY))).toEqual([
      { id: 10, takes: [], without: null },
      { id: 11, takes: [], without: null },
    ]);
  });

  it("shares the lots between lines of the same product in the order given", () => {
    const pool = [lot(1, TODAY, 3_000), lot(2, "2026-12-15", 3_000)];
    expect(takesOf(allocate([line(10, 2_000), line(11, 2_000)], pool, TODAY))).toEqual([
      { id: 10, takes: [[1, 2_000]], without: 0 },
      {
        id: 11,
        takes: [
          [1, 1_000],
          [2, 1_000],
        ],
        without: 0,
      },
    ]);
  });

  it("honours the lots a preparer chose before the suggestion, and fills the rest first-expiry-first", () => {
    const pool = [lot(1, TODAY, 3_000), lot(2, "2026-12-15", 3_000)];
    const chosen = [line(10, 4_000, { chosen: [{ lotId: 2, grams: 2_500 }] })];
    expect(takesOf(allocate(chosen, pool, TODAY))).toEqual([
      {
        id: 10,
        takes: [
          [2, 2_500],
          [1, 1_500],
        ],
        without: 0,
      },
    ]);
  });

  it("keeps what a corrected line took before where it still fits, and takes the rest first-expiry-first", () => {
    const pool = [lot(1, TODAY, 3_000), lot(2, "2026-12-15", 3_000)];
    const corrected = [line(10, 3_500, { previous: [{ lotId: 2, grams: 3_000 }] })];
    expect(takesOf(allocate(corrected, pool, TODAY))).toEqual([
      {
        id: 10,
        takes: [
          [2, 3_000],
          [1, 500],
        ],
        without: 0,
      },
    ]);
    const lighter = [line(10, 2_000, { previous: [{ lotId: 2, grams: 3_000 }] })];
    expect(takesOf(allocate(lighter, pool, TODAY))).toEqual([{ id: 10, takes: [[2, 2_000]], without: 0 }]);
  });

  it("refuses a chosen lot that expired, holds less, is another product's, is unknown, repeated, or more than the line", () => {
    const pool = [lot(1, "2026-11-26", 3_000, 1, "A1"), lot(2, TODAY, 1_000, 1, "B2"), lot(3, TODAY, 9_000, 2, "C3")];
    const refusal = (chosen: { lotId: number; grams: number }[], extra: Partial<AllocationLine> = {}) => {
      const result = allocate([line(10, 4_000, { chosen, ...extra })], pool, TODAY);
      return result.ok ? "ok" : [result.status, result.message];
    };
    expect(refusal([{ lotId: 1, grams: 1_000 }])).toEqual([409, "El lote A1 venció el 26/11/2026."]);
    expect(refusal([{ lotId: 2, grams: 1_500 }])).toEqual([409, LOT_MESSAGES.notEnough("B2", "1 kg", "1,5 kg")]);
    expect(refusal([{ lotId: 3, grams: 1_000 }])).toEqual([400, LOT_MESSAGES.otherProduct("C3", "Merluza")]);
    expect(refusal([{ lotId: 9, grams: 1_000 }])).toEqual([400, LOT_MESSAGES.unknownLot(9)]);
    expect(
      refusal([
        { lotId: 2, grams: 500 },
        { lotId: 2, grams: 500 },
      ]),
    ).toEqual([400, LOT_MESSAGES.repeated("B2", "Merluza")]);
    expect(refusal([{ lotId: 2, grams: 5_000 }])).toEqual([400, LOT_MESSAGES.overLine("Merluza", "5 kg", "4 kg")]);
    expect(refusal([{ lotId: 2, grams: 500 }], { fromStock: false })).toEqual([
      400,
      LOT_MESSAGES.notFromStock("Merluza"),
    ]);
    expect(refusal([{ lotId: 2, grams: 1_000 }])).toBe("ok");
  });

  it("counts a lot chosen by two lines of the order once: the second asks for more than is left", () => {
    const pool = [lot(2, TODAY, 1_000, 1, "B2")];
    const lines = [
      line(10, 800, { chosen: [{ lotId: 2, grams: 800 }] }),
      line(11, 800, { chosen: [{ lotId: 2, grams: 800 }] }),
    ];
    const result = allocate(lines, pool, TODAY);
    expect(result.ok ? "ok" : result.message).toBe(LOT_MESSAGES.notEnough("B2", "0,2 kg", "0,8 kg"));
  });

  it("moves each lot only by the difference between what the order took before and now", () => {
    const changes = lotChanges(
      [
        { lotId: 1, grams: 2_000 },
        { lotId: 2, grams: 1_000 },
      ],
      [
        { lotId: 1, grams: 2_000 },
        { lotId: 3, grams: 500 },
      ],
    );
    expect([...changes]).toEqual([
      [2, -1_000],
      [3, 500],
    ]);
  });
});

describe("'Ingresar lote' request", () => {
  const read = (body: Record<string, unknown>) => {
    const parsed = ReceiveLotRequest.safeParse(body);
    return parsed.success ? parsed.data : parsed.error.issues[0]!.message;
  };

  it("reads kilograms as a number or es-AR text into grams", () => {
    expect(read({ code: " L-77 ", expiry: "2026-12-01", quantity: "12,5" })).toEqual({
      code: "L-77",
      expiry: "2026-12-01",
      quantity: 12_500,
    });
    expect(read({ code: "L", expiry: "2026-12-01", quantity: 1.475 })).toMatchObject({ quantity: 1_475 });
    expect(read({ code: "L", expiry: "2026-12-01", quantity: "1.234,5" })).toMatchObject({ quantity: 1_234_500 });
  });

  it("refuses a blank code, an impossible date and a quantity of zero or less, in Spanish", () => {
    expect(read({ code: "  ", expiry: "2026-12-01", quantity: 1 })).toBe(LOT_MESSAGES.code);
    expect(read({ code: "L", expiry: "2026-02-30", quantity: 1 })).toBe(LOT_MESSAGES.expiry);
    expect(read({ code: "L", expiry: "30/12/2026", quantity: 1 })).toBe(LOT_MESSAGES.expiry);
    expect(read({ code: "L", expiry: "2026-12-01", quantity: 0 })).toBe(LOT_MESSAGES.quantity);
    expect(read({ code: "L", expiry: "2026-12-01", quantity: "-3" })).toBe("Ingresá un número positivo.");
    expect(read({ code: "L", expiry: "2026-12-01", quantity: "0,000" })).toBe(LOT_MESSAGES.quantity);
    expect(read({ code: "L", expiry: "2026-12-01", quantity: "doce" })).toBe(
      "Ingresá solo números, como 111.000 o 1.234,50.",
    );
    expect(read({ code: "L", expiry: "2026-12-01" })).toBe(LOT_MESSAGES.quantity);
  });
});

describe("a scanned GS1-128 label's lot and expiry (AI 10 and 17)", () => {
  it("reads them in raw (FNC1 as GS, ']C1') and printed forms, beside the GTIN and the weight", () => {
    const GS = "\u001d";
    expect(readGs1Lot(`]C101077912345678981727123110LM-2207${GS}3102001960`)).toEqual({
      code: "LM-2207",
      expiry: "2027-12-31",
    });
    expect(readGs1Lot("(01)07791234567898(17)270600(10)LM 2207")).toEqual({ code: "LM 2207", expiry: "2027-06-30" });
    expect(readGs1Lot("(01)07791234567898(10)A1")).toEqual({ code: "A1", expiry: null });
    // An impossible date is no expiry: 30/02.
    expect(readGs1Lot("(17)270230")).toBeNull();
    expect(readGs1Lot("(17)280229")).toEqual({ code: null, expiry: "2028-02-29" });
    expect(readGs1Lot("(17)270200(10)B")).toEqual({ code: "B", expiry: "2027-02-28" });
  });

  it("reads nothing from text that is no label", () => {
    expect(readGs1Lot("LM-2207")).toBeNull();
    expect(readGs1Lot("(3102)001960")).toBeNull();
    expect(readGs1Lot("")).toBeNull();
  });
});
