import { describe, expect, it } from "vitest";
import { idFrom, LARGEST_ID, optionalRecordId, recordId, wholeNumber } from "@domain/contracts/catalog-common";

const LOOSE = ["0x3", " 3", "3 ", "3e0", "+3", "3.0", "0b11", "0o3", "٣", "3\u00a0", "", "-3", "Infinity"];

describe("ids are plain decimal digits (issue 39)", () => {
  it("reads an integer or a string of digits, leading zeros included", () => {
    expect(idFrom(3)).toBe(3);
    expect(idFrom("3")).toBe(3);
    expect(idFrom("003")).toBe(3);
    expect(recordId().parse("12")).toBe(12);
    expect(recordId().parse(12)).toBe(12);
  });

  it.each([...LOOSE, true, false, null, 3.5, [3], { id: 3 }])("refuses %j", (value) => {
    if (typeof value === "string") expect(idFrom(value)).toBeUndefined();
    const parsed = recordId("Cliente inválido.").safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toEqual(expect.arrayContaining(["Cliente inválido."]));
    expect(new Set(parsed.error!.issues.map((i) => i.message))).toEqual(new Set(["Cliente inválido."]));
  });

  it("keeps ids within what an integer column holds", () => {
    expect(recordId().safeParse(String(LARGEST_ID)).success).toBe(true);
    expect(recordId().safeParse(String(LARGEST_ID + 1)).success).toBe(false);
    expect(recordId().safeParse("0").success).toBe(false);
    expect(recordId().safeParse("99999999999999999999").success).toBe(false);
  });

  it("reads small codes the same way", () => {
    const courier = wholeNumber(0, 3, "Cadete inexistente.");
    expect(courier.parse("0")).toBe(0);
    expect(courier.parse(3)).toBe(3);
    for (const value of ["4", "0x1", " 1", "1e0", true]) expect(courier.safeParse(value).success).toBe(false);
  });

  it("an id that may be left out: absent, null or empty is none, anything loose is refused", () => {
    const start = optionalRecordId("Ingresá un ID válido.", null, 0);
    expect(start.parse(undefined)).toBeNull();
    expect(start.parse(null)).toBeNull();
    expect(start.parse("")).toBeNull();
    expect(start.parse("0")).toBe(0);
    expect(start.parse(7)).toBe(7);
    for (const value of [...LOOSE.filter((v) => v !== ""), true, -1, 1.5]) {
      const parsed = start.safeParse(value);
      expect(parsed.success, JSON.stringify(value)).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe("Ingresá un ID válido.");
    }
  });
});
