import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../src/core/policy.js";
import { durationWithMs, policyTitle, scheduleSummaryLines } from "../../src/format/summary.js";
import { SUMMARY } from "../support/summaries.js";

const CAPPED = { capMs: 400, isLinear: false };

describe("durationWithMs", () => {
  it("below a second the ms alone; from a second the reading and the exact ms; saturated, the reading alone", () => {
    expect([durationWithMs(0), durationWithMs(999), durationWithMs(1600), durationWithMs(31_000)]).toEqual(["0 ms", "999 ms", "1.6 s (1,600 ms)", "31 s (31,000 ms)"]);
    expect(durationWithMs(2 ** 53)).toBe("> 285,616 yr 151 d");
  });
});

describe("scheduleSummaryLines", () => {
  it("the total against linear, where the cap bites, the last delay against linear", () => {
    expect(scheduleSummaryLines(SUMMARY, CAPPED)).toEqual([
      "Total wait after attempt 4: 1.1 s (1,100 ms); linear: 1 s (1,000 ms).",
      "Cap: 400 ms, first reached at attempt 3.",
      "At attempt 4 the delay is 1× the linear one (400 ms against 400 ms).",
    ]);
  });

  it("the cap never reached, reached after the range, or none", () => {
    expect(scheduleSummaryLines({ ...SUMMARY, capReachedAt: null }, CAPPED)[1]).toBe("Cap: 400 ms, never reached.");
    expect(scheduleSummaryLines({ ...SUMMARY, capReachedAt: 7 }, CAPPED)[1]).toBe("Cap: 400 ms, first reached at attempt 7 (after this range).");
    expect(scheduleSummaryLines(SUMMARY, { capMs: null, isLinear: false })[1]).toBe("Cap: none.");
  });

  it("no ratio for a linear policy or when there is none; two decimals at most", () => {
    expect(scheduleSummaryLines(SUMMARY, { capMs: 400, isLinear: true })).toHaveLength(2);
    expect(scheduleSummaryLines({ ...SUMMARY, ratioToLinear: null }, CAPPED)).toHaveLength(2);
    expect(scheduleSummaryLines({ ...SUMMARY, ratioToLinear: 3.2, lastDelayMs: 12_800, lastLinearMs: 4000 }, CAPPED)[2]).toBe("At attempt 4 the delay is 3.2× the linear one (12.8 s against 4 s).");
    expect(scheduleSummaryLines({ ...SUMMARY, ratioToLinear: 1 / 3 }, CAPPED)[2]).toMatch(/^At attempt 4 the delay is 0\.33× /);
  });

  it("a preset that draws: the figures named as the jitter-free delays (issue 39, item 3)", () => {
    expect(scheduleSummaryLines(SUMMARY, { ...CAPPED, jitterFree: true })).toEqual([
      "Total of the jitter-free delays after attempt 4: 1.1 s (1,100 ms); linear: 1 s (1,000 ms).",
      "Cap: 400 ms, first reached at attempt 3.",
      "At attempt 4 the jitter-free delay is 1× the linear one (400 ms against 400 ms).",
    ]);
  });

  it("says how saturated values are shown", () => {
    expect(scheduleSummaryLines({ ...SUMMARY, saturated: true }, CAPPED).at(-1)).toBe("Values of 2^53 ms or more cannot be held exactly; they are shown as >9007199254740991.");
  });
});

describe("policyTitle", () => {
  it("the policy in one line, its strategy's own parameters only", () => {
    expect(policyTitle(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { first: 1, last: 10 })).toBe("exponential · base 1 s · factor 2 · cap 30 s · attempts 1..10");
    expect(policyTitle(normalizePolicy({ strategy: "linear", baseMs: 1000, stepMs: 500 }), { first: 3, last: 8 }, "full")).toBe("linear · base 1 s · step 500 ms · no cap · jitter full · attempts 3..8");
    expect(policyTitle(normalizePolicy({ strategy: "fixed", baseMs: 2000 }), { first: 1, last: 3 })).toBe("fixed · base 2 s · no cap · attempts 1..3");
  });
});
