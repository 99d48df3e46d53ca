import { describe, expect, it } from "vitest";
import { checkKeptTimes, cohortFromOptions, keptWithin } from "../../../src/cli/simulate/cohort.js";
import type { SimulateSwitches } from "../../../src/cli/simulate/switches.js";
import { jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { SimulationTooLargeError } from "../../../src/core/simulate.js";
import { UsageError } from "../../../src/cli/shared/errors.js";

const cohort = { clients: 1_000_000, attempts: 10, spreadMs: 0, success: 0, windowMs: 1000 };
const tooLarge = () => {
  throw new SimulationTooLargeError(20_000_001, 7);
};
const message = (capAdvice: string | null) => {
  try {
    keptWithin(cohort, capAdvice, tooLarge);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("keptWithin did not refuse");
};

// Issue 23, item 6: "or set a --cap" was said when a cap was set, and to presets that refuse one.
describe("keptWithin: a run past the memory bound is one line whose advice fits the policy", () => {
  const start = "the retries of 1,000,000 clients land on more than 20,000,000 distinct milliseconds by attempt 7 (simulate keeps each one, about 240 MB at most); lower --clients or --attempts";
  it("no cap yet: set one", () => expect(message("set a --cap")).toBe(`${start}, or set a --cap`));
  it("a cap already set: lower it", () => expect(message("lower the --cap")).toBe(`${start}, or lower the --cap`));
  it("a preset with no cap: nothing about a cap", () => expect(message(null)).toBe(start));
  it("other errors pass through", () => {
    expect(() =>
      keptWithin(cohort, null, () => {
        throw new RangeError("x");
      }),
    ).toThrow(RangeError);
  });
});

describe("the work is counted before anything runs (issue 38)", () => {
  const switches = (clients: string, extra: Partial<SimulateSwitches> = {}): SimulateSwitches => ({ format: "csv", color: false, clients, success: "0", window: "100ms", ...extra });
  it("clients × attempts × runs: 10,000,000 × 3 × 2 is exactly the limit, one more attempt is refused", () => {
    expect(cohortFromOptions(switches("10000000"), 3, 2).clients).toBe(10_000_000);
    expect(() => cohortFromOptions(switches("10000000"), 4, 2)).toThrow("--clients × --attempts × 2 runs (jittered and un-jittered) must be at most 60,000,000 retries, got 10,000,000 × 4 × 2");
    // 60,000,000 / (10 × 5) = 1,200,000 clients under --compare-jitter.
    expect(cohortFromOptions(switches("1200000", { compareJitter: true }), 10, 5).clients).toBe(1_200_000);
    expect(() => cohortFromOptions(switches("1200001", { compareJitter: true }), 10, 5)).toThrow("--clients × --attempts × 5 runs (one per jitter mode) must be at most 60,000,000 retries, got 1,200,001 × 10 × 5");
  });

  it("distinct milliseconds kept: bounded from the policy's own bounds before a draw", () => {
    // Fixed 1 s delays, 2 attempts, spread 999 ms: attempt k fires within [k s, 999 ms + k s], 1,000 milliseconds each.
    const fixed = jitteredPolicyModel(normalizePolicy({ baseMs: 1000, strategy: "fixed" }), { kind: "none" });
    const cohortOf = (clients: number, spreadMs: number, attempts: number) => ({ clients, spreadMs, success: 0, windowMs: 100, attempts });
    expect(() => checkKeptTimes(cohortOf(10_000, 999, 2), fixed, null)).not.toThrow();
    // 20,000,000 is the limit: 10,000 attempts of 2,000 milliseconds each reach it exactly, one more attempt passes it.
    const wide = cohortOf(1_000_000, 1999, 10_000);
    expect(() => checkKeptTimes(wide, fixed, null)).not.toThrow();
    expect(() => checkKeptTimes({ ...wide, attempts: 10_001 }, fixed, "lower the --cap")).toThrow(
      "the retries of 1,000,000 clients could land on more than 20,000,000 distinct milliseconds by attempt 10,001 (simulate keeps each one, about 240 MB at most); lower --clients, --attempts or --spread, or lower the --cap",
    );
    // Fewer clients than milliseconds: each attempt keeps at most one time per client.
    expect(() => checkKeptTimes(cohortOf(2000, 3_600_000, 10_000), fixed, null)).not.toThrow();
    expect(() => checkKeptTimes(cohortOf(2000, 3_600_000, 10_001), fixed, null)).toThrow(/by attempt 10,001/);
  });
});
