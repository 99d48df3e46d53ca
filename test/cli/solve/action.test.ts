import { describe, expect, it } from "vitest";
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
