/**
 * The bullmq preset against values computed by hand from the library's own formula (the source
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

describe("bullmq (src/classes/backoffs.ts)", () => {
  it("round(2^(a−1) × delay)", () => {
    expect(delays("bullmq", {}, [1, 2, 3, 10])).toEqual([1000, 2000, 4000, 512_000]);
    // 2^2 × 333 = 1332; 2^1 × 0.7 = 1.4 → 1
    expect(delays("bullmq", { baseMs: 333 }, [3])).toEqual([1332]);
    expect(delays("bullmq", { baseMs: 0.7 }, [2])).toEqual([1]);
  });

  it("jitter 0.5 goes down only: [floor(D/2), D − 1]", () => {
    const m = model("bullmq", { jitter: "0.5" });
    // floor(R52 × 1000 × 0.5 + 500) = floor(999.99…) = 999
    expect(m.bounds(1)).toEqual({ minMs: 500, maxMs: 999 });
    // No cap exists; attempt 10: D = 512000 → [256000, 511999]
    expect(m.bounds(10)).toEqual({ minMs: 256_000, maxMs: 511_999 });
    expect(m.capMs).toBeNull();
    // E[floor(U)] for U uniform on [500, 1000) = 749.5
    expect(m.meanMs(1)).toBeCloseTo(749.5, 9);
    assertSamplesInBounds(m, 30);
  });

  it("refuses a cap or a factor, naming what BullMQ offers", () => {
    expect(Object.keys(findPreset("bullmq")!.parameters).sort()).toEqual(["baseMs", "jitter", "retries", "strategy"]);
    expect(() => model("bullmq", { jitter: "1.5" })).toThrow(/BullMQ's backoff.jitter/);
  });
});

// Issue 41, item 2: `backoff presets bullmq` shows the library's default conditions.
// bullmq src/classes/job.ts shouldRetryJob (read at v6.2.0, lines 696-699): attemptsMade + 1 < attempts && !(err instanceof UnrecoverableError || err.name == 'UnrecoverableError').
describe("bullmq's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets bullmq, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "bullmq"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on every error but UnrecoverableError (BullMQ's default: every thrown error)");
    const json = await runCli(["presets", "bullmq", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "BullMQ's default: every thrown error", default: true, words: [], conditions: ["every error but UnrecoverableError"], overload: [], everything: true });
  });
});
