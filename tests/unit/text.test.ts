import { describe, expect, it } from "vitest";
import { normalizeSearch } from "@domain/text";

describe("search normalisation", () => {
  it("drops accents and case so 'gomez' finds 'Gómez'", () => {
    expect(normalizeSearch("  María  GÓMEZ ")).toBe("maria gomez");
    expect(normalizeSearch("Ñoquis")).toBe("noquis");
  });
});
