import { describe, expect, it } from "vitest";
import { parseClientCounts, parseDurationOrZero, parseNetwork, parsePercent, parseRatio, parseSpan, parseWholeIn, splitParameters } from "../../../src/cli/simulate/herd-values.js";

describe("the herd models' option values", () => {
  it("client counts: one, or a sweep FROM..TO:STEP (step 1 by default), with its bounds", () => {
    expect(parseClientCounts("--clients", "100", 10_000, 1000)).toEqual([100]);
    expect(parseClientCounts("--clients", "10..190:10", 10_000, 1000)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190]);
    expect(parseClientCounts("--clients", "3..5", 10_000, 1000)).toEqual([3, 4, 5]);
    expect(parseClientCounts("--clients", "10..15:10", 10_000, 1000)).toEqual([10]); // 15 is not on the step
    expect(() => parseClientCounts("--clients", "1..2000", 10_000, 1000)).toThrow("--clients sweep has 2000 client counts, more than 1000; give a larger STEP");
    expect(() => parseClientCounts("--clients", "1..20000:100", 10_000, 1000)).toThrow(/from 1 to 10000/);
    expect(() => parseClientCounts("--clients", "1..5:0", 10_000, 1000)).toThrow(/from 1 to 10000/);
  });

  it("a network MEAN±SD in any duration spelling, ± or +- or +/-, SD may be 0", () => {
    expect(parseNetwork("--network", "10ms±2ms")).toEqual({ meanMs: 10, sdMs: 2 });
    expect(parseNetwork("--network", "0.01s+-0")).toEqual({ meanMs: 10, sdMs: 0 });
    expect(parseNetwork("--network", "5+/-1.5")).toEqual({ meanMs: 5, sdMs: 1.5 });
    expect(() => parseNetwork("--network", "10±2±3")).toThrow(/MEAN±SD/);
    expect(() => parseNetwork("--network", "10±-2")).toThrow(/--network's sd/);
  });

  it("a span START..END, START may be 0", () => {
    expect(parseSpan("--outage", "0..1.5s")).toEqual({ startMs: 0, endMs: 1500 });
    expect(parseSpan("--outage", "10s..1m")).toEqual({ startMs: 10_000, endMs: 60_000 });
    expect(() => parseSpan("--outage", "5s..5s")).toThrow("--outage must end after it starts");
  });

  it("percentages, ratios, whole numbers in a range, parameter lists", () => {
    expect([parsePercent("--b", "10%"), parsePercent("--b", "12.5")]).toEqual([10, 12.5]);
    expect([parseRatio("--r", "50%"), parseRatio("--r", "0.25"), parseRatio("--r", "1")]).toEqual([0.5, 0.25, 1]);
    expect(() => parseRatio("--r", "150%")).toThrow(/at most 1/);
    expect(() => parseRatio("--r", "0")).toThrow(/above 0/);
    expect(parseWholeIn("--n", "7", 0, 10)).toBe(7);
    expect(() => parseWholeIn("--n", "11", 0, 10)).toThrow("--n must be a whole number from 0 to 10, got \"11\"");
    expect(parseDurationOrZero("--d", "0")).toBe(0);
    expect(splitParameters("--q", "500/5", ["TOKENS", "COST", "TIMEOUT_COST"])).toEqual(["500", "5", undefined]);
    expect(() => splitParameters("--q", "1/2/3/4", ["A", "B"])).toThrow("--q takes A/B");
    expect(() => splitParameters("--q", "1//3", ["A", "B", "C"])).toThrow("--q takes A/B/C");
  });
});
