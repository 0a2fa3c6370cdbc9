import { describe, expect, it } from "vitest";
import {
  addDays,
  addYears,
  deliveryWindow,
  isDeliveryDateAllowed,
  daysEndingOn,
  formatDate,
  formatDateTime,
  formatTime,
  todayInBuenosAires,
} from "@domain/calendar";

describe("calendar days (Buenos Aires)", () => {
  it("today is the date in Buenos Aires, three hours behind UTC", () => {
    expect(todayInBuenosAires(new Date("2026-11-24T02:59:00Z"))).toBe("2026-11-23");
    expect(todayInBuenosAires(new Date("2026-11-24T03:00:00Z"))).toBe("2026-11-24");
  });

  it("adds calendar days across months, years and 29 February", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-11-23", -7)).toBe("2026-11-16");
  });

  it("lists the days ending on a date, oldest first", () => {
    const days = daysEndingOn("2026-01-05", 14);
    expect(days).toHaveLength(14);
    expect(days[0]).toBe("2025-12-23");
    expect(days.at(-1)).toBe("2026-01-05");
  });

  it("shows an instant on a 24-hour Buenos Aires clock, whatever the device's zone", () => {
    // 18:17:43 in Buenos Aires; es-AR's own pattern reads it "06:17:43".
    expect(formatDateTime("2026-11-24T21:17:43Z")).toBe("24/11/2026 18:17");
    expect(formatTime("2026-11-24T21:17:43Z", { seconds: true })).toBe("18:17:43");
    // Five minutes after midnight is 00:05, not 24:05, and it is already the next day.
    expect(formatDateTime(new Date("2026-11-25T03:05:00Z"))).toBe("25/11/2026 00:05");
    expect(formatDate("2026-11-25T02:59:59Z")).toBe("24/11/2026");
    expect(formatTime("2026-01-01T14:00:00.000Z")).toBe("11:00");
  });
});

describe("the delivery date an order may take (Buenos Aires)", () => {
  it("adds years, the 29th of February becoming the 28th", () => {
    expect(addYears("2026-11-25", 1)).toBe("2027-11-25");
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
  });

  it("is from today to the same day a year later, or the order's own date", () => {
    const today = todayInBuenosAires(new Date("2026-11-25T02:30:00Z")); // still the 24th in Buenos Aires
    expect(today).toBe("2026-11-24");
    expect(deliveryWindow(today)).toEqual({ first: "2026-11-24", last: "2027-11-24" });
    expect(
      ["2026-11-23", "2026-11-24", "2027-11-24", "2027-11-25"].map((d) => isDeliveryDateAllowed(d, today)),
    ).toEqual([false, true, true, false]);
    expect(isDeliveryDateAllowed("2026-01-02", today, "2026-01-02")).toBe(true);
    expect(isDeliveryDateAllowed("2026-01-03", today, "2026-01-02")).toBe(false);
  });
});
