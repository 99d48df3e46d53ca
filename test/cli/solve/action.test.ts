import { describe, expect, it } from "vitest";
import { solve, unknownOf } from "../../../src/cli/solve/action.js";
import { runCli } from "../../support/cli.js";

describe("backoff solve", () => {
  it("prints the factor, the equation, the achieved total and the schedule", async () => {
    const result = await runCli(["solve", "--attempts", "5", "--total", "1h", "--base", "1s"]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split("\n");
    // 7.47 is 0.15% under (3,594,844 ms); 7.473 is the first rounding within 0.1%:
    // 1000 × 7.473^k rounded: 1000, 7473, 55846, 417335, 3118745 → 3,600,399 ms.
    expect(lines[0]).toMatch(/^factor ≈ 7\.473; root 7\.47278\d* of 1 \+ f \+ f² \+ f³ \+ f⁴ = 3600 \(total ÷ base\)\.$/);
    expect(lines[2]).toBe("With factor 7.473 and delays rounded to whole ms, the total is 1 h (3,600,399 ms): 399 ms over the target of 1 h (3,600,000 ms).");
    expect(lines[3]).toBe("Policy: --strategy exponential --base 1000 --factor 7.473 --attempts 5");
    expect(result.stdout).toContain("3,118,745 ms");
  });

  it("finds the base, rounded to whole ms, stating the achieved total", async () => {
    const result = await runCli(["solve", "--attempts", "5", "--total", "40s", "--factor", "2", "--cap", "10s", "--format", "json"]);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout);
    // 10/3 s → 3333 ms: 3333 + 6666 + 3 × 10,000 = 39,999 ms.
    expect(doc).toMatchObject({ solved: true, unknown: "base", value: 3333, target_total_ms: 40_000, achieved_total_ms: 39_999 });
    expect(doc.schedule.map((r: { delay_ms: number }) => r.delay_ms)).toEqual([3333, 6666, 10_000, 10_000, 10_000]);
  });

  it("finds the number of attempts that fits a budget", async () => {
    const result = await runCli(["solve", "--total", "10m", "--base", "1s", "--cap", "1m"]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n").slice(0, 2)).toEqual([
      "attempts = 14: total wait 9 min 3 s (543,000 ms), within the budget of 10 min (600,000 ms).",
      "Attempt 15 would bring it to 10 min 3 s (603,000 ms).",
    ]);
  });

  it("no solution: explains why, exit 1", async () => {
    expect(await runCli(["solve", "--attempts", "5", "--total", "1h", "--base", "1s", "--cap", "10m"])).toEqual({
      code: 1,
      stdout: "no solution: the cap makes the total unreachable: with --cap 10m, 5 attempts wait at most 40 min 1 s (2,401,000 ms), less than the target 1 h; raise --cap or --attempts\n",
      stderr: "",
    });
  });

  it("bad usage: exit 2", async () => {
    expect(await runCli(["solve", "--attempts", "5", "--base", "1s"])).toEqual({ code: 2, stdout: "", stderr: "error: solve needs --total <duration>: the total wait to aim for (or the budget to fit)\n" });
    expect((await runCli(["solve", "--attempts", "5", "--total", "1h", "--base", "1s", "--factor", "2"])).stderr).toBe("error: nothing to solve: leave out one of --attempts, --base or --factor\n");
    expect((await runCli(["solve", "--attempts", "5", "--total", "1h"])).code).toBe(2);
    expect((await runCli(["solve", "--attempts", "5", "--total", "1h", "--base", "1s", "--strategy", "linear"])).code).toBe(2);
  });
});

describe("unknownOf: the one parameter left out", () => {
  const options = (given: Record<string, string>) => ({ format: "table" as const, color: false, ...given });

  it("attempts without --attempts; the factor without --factor; the base without --base", () => {
    expect(unknownOf(options({ total: "1h", base: "1s" }))).toBe("attempts");
    expect(unknownOf(options({ total: "1h", attempts: "5", base: "1s" }))).toBe("factor");
    expect(unknownOf(options({ total: "1h", attempts: "5", factor: "2" }))).toBe("base");
  });

  it("refuses too little or too much", () => {
    expect(() => unknownOf(options({ attempts: "5" }))).toThrow("solve needs --total <duration>");
    expect(() => unknownOf(options({ total: "1h" }))).toThrow("solve for --attempts needs --base (and optionally --factor, --cap, --strategy)");
    expect(() => unknownOf(options({ total: "1h", attempts: "5" }))).toThrow("solve finds one missing parameter: give --base (to find the factor) or --factor (to find the base)");
    expect(() => unknownOf(options({ total: "1h", attempts: "5", base: "1s", factor: "2" }))).toThrow("nothing to solve: leave out one of --attempts, --base or --factor");
  });
});

describe("solve", () => {
  const options = (given: Record<string, string>) => ({ format: "table" as const, color: false, ...given });

  it("a factor of exactly 3: 100 + 300 + 900 = 1.3 s, printed with the fewest decimals within 0.1%", () => {
    expect(solve(options({ total: "1.3s", attempts: "3", base: "100ms" }))).toMatchObject({ unknown: "factor", answerText: "3", attempts: 3, targetMs: 1300, achievedMs: 1300, nextTotalMs: null });
  });

  it("a base of 1 s for 1 + 2 + 4 = 7 s", () => {
    expect(solve(options({ total: "7s", attempts: "3", factor: "2" }))).toMatchObject({ unknown: "base", answerText: "1000", achievedMs: 7000 });
  });

  it("the attempts within a budget: 100 + 200 + 400 + 800 = 1.5 s fits 2 s, a fifth would make 3.1 s", () => {
    expect(solve(options({ total: "2s", base: "100ms" }))).toMatchObject({ unknown: "attempts", attempts: 4, answerText: "4", exact: null, achievedMs: 1500, nextTotalMs: 3100 });
  });

  it("a base that rounds to 0 ms is no solution", () => {
    // 1 ms over 1 + 2 + … + 2^9 = 1023: 0.00098 ms.
    expect(solve(options({ total: "1ms", attempts: "10", factor: "2" }))).toEqual({ why: "base-below-1ms", baseMs: expect.closeTo(1 / 1023, 12) });
  });

  it("only an exponential policy's factor or base; a cap below the base refused", () => {
    expect(() => solve(options({ total: "1h", attempts: "5", base: "1s", strategy: "linear" }))).toThrow("solve finds the factor of an exponential policy only, not --strategy linear");
    expect(() => solve(options({ total: "1h", base: "1s", factor: "2", strategy: "fixed" }))).toThrow("--factor applies only to --strategy exponential, not fixed");
    expect(() => solve(options({ total: "1h", base: "2s", cap: "1s" }))).toThrow("--cap (1s) must be at least --base (2s)");
  });
});
