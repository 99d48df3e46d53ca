import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";

// solve --preset: a library's own parameter on its own schedule. cenkalti (src/presets/cenkalti.ts,
// cenkalti/backoff v4): I₁ = InitialInterval, then ×Multiplier, MaxInterval 60 s; waits without jitter.

describe("backoff solve --preset", () => {
  it("the base: InitialInterval 1 min makes every one of 10 waits the 60 s cap: 10 min exactly", async () => {
    const result = await runCli(["solve", "--preset", "cenkalti", "--attempts", "10", "--total", "10m"]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n").slice(0, 3)).toEqual([
      "base ≈ 60000 ms (1 min), InitialInterval: 10 retries of cenkalti wait 10 min (600,000 ms) without jitter, exactly the target.",
      "Found by searching whole milliseconds on the library's own schedule (its rounding included); the closest base is shown.",
      "Preset: backoff --preset cenkalti --attempts 10 --base 60000",
    ]);
  });

  it("the factor: Multiplier 1.978 from 1 s makes 10 waits of about 5 min", async () => {
    // 1, 1.978, 3.912, 7.739, 15.31, 30.28, 59.89 s, then 60 s three times: 300.106 s (in ns, worked in Python).
    const json = JSON.parse((await runCli(["solve", "--preset", "cenkalti", "--attempts", "10", "--total", "5m", "--base", "1s", "--format", "json"])).stdout);
    expect([json.unknown, json.parameter, json.value, json.target_total_ms]).toEqual(["factor", "Multiplier", 1.978, 300_000]);
    expect(Math.abs(json.achieved_total_ms - 300_106)).toBeLessThanOrEqual(1);
    expect(json.exact).toBeGreaterThan(1.9776);
    expect(json.exact).toBeLessThan(1.9777);
  });

  it("no factor reaches a total its cap bounds: 1 s then nine capped waits, 541 s at most; exit 1", async () => {
    expect(await runCli(["solve", "--preset", "cenkalti", "--attempts", "10", "--total", "10m", "--base", "1s"])).toEqual({
      code: 1,
      stdout: "no solution: 10 retries of cenkalti wait at most 541,000 ms whatever Multiplier is (its cap or its stopping rule bound them), less than the target of 600,000 ms\n",
      stderr: "",
    });
  });

  it("a library whose waits depend on its count (traefik: Multiplier 2^(1/(attempts − 1))) is built anew for each count", async () => {
    // 3 retries: 100, 125.992104, 158.740103 ms, their highest draws (×1.5 + 1 ns) 577.098 ms in all; 4 retries:
    // Multiplier 2^(1/4), 100, 118.920712, 141.421356, 168.179283 ms, highs 792.78 ms. The first 4 waits of the
    // 3-retry library do not exist: solving over one model would find no answer.
    const result = await runCli(["solve", "--preset", "traefik", "--total", "577ms"]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n").slice(0, 3)).toEqual([
      "attempts = 3 (attempts − 1): worst-case total wait 577 ms, jitter included, within the budget of 577 ms.",
      "Attempt 4 would bring it to 793 ms.",
      "Preset: backoff --preset traefik --attempts 3",
    ]);
  });

  it("a parameter the library lacks is refused with what it offers; exit 2", async () => {
    expect(await runCli(["solve", "--preset", "istio", "--attempts", "3", "--total", "1m", "--base", "1s"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "error: solve --preset istio cannot find --factor: istio has no such parameter; it offers --base (retries.backoff (Istio 1.26+; Envoy's base_interval, whole ms)), --attempts (retries.attempts (meshConfig.defaultHttpRetryPolicy for the mesh))\n",
    });
    expect((await runCli(["solve", "--preset", "istio", "--attempts", "3"])).stderr).toBe("error: solve needs --total <duration>: the total wait to aim for (or the budget to fit)\n");
  });
});
