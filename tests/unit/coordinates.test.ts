import { describe, expect, it } from "vitest";
import { parseCoordinate } from "@domain/routing";

describe("a coordinate typed by hand", () => {
  it("reads Argentine coordinates with a comma or a point", () => {
    expect(parseCoordinate("-34,7206", 90)).toBe(-34.7206);
    expect(parseCoordinate(" -58.2546 ", 180)).toBe(-58.2546);
    expect(parseCoordinate("12", 90)).toBe(12);
  });

  it("is not a coordinate yet while it is being typed", () => {
    for (const partial of ["", "-", "-34,", "-34.", ",5", "--3"]) expect(parseCoordinate(partial, 90)).toBeNull();
  });

  it("is refused beyond the pole or the antimeridian", () => {
    expect(parseCoordinate("-91", 90)).toBeNull();
    expect(parseCoordinate("181", 180)).toBeNull();
    expect(parseCoordinate("-180", 180)).toBe(-180);
  });
});
