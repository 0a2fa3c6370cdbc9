import { describe, expect, it } from "vitest";
import { expandYear, isExactDate, readTypedDate } from "@domain/dates";
import { homeDeliveryCity } from "@domain/delivery-rules";

describe("two-digit years (SPEC.md §9)", () => {
  it("reads 19xx above 50 and 20xx otherwise", () => {
    expect([expandYear(51), expandYear(99), expandYear(50), expandYear(0), expandYear(1975)]).toEqual([
      1951, 1999, 2050, 2000, 1975,
    ]);
  });

  it("reads what people type, and what a date input gives for a two-digit year", () => {
    expect(readTypedDate("14/03/75")).toBe("1975-03-14");
    expect(readTypedDate("0075-03-14")).toBe("1975-03-14");
    expect(readTypedDate("0024-12-01")).toBe("2024-12-01");
    expect(readTypedDate("9.7.05")).toBe("2005-07-09");
    expect(readTypedDate("2026-11-23")).toBe("2026-11-23");
    expect(readTypedDate("31/02/80")).toBeNull();
    expect(readTypedDate("mañana")).toBeNull();
  });

  it("refuses year 0000, month 13 and dates outside 1900–2100", () => {
    expect(
      ["0000-01-01", "2025-13-01", "2025-02-30", "1899-12-31", "2101-01-01", "99999-01-01"].map(readTypedDate),
    ).toEqual([null, null, null, null, null, null]);
    expect(readTypedDate("1900-01-01")).toBe("1900-01-01");
  });

  it("an API date is exactly YYYY-MM-DD, a real day in range, never a two-digit reading", () => {
    expect(["2026-11-25", "2028-02-29"].every(isExactDate)).toBe(true);
    expect(
      ["0026-11-25", "2027-02-29", "2026-1-5", "25/11/2026", "2026-11-25T00:00", "0000-01-01"].some(isExactDate),
    ).toBe(false);
  });
});

describe("back to home delivery (SPEC.md §4)", () => {
  const cities = [{ PK_Cities: 1 }, { PK_Cities: 2 }, { PK_Cities: 3 }];
  it("takes the saved city, else the client's, else the first", () => {
    expect(homeDeliveryCity(cities, 3, 2)?.PK_Cities).toBe(3);
    expect(homeDeliveryCity(cities, null, 2)?.PK_Cities).toBe(2);
    expect(homeDeliveryCity(cities, null, null)?.PK_Cities).toBe(1);
  });
});
