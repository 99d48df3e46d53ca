import { describe, expect, it } from "vitest";
import { type SimulateSwitches, checkKeptTimes, cohortFromOptions, keptWithin } from "../../../src/cli/simulate/action.js";
import { jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { SimulationTooLargeError } from "../../../src/core/simulate.js";
import { UsageError } from "../../../src/cli/shared/errors.js";
import { runCli } from "../../support/cli.js";

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

// Folded in from test/cli/schedule/jitter.test.ts (its simulate cases).
describe("simulate's usage errors: exit 2, one line on stderr, nothing on stdout", () => {
  const cases: Array<[string[], RegExp]> = [
    [["simulate", "--clients", "0"], /--clients must be at least 1/],
    [["simulate", "--clients", "10000001"], /--clients must be at most 10,000,000/],
    [["simulate", "--clients", "many"], /--clients must be a whole number/],
    [["simulate", "--success", "1.5"], /--success must be a probability from 0 to 1/],
    [["simulate", "--success", "-0.1"], /--success must be a probability/],
    [["simulate", "--window", "0"], /--window must be greater than zero/],
    [["simulate", "--window", "-5"], /--window must be a positive duration/],
    [["simulate", "--jitter", "2"], /--jitter fraction/],
    [["simulate", "--seed", "x"], /--seed must be a whole number/],
    [["simulate", "--attempts", "3..5"], /--attempts for simulate must be a count/],
    [["simulate", "--attempts", "0"], /--attempts for simulate must be from 1 to 1000/],
    [["simulate", "--compare-jitter"], /--compare-jitter needs --cap/],
    [["simulate", "--clients", "10000000", "--attempts", "20"], /--clients × --attempts × 2 runs \(jittered and un-jittered\) must be at most 100,000,000 retries, got 10,000,000 × 20 × 2; lower --clients or --attempts/],
    [["simulate", "--format", "html"], /--format must be one of table, csv, tsv, json, markdown, svg, got "html"/],
  ];
  for (const [argv, message] of cases) {
    it(argv.join(" "), async () => {
      const { code, stdout, stderr } = await runCli(argv);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(message);
      expect(stderr.startsWith("error: ")).toBe(true);
      expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    });
  }
});

describe("the work is counted before anything runs (issue 38)", () => {
  const switches = (clients: string, extra: Partial<SimulateSwitches> = {}): SimulateSwitches => ({ format: "csv", color: false, clients, success: "0", window: "100ms", ...extra });
  it("clients × attempts × runs: 10,000,000 × 5 × 2 is exactly the limit, one more client is refused", () => {
    expect(cohortFromOptions(switches("10000000"), 5, 2).clients).toBe(10_000_000);
    expect(() => cohortFromOptions(switches("10000001"), 5, 2)).toThrow(/must be at most 10,000,000/);
    // 100,000,000 / (10 × 5) = 2,000,000 clients under --compare-jitter.
    expect(cohortFromOptions(switches("2000000", { compareJitter: true }), 10, 5).clients).toBe(2_000_000);
    expect(() => cohortFromOptions(switches("2000001", { compareJitter: true }), 10, 5)).toThrow("--clients × --attempts × 5 runs (one per jitter mode) must be at most 100,000,000 retries, got 2,000,001 × 10 × 5");
  });

  it("distinct milliseconds kept: bounded from the policy's own bounds before a draw", () => {
    // Fixed 1 s delays, 2 attempts, spread 999 ms: attempt k fires within [k s, 999 ms + k s], 1,000 milliseconds each.
    const fixed = jitteredPolicyModel(normalizePolicy({ baseMs: 1000, strategy: "fixed" }), { kind: "none" });
    const cohort = (clients: number, spreadMs: number, attempts: number) => ({ clients, spreadMs, success: 0, windowMs: 100, attempts });
    expect(() => checkKeptTimes(cohort(10_000, 999, 2), fixed, null)).not.toThrow();
    // 20,000,000 is the limit: 10,000 attempts of 2,000 milliseconds each reach it exactly, one more attempt passes it.
    const wide = cohort(1_000_000, 1999, 10_000);
    expect(() => checkKeptTimes(wide, fixed, null)).not.toThrow();
    expect(() => checkKeptTimes({ ...wide, attempts: 10_001 }, fixed, "lower the --cap")).toThrow(
      "the retries of 1,000,000 clients could land on more than 20,000,000 distinct milliseconds by attempt 10,001 (simulate keeps each one, about 240 MB at most); lower --clients, --attempts or --spread, or lower the --cap",
    );
    // Fewer clients than milliseconds: each attempt keeps at most one time per client.
    expect(() => checkKeptTimes(cohort(2000, 3_600_000, 10_000), fixed, null)).not.toThrow();
    expect(() => checkKeptTimes(cohort(2000, 3_600_000, 10_001), fixed, null)).toThrow(/by attempt 10,001/);
  });

  it("a 10 M-client cohort with --compare-jitter over an hour's spread is refused at once", async () => {
    const { code, stderr } = await runCli(["simulate", "--clients", "10000000", "--compare-jitter", "--spread", "1h", "--window", "1ms", "--cap", "30s"]);
    expect([code, stderr]).toEqual([2, "error: --clients × --attempts × 5 runs (one per jitter mode) must be at most 100,000,000 retries, got 10,000,000 × 10 × 5; lower --clients or --attempts\n"]);
  });
});
