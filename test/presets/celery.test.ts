/**
 * The celery preset against values computed by hand from the library's own formula (the source
 * file is named in the describe title): its exact bounds at the first attempt and one past its
 * cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("celery (celery/utils/time.py get_exponential_backoff_interval)", () => {
  it("min(600, 1 × 2^(a−1)) s; randrange(countdown + 1)", () => {
    expect(delays("celery", {}, [1, 2, 3, 10, 11])).toEqual([1000, 2000, 4000, 512_000, 600_000]);
    const m = model("celery");
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 1000 });
    expect(m.capReachedAt()).toBe(11);
    expect(m.bounds(12)).toEqual({ minMs: 0, maxMs: 600_000 });
    // 5.3.1+ autoretry.py: retry_backoff = float(…); factor = int(max(1.0, retry_backoff)): 0.5 and 1.5 wait like 1, 2.5 like 2.
    expect(delays("celery", { baseMs: 500 }, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    expect(delays("celery", { baseMs: 1500 }, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    expect(delays("celery", { baseMs: 2500 }, [1, 2, 3])).toEqual([2000, 4000, 8000]);
    // retry_backoff_max = int(…): 10.5 s is 10 s.
    expect(model("celery", { capMs: 10_500 }).capMs).toBe(10_000);
    assertSamplesInBounds(m, 15);
  });
});

// Issue 41, item 2: `backoff presets celery` shows the library's default conditions.
// celery 5.6.3 celery/app/autoretry.py: autoretry_for defaults to (), so only the task's own self.retry() retries it: decided by code.
describe("celery's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets celery, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "celery"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on decided by code (the task's self.retry(), or the exceptions given to autoretry_for, none by default) (Celery's default: autoretry_for ())");
    const json = await runCli(["presets", "celery", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "Celery's default", default: true, words: ["autoretry_for ()"], conditions: ["decided by code (the task's self.retry(), or the exceptions given to autoretry_for, none by default)"], overload: [], everything: false });
  });
});
