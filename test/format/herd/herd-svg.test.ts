import { describe, expect, it } from "vitest";
import { niceTicks } from "../../../src/format/herd/herd-svg.js";

// The drawings themselves are tested with their renderers: test/format/formats/occ/svg.test.ts and capacity/svg.test.ts.
describe("the herd drawings' shared pieces", () => {
  it("ticks: round steps of 1, 2 or 5 from 0 past the largest value", () => {
    expect(niceTicks(2425)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(niceTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});
