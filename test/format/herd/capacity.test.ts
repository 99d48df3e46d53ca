import { describe, expect, it } from "vitest";
import { capacitySummaryLines, recoverySentence } from "../../../src/format/herd/capacity.js";
import { CAPACITY_SETUP, CAPACITY_TIMELINE } from "../../support/herd-reports.js";

const setup = CAPACITY_SETUP;
const timeline = CAPACITY_TIMELINE;

describe("the capacity report's sentences", () => {
  it("the set-up, the policy, the totals and the verdict", () => {
    expect(capacitySummaryLines(timeline)).toEqual([
      "Capacity: 500 requests/s (Poisson arrivals) into a server of 1,000 calls/s (1 at a time, 1 ms each, up to 2,000 waiting); clients time out after 1 s; a stall from 10 s to 20 s (the server serves nothing); 1 min in 1 s windows; seed 42: one seeded sample, not a mean (another --seed draws others; --expected gives the expected counts).",
      "Retries: up to 3 per request, 100 ms × 2^(n−1), cap 1 s, jitter full.",
      "Totals: 30,000 requests, 90,000 calls (60,000 retries), 10,000 answered in time, 19,000 requests gave up.",
      "Metastable: 40 s after the stall ended, retries still keep the server failing, though the arrivals alone (500/s) are 50% of its capacity.",
    ]);
  });

  it("what the figures are (issue 39, item 6): one seeded sample when anything is drawn, exact when nothing is", () => {
    const evenly = { ...timeline, setup: { ...setup, arrivals: "uniform" as const, drawn: false } };
    expect(capacitySummaryLines(evenly)[0]).toBe(
      "Capacity: 500 requests/s (evenly spaced) into a server of 1,000 calls/s (1 at a time, 1 ms each, up to 2,000 waiting); clients time out after 1 s; a stall from 10 s to 20 s (the server serves nothing); 1 min in 1 s windows; seed 42 (nothing is drawn: evenly spaced arrivals, no jitter; the counts are exact).",
    );
    expect(capacitySummaryLines({ ...timeline, setup: { ...setup, drawn: true } })[0]).toMatch(/; seed 42: one seeded sample, not a mean \(another --seed draws others; --expected gives the expected counts\)\.$/);
  });

  it("each verdict", () => {
    expect(recoverySentence({ kind: "recovered", recoveredAtMs: 24_000, drainMs: 4000, healthyBefore: true }, setup)).toBe(
      "Recovered 4 s after the stall ended: from 24 s no window had more than 1% of its calls fail.",
    );
    expect(recoverySentence({ kind: "recovered", recoveredAtMs: 20_000, drainMs: 0, healthyBefore: true }, { ...setup, outage: { ...setup.outage!, kind: "errors" } })).toBe(
      "Recovered as the outage ended (from 20 s no window had more than 1% of its calls fail).",
    );
    expect(recoverySentence({ kind: "overloaded", sinceOutageMs: 1, healthyBefore: true }, { ...setup, rps: 1500 })).toBe(
      "Overloaded: the arrivals alone (1,500/s) are 150% of the server's capacity, retries or not.",
    );
    expect(recoverySentence({ kind: "outage-to-end" }, setup)).toBe("The run ended before the stall did.");
    expect(recoverySentence({ kind: "no-outage", healthy: true }, setup)).toContain("Healthy throughout");
  });
});
