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

describe("--compare-jitter without --cap (issue 39, item 5)", () => {
  it("runs with the schedule's default, no cap: decorrelated is left out, and the summary says so", async () => {
    const { code, stdout } = await runCli(["simulate", "--compare-jitter", "--format", "json"]);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json.modes.map((mode: { jitter: string }) => mode.jitter)).toEqual(["none", "0.2", "full", "equal"]);
    // No jitter, 1,000 clients from t = 0, 1 s doubling, 10 retries all failing: 1,000 + 10,000 calls,
    // all 1,000 retries of an attempt at once, the last at 1 + 2 + … + 512 = 1,023 s.
    expect(json.modes[0]).toEqual({ jitter: "none", calls: 11_000, retries: 10_000, peak_load: 1000, completion_ms: 1_023_000, figures: "exact" });
    const text = (await runCli(["simulate", "--compare-jitter"])).stdout;
    expect(text).toContain("No --cap (the schedule's default): decorrelated jitter, min(cap, uniform(base, previous × 3)), is defined through the cap, so it is left out; give --cap to compare it.");
    expect((await runCli(["simulate", "--compare-jitter", "--cap", "30s"])).stdout).not.toContain("No --cap");
  });

  it("--model capacity too: four variants, where decorrelated was an internal error", async () => {
    const { code, stdout, stderr } = await runCli(["simulate", "--model", "capacity", "--outage", "10s..20s", "--duration", "30s", "--compare-jitter", "--format", "json"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(stdout).variants.map((variant: { variant: string }) => variant.variant)).toEqual(["jitter none", "jitter 0.2", "jitter full", "jitter equal"]);
  });
});

describe("a 10 M-client cohort is refused before it runs (issue 38)", () => {
  it("with --compare-jitter over an hour's spread: at once, counting five runs", async () => {
    const { code, stderr } = await runCli(["simulate", "--clients", "10000000", "--compare-jitter", "--spread", "1h", "--window", "1ms", "--cap", "30s"]);
    expect([code, stderr]).toEqual([2, "error: --clients × --attempts × 5 runs (one per jitter mode) must be at most 60,000,000 retries, got 10,000,000 × 10 × 5; lower --clients or --attempts\n"]);
  });
});
