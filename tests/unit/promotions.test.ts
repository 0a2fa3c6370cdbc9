import { describe, expect, it } from "vitest";
import { isPromotion, parsePromotion, promotionProductIds } from "@domain/promotions";

describe("promotions", () => {
  it("counts as a promotion when any field is non-empty and not NONE, NULL or 0", () => {
    expect(isPromotion("12-15-0-0")).toBe(true);
    expect(isPromotion("0-0-0-0")).toBe(false);
    expect(isPromotion("0")).toBe(false);
    expect(isPromotion("NONE-null-0")).toBe(false);
    expect(isPromotion(null)).toBe(false);
    expect(isPromotion("")).toBe(false);
    expect(isPromotion("0-7")).toBe(true);
  });

  it("lists the ids it holds", () => {
    expect(promotionProductIds("12-15-0-0")).toEqual([12, 15]);
  });

  it("parses an edited field into four slots, refusing more than four or non-ids", () => {
    expect(parsePromotion("3-9")).toEqual({ ok: true, ids: [3, 9], text: "3-9-0-0" });
    expect(parsePromotion("1-2-3-4-5")).toMatchObject({ ok: false });
    expect(parsePromotion("1-x")).toMatchObject({ ok: false });
    expect(parsePromotion("0-0")).toMatchObject({ ok: false });
  });
});
