/**
 * The node-retry preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds, sampleMany } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("node-retry (lib/retry.js)", () => {
  it("min(round(max(minTimeout, 1) × factor^(a−1)), maxTimeout)", () => {
    expect(delays("node-retry", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    // 350 × 1.5^2 = 787.5 → Math.round → 788
    expect(delays("node-retry", { baseMs: 350, factor: 1.5 }, [3])).toEqual([788]);
    // 350 × 1.7^2 is 1011.5 on paper, but the library's doubles give 1011.4999… (1.7^2 = 2.8899999999999997): 1011
    expect(delays("node-retry", { baseMs: 350, factor: 1.7 }, [3])).toEqual([1011]);
    // minTimeout 0.2 is raised to 1: 1, 2, 4
    expect(delays("node-retry", { baseMs: 0.2 }, [1, 2, 3])).toEqual([1, 2, 4]);
  });

  it("randomize: [d, 2d] both ends; cap after, so exactly the cap past it", () => {
    const m = model("node-retry", { jitter: "on", capMs: 5000 });
    // round((1 + R52) × 1000) = round(1999.99…) = 2000
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 2000 });
    expect(m.capReachedAt()).toBe(4); // 8000 > 5000; 4000 below
    expect(m.bounds(5)).toEqual({ minMs: 5000, maxMs: 5000 });
    // a=3: d = 4000, [4000, 5000] (2d capped)
    expect(m.bounds(3)).toEqual({ minMs: 4000, maxMs: 5000 });
    assertSamplesInBounds(m, 10);
  });

  it("sorts its draws with a factor below 2 (seeded draws come out ascending)", () => {
    const m = model("node-retry", { jitter: "on", factor: 1.2, retries: 10 });
    for (const run of sampleMany(m, 10, 200)) expect([...run].sort((x, y) => x - y)).toEqual(run);
  });

  it("throws like the library when minTimeout > maxTimeout", () => {
    expect(() => model("node-retry", { baseMs: 2000, capMs: 1000 })).toThrow(/minTimeout is greater than maxTimeout/);
  });
});

// Issue 41, item 2: `backoff presets node-retry` shows the library's default conditions.
// retry 0.13.1 lib/retry_operation.js: operation.retry(err) retries whatever truthy err the caller hands it: decided by code.
describe("node-retry's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets node-retry, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "node-retry"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on decided by code (every error the caller passes to operation.retry(err)) (retry's RetryOperation: operation.retry(err))");
    const json = await runCli(["presets", "node-retry", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "retry's RetryOperation", default: true, words: ["operation.retry(err)"], conditions: ["decided by code (every error the caller passes to operation.retry(err))"], overload: [], everything: false });
  });
});
