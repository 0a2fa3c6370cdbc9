import { describe, expect, it } from "vitest";
import { birthdayTag } from "@domain/birthday";

const today = new Date(2026, 10, 22); // 22 Nov 2026

describe("birthday tag (8 days either side)", () => {
  it("says today, in N days or N days ago", () => {
    expect(birthdayTag("1985-11-22", today)).toBe("Cumple hoy");
    expect(birthdayTag("25/11/1990", today)).toBe("Cumple en 3 dia(s)");
    expect(birthdayTag("1990-11-14", today)).toBe("Cumplio hace 8 dia(s)");
  });

  it("is absent outside the window or without a date", () => {
    expect(birthdayTag("1990-12-01", today)).toBeNull();
    expect(birthdayTag(null, today)).toBeNull();
    expect(birthdayTag("no es fecha", today)).toBeNull();
  });

  it("crosses the new year", () => {
    expect(birthdayTag("03/01", new Date(2026, 11, 30))).toBe("Cumple en 4 dia(s)");
    expect(birthdayTag("28/12", new Date(2027, 0, 2))).toBe("Cumplio hace 5 dia(s)");
  });
});
