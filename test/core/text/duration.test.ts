import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../../src/core/limits.js";
import { humanDuration } from "../../../src/core/text/duration.js";

// Worked by hand from the rule: below 1 s whole ms; below a minute seconds to one decimal
// (half up); from a minute the two largest units, the smaller rounded half up and carried.
describe("humanDuration", () => {
  it("below a second: whole milliseconds", () => {
    expect(humanDuration(0)).toBe("0 ms");
    expect(humanDuration(450)).toBe("450 ms");
    expect(humanDuration(999)).toBe("999 ms");
  });

  it("below a minute: seconds to one decimal, half up", () => {
    expect(humanDuration(1000)).toBe("1 s");
    expect(humanDuration(1600)).toBe("1.6 s");
    expect(humanDuration(1650)).toBe("1.7 s"); // 16.5 tenths rounds up
    expect(humanDuration(59_949)).toBe("59.9 s"); // 599.49 tenths → 599
  });

  it("59.95 s rounds up to a whole minute", () => {
    expect(humanDuration(59_950)).toBe("1 min"); // 600 tenths: 60 s carried into 1 min
  });

  it("from a minute: the two largest units", () => {
    expect(humanDuration(160_000)).toBe("2 min 40 s");
    expect(humanDuration(3_900_000)).toBe("1 h 5 min"); // 65 min
    expect(humanDuration(20 * 86_400_000 + 9 * 3_600_000)).toBe("20 d 9 h");
    expect(humanDuration((3 * 365 + 12) * 86_400_000)).toBe("3 yr 12 d");
  });

  it("a smaller unit that rounds up to fill the larger carries into it", () => {
    expect(humanDuration(3_599_999)).toBe("1 h"); // 3,599.999 s → 3,600 s = 1 h
    expect(humanDuration(60 * 60_000 - 20_000)).toBe("59 min 40 s");
  });

  it("the saturated value is shown as more than the largest exact one", () => {
    // 2^53 − 1 ms = 104,249,991.37 days → 104,249,991 days = 285,616 yr (× 365 = 104,249,840) + 151 d
    expect(humanDuration(2 ** 53)).toBe("> 285,616 yr 151 d");
  });
});

// The table of human durations the format tests held (moved from test/format/formats.test.ts).
describe("human durations", () => {
  it.each([
    [0, "0 ms"],
    [450, "450 ms"],
    [999, "999 ms"],
    [1000, "1 s"],
    [1600, "1.6 s"],
    [1650, "1.7 s"], // 16.5 tenths round half up
    [59_940, "59.9 s"],
    [59_950, "1 min"], // 599.5 tenths → 600 → a minute
    [160_000, "2 min 40 s"],
    [3_599_600, "1 h"], // 59 min 59.6 s rounds to 3600 s
    [3_900_000, "1 h 5 min"],
    [1_763_395_000, "20 d 10 h"], // Sidekiq's 25 retries: 20 d 9 h 49 min 55 s, hours rounded half up
    [365 * 86_400_000, "1 yr"],
    [SATURATED_MS, "> 285,616 yr 151 d"],
  ])("%d ms → %s", (ms, expected) => {
    expect(humanDuration(ms)).toBe(expected);
  });
});
