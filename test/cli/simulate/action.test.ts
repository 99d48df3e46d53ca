import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { formatList } from "../../support/registries.js";

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
    [["simulate", "--clients", "10000000", "--attempts", "20"], /--clients × --attempts × 2 runs \(jittered and un-jittered\) must be at most 60,000,000 retries, got 10,000,000 × 20 × 2; lower --clients or --attempts/],
    [["simulate", "--format", "html"], new RegExp(`--format must be one of ${formatList("simulate")}, got "html"`)],
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

describe("a 10 M-client cohort is refused before it runs (issue 38)", () => {
  it("with --compare-jitter over an hour's spread: at once, counting five runs", async () => {
    const { code, stderr } = await runCli(["simulate", "--clients", "10000000", "--compare-jitter", "--spread", "1h", "--window", "1ms", "--cap", "30s"]);
    expect([code, stderr]).toEqual([2, "error: --clients × --attempts × 5 runs (one per jitter mode) must be at most 60,000,000 retries, got 10,000,000 × 10 × 5; lower --clients or --attempts\n"]);
  });
});
