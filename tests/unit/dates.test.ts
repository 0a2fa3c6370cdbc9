import { describe, expect, it } from "vitest";
import { expandYear, readTypedDate } from "../../domain/dates";
import { homeDeliveryCity } from "../../domain/delivery";

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
});

describe("back to home delivery (SPEC.md §4)", () => {
  const cities = [{ PK_Cities: 1 }, { PK_Cities: 2 }, { PK_Cities: 3 }];
  it("takes the saved city, else the client's, else the first", () => {
    expect(homeDeliveryCity(cities, 3, 2)?.PK_Cities).toBe(3);
    expect(homeDeliveryCity(cities, null, 2)?.PK_Cities).toBe(2);
    expect(homeDeliveryCity(cities, null, null)?.PK_Cities).toBe(1);
  });
});
