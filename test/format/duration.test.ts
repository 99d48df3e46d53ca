/** Durations for people in the table and summaries (src/format/duration.ts), by hand. */
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { distinctRangeText, msText, rangeText } from "../../src/format/duration.js";

describe("durations for people", () => {
  it("msText: the exact ms then the human reading, from a second; below it, or saturated, the reading alone", () => {
    expect([msText(999), msText(1600), msText(3_900_000)]).toEqual(["999 ms", "1,600 ms  1.6 s", "3,900,000 ms  1 h 5 min"]);
    expect(msText(SATURATED_MS)).toBe("> 285,616 yr 151 d");
  });

  it("rangeText: both ends, or the one value", () => {
    expect([rangeText(1600, 2400), rangeText(500, 500)]).toEqual(["1.6 s – 2.4 s", "500 ms"]);
  });

  it("distinctRangeText: in ms where both ends would read alike (1,000 and 1,024 are both 1 s)", () => {
    expect(distinctRangeText(1000, 1024)).toBe("1,000 – 1,024 ms");
    expect(distinctRangeText(1000, 1024, "–")).toBe("1,000–1,024 ms");
    expect([distinctRangeText(1000, 2000), distinctRangeText(1000, 1000)]).toEqual(["1 s – 2 s", "1 s"]);
  });
});
