import { describe, expect, it } from "vitest";
import { undoRefusal } from "@domain/courier";

const at = (iso: string) => new Date(iso);
// 21:00 in Buenos Aires (UTC-3) on 10 March.
const mark = { closedBy: 7, closedAt: at("2027-03-11T00:00:00Z") };

describe("who may undo a courier's mark", () => {
  it("the courier who made it, for 5 minutes", () => {
    const courier = { id: 7, office: false };
    expect(undoRefusal(mark, courier, at("2027-03-11T00:05:00Z"))).toBeNull();
    expect(undoRefusal(mark, courier, at("2027-03-11T00:05:01Z"))).toBe("window");
    expect(undoRefusal(mark, { id: 8, office: false }, at("2027-03-11T00:01:00Z"))).toBe("notYours");
  });

  it("the office until midnight in Buenos Aires, not UTC", () => {
    const office = { id: 1, office: true };
    // 02:59 UTC on the 11th is still the 10th in Buenos Aires.
    expect(undoRefusal(mark, office, at("2027-03-11T02:59:00Z"))).toBeNull();
    expect(undoRefusal(mark, office, at("2027-03-11T03:00:00Z"))).toBe("otherDay");
  });
});
