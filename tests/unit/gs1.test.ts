import { describe, expect, it } from "vitest";
import { gs1Date, readGs1Lot } from "../../domain/gs1";

const TODAY = "2026-11-27";

describe("GS1-128 lot (AI 10) and expiry (AI 17)", () => {
  it("reads the lot and its expiry from raw, ]C1 and printed element strings, in any order", () => {
    const lot = { code: "L-42", expiry: "2026-12-31" };
    expect(readGs1Lot("(01)07791234567898(10)L-42(3103)019600(17)261231", TODAY)).toEqual(lot);
    expect(readGs1Lot("]C10107791234567898\u001d10L-42\u001d310200196017261231", TODAY)).toEqual(lot);
    expect(readGs1Lot("0107791234567898172612313103019600\u001d10L-42", TODAY)).toEqual(lot);
    expect(readGs1Lot("1726123110L-42", TODAY)).toEqual(lot);
  });

  it("reads a lot without an expiry, and no lot from a label without AI 10", () => {
    expect(readGs1Lot("(01)07791234567898(10)A1", TODAY)).toEqual({ code: "A1", expiry: null });
    expect(readGs1Lot("(01)07791234567898(3102)001960(17)261231", TODAY)).toBeNull();
    expect(readGs1Lot("L-42", TODAY)).toBeNull();
    expect(readGs1Lot("12,5", TODAY)).toBeNull();
    // AI 10 holds at most 20 characters.
    expect(readGs1Lot(`10${"X".repeat(21)}`, TODAY)).toBeNull();
  });

  it("reads AI 17 with GS1's century rule, day 00 as the month's last, and refuses impossible dates", () => {
    expect(gs1Date("270315", TODAY)).toBe("2027-03-15");
    expect(gs1Date("280200", TODAY)).toBe("2028-02-29");
    expect(gs1Date("270200", TODAY)).toBe("2027-02-28");
    // 51 years or more ahead is last century; 50 or more behind, next century.
    expect(gs1Date("771231", TODAY)).toBe("1977-12-31");
    expect(gs1Date("760101", TODAY)).toBe("2076-01-01");
    expect(gs1Date("270231", TODAY)).toBeNull();
    expect(gs1Date("271301", TODAY)).toBeNull();
    expect(gs1Date("27031", TODAY)).toBeNull();
    expect(readGs1Lot("(10)L1(17)271301", TODAY)).toEqual({ code: "L1", expiry: null });
  });
});
