import { describe, expect, it } from "vitest";
import { keptWithin } from "../../../src/cli/simulate/action.js";
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
    [["simulate", "--clients", "10000000", "--attempts", "20"], /--clients × --attempts must be at most 100,000,000/],
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
