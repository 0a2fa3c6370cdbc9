import { describe, expect, it } from "vitest";
import { labelled, niceTicks } from "@domain/chart-scale";

describe("the sales chart's value axis", () => {
  it("goes from 0 to the highest value or just past it, in round steps", () => {
    expect(niceTicks(5000)).toEqual([0, 2000, 4000, 6000]);
    expect(niceTicks(10_000)).toEqual([0, 2500, 5000, 7500, 10_000]);
    expect(niceTicks(8000)).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(niceTicks(8001)).toEqual([0, 2500, 5000, 7500, 10_000]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it("has only 0 when nothing was sold", () => {
    expect(niceTicks(0)).toEqual([0]);
  });

  it("labels the first day and then one in every `every`", () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter((i) => labelled(i, 3))).toEqual([0, 3, 6]);
    expect([0, 1, 2].filter((i) => labelled(i, 1))).toEqual([0, 1, 2]);
  });
});
