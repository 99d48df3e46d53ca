import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";

// Issue 16, items 6 and 7: solve and check answer at once for any number of attempts,
// through closed forms where they exist and the documented 10,000,000-attempt refusal
// elsewhere. Each case must finish well inside the test's time limit (it ran for minutes).

const REFUSAL =
  "have no closed form here and would be added up one attempt at a time past 10,000,000 attempts; give a --cap that the delays reach sooner, or fewer --attempts\n";

describe("solve with huge attempt counts (item 6)", () => {
  it("--attempts 10^12 --total 1h --base 1s: even factor 1 waits 10^12 s, so no solution", { timeout: 5000 }, async () => {
    const { code, stdout } = await runCli(["solve", "--attempts", "1000000000000", "--total", "1h", "--base", "1s"]);
    expect(code).toBe(1);
    // 10^12 attempts × 1,000 ms = 10^15 ms.
    expect(stdout).toContain("1000000000000 attempts wait 31,709 yr 289 d (1,000,000,000,000,000 ms), more than the target 1 h");
  });

  it("--attempts 2^53−1 --total 1h --factor 1: the base would be 3.6e6 / (2^53 − 1) ms, said without exponent notation", { timeout: 5000 }, async () => {
    const { code, stdout } = await runCli(["solve", "--attempts", "9007199254740991", "--total", "1h", "--factor", "1"]);
    expect(code).toBe(1);
    expect(stdout).toBe(
      "no solution: the base would be less than 0.000001 ms, which rounds to a delay of 0 ms; raise --total or lower --attempts or --factor\n",
    );
  });

  it("--factor 2 with 2^53−1 attempts: the same, and no 4.940656458e-324", { timeout: 5000 }, async () => {
    const { stdout } = await runCli(["solve", "--attempts", "9007199254740991", "--total", "1h", "--factor", "2"]);
    expect(stdout).toContain("the base would be less than 0.000001 ms");
    expect(stdout).not.toMatch(/\de[-+]?\d/);
  });

  it("a root near 1 with 10^10 attempts: found by the closed form, then the walk over its rounded delays is refused in one line", { timeout: 5000 }, async () => {
    const { code, stdout, stderr } = await runCli(["solve", "--attempts", "10000000000", "--total", "100000000000000", "--base", "1"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`error: the totals up to attempt 10,000,000,000 ${REFUSAL}`);
  });
});

describe("check with 2^53 − 1 attempts (item 7)", () => {
  it("linear, full jitter: the worst total is the floor-sum closed form; max-total 1 h breaks at attempt 2683", { timeout: 5000 }, async () => {
    const { code, stdout } = await runCli(["check", "--strategy", "linear", "--base", "1", "--jitter", "full", "--attempts", "9007199254740991", "--max-total", "1h"]);
    expect(code).toBe(1);
    // Worst delays 1, 2, 3, …: the total after k is k(k+1)/2; 2682·2683/2 = 3,597,903 ≤ 3,600,000 < 2683·2684/2 = 3,600,586.
    expect(stdout).toContain("✗ max-total 1 h: worst case > 285,616 yr 151 d (first over the limit at attempt 2683)");
  });

  it("linear, equal jitter: best total Σ⌈k/2⌉ in closed form", { timeout: 5000 }, async () => {
    const { stdout } = await runCli(["check", "--strategy", "linear", "--base", "1", "--jitter", "equal", "--attempts", "1000000", "--format", "json"]);
    const policy = JSON.parse(stdout).policies[0];
    // Σ_{k=1}^{n} ⌈k/2⌉ for even n = 2·(1 + … + n/2) = (n/2)(n/2 + 1); the worst is n(n + 1)/2.
    expect(policy.best_total_ms).toBe(500_000 * 500_001);
    expect(policy.worst_total_ms).toBe(500_000 * 1_000_001);
  });

  it("linear, equal jitter under a cap: ⌈k/2⌉ up to the cap, then ⌈cap/2⌉", { timeout: 5000 }, async () => {
    const { stdout } = await runCli(["check", "--strategy", "linear", "--base", "1", "--cap", "999", "--jitter", "equal", "--attempts", "5000", "--format", "json"]);
    const policy = JSON.parse(stdout).policies[0];
    // Attempts 1..998: Σ⌈k/2⌉ = 499·500 = 249,500; attempts 999..5000 wait the cap 999, at least 500: 4002 × 500.
    expect(policy.best_total_ms).toBe(249_500 + 4002 * 500);
    // 998·999/2 = 498,501, then 4002 × 999.
    expect(policy.worst_total_ms).toBe(498_501 + 4002 * 999);
  });

  it.each([
    [["--base", "1", "--factor", "1.0000001", "--jitter", "full"]],
    [["--base", "1", "--factor", "1.0000001"]],
    [["--strategy", "linear", "--base", "1", "--jitter", "0.2"]],
  ])("%j with no closed form: the documented refusal, one line, at once", { timeout: 5000 }, async (args) => {
    const { code, stdout, stderr } = await runCli(["check", ...args, "--attempts", "9007199254740991", "--max-total", "1h"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`error: the totals up to attempt 9,007,199,254,740,991 ${REFUSAL}`);
  });

  it("the schedule command refuses the same walk for a table (which needs the last row's totals first)", { timeout: 5000 }, async () => {
    // 100,000 rows, as many as a table draws, ending at attempt 20,000,000.
    const { code, stderr } = await runCli(["--base", "1", "--factor", "1.0000001", "--attempts", "19900001..20000000"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: the totals up to attempt 19,999,999 have no closed form here/);
  });
});
