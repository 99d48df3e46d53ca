/**
 * The echomq preset against values computed by hand from the library's own formula (the source
 * file is named in the describe title): its exact bounds at the first attempt and one past its
 * cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("echomq (echo/apps/echomq/lib/echomq/backoff.ex, echo/apps/echo_mq/lib/echo_mq/backoff.ex)", () => {
  it("calculate/4: trunc(2^(a−1) × delay), jitter 0.2 → [trunc(0.8d), trunc(0.8d) + trunc(0.4d)]", () => {
    expect(delays("echomq", {}, [1, 2, 3, 10])).toEqual([1000, 2000, 4000, 512_000]);
    // a=1: lo = trunc(1000 × 0.8) = 800, span = trunc(1000 × 0.2 × 2) = 400 → [800, 1200]
    expect(model("echomq").bounds(1)).toEqual({ minMs: 800, maxMs: 1200 });
    // a=2: [1600, 2400]
    expect(model("echomq").bounds(2)).toEqual({ minMs: 1600, maxMs: 2400 });
    expect(model("echomq").meanMs(1)).toBe(1000);
  });

  it("delay_ms/2 with a cap: min(base × 2^(a−1), cap), full jitter [0, capped]", () => {
    const m = model("echomq", { capMs: 5000, jitter: "full" });
    // 1000, 2000, 4000, min(8000, 5000)
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual([1000, 2000, 4000, 5000]);
    expect(m.capReachedAt()).toBe(4);
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 1000 });
    expect(m.bounds(5)).toEqual({ minMs: 0, maxMs: 5000 });
    assertSamplesInBounds(m, 12);
  });

  it("says in a quirk what the public worker's Job.calculate_backoff/1 does instead (issue 23)", () => {
    // jonny-novikov/fiberfx at 9891a8816dc4, echo/apps/echomq/lib/echomq/job.ex calculate_exponential_backoff(delay, attempts, jitter):
    //   base_delay = trunc(:math.pow(2, attempts - 1) * delay); min_delay = trunc(base_delay * (1 - jitter));
    //   jitter_range = trunc(base_delay * jitter); min_delay + :rand.uniform(jitter_range + 1) - 1
    // worker.ex handle_job_failure: Job.calculate_backoff(job) before the Lua script increments attempts_made, then
    //   effective_delay = max(backoff_delay, 1). So attempts_made = 0, 1, 2 at the first three failures:
    // b = trunc(2^(n−1) × 1000) = 500, 1000, 2000; lo = trunc(0.8b) = 400, 800, 1600; + uniform 0..trunc(0.2b) = 100, 200, 400.
    const quirk = findPreset("echomq")!.quirks.find((line) => line.includes("calculate_backoff/1"));
    expect(quirk).toContain("counts attempts_made from 0 at the first failure, trunc(2^(attempts_made − 1) × delay), so its first wait is half the delay");
    expect(quirk).toContain("its jitter only lowers a wait");
    expect(quirk).toContain("For the documented config: 400–500, 800–1000, 1600–2000 ms.");
    expect(quirk).toContain("a wait of 0 becomes 1 ms");
    expect(quirk).toContain("jonny-novikov/fiberfx at 9891a88");
  });

  it("refuses what neither function has", () => {
    expect(() => model("echomq", { capMs: 5000, jitter: "0.2" })).toThrow(/full or none/);
    expect(() => model("echomq", { baseMs: 1.5 })).toThrow(/whole number/);
  });
});

// Issue 41, item 2: `backoff presets echomq` shows the library's default conditions.
// jonny-novikov/fiberfx at 9891a88, echo/apps/echomq/lib/echomq/worker.ex: {:error, reason}, a raise, an exit, a throw or a crash all reach handle_job_failure, retried while Job.should_retry?/1 (attempts only).
describe("echomq's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets echomq, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "echomq"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on every error (EchoMQ's worker: {:error, reason}, a raise, an exit or a throw)");
    const json = await runCli(["presets", "echomq", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "EchoMQ's worker", default: true, words: ["{:error, reason}", "a raise, an exit or a throw"], conditions: ["every error"], overload: [], everything: true });
  });
});
