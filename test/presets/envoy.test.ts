/**
 * The envoy preset (issue 12) against values computed by hand from the lines of the library's
 * source quoted in the block: un-jittered values, exact bounds at the first attempt and past
 * the cap, the default retry count, the stopping rule, refusals in the library's own terms,
 * and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { runCli } from "../support/cli.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays, bounds } from "../support/presets.js";

/** Full jitter (random() % I) never waits I itself: the interval is the top of the range plus 1; delay_ms shows the mean wait. */
const intervals = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => bounds(name, overrides, a).maxMs + 1);

describe("envoy (source/common/common/backoff_strategy.cc, router/retry_state_impl.cc)", () => {
  // backoff = next_interval_; next_interval_ = (next_interval_ < max/2) ? next_interval_ * 2 : max; return random() % backoff
  it("intervals 25, 50, 100, 200, then max_interval = 10 × 25 = 250 (200 ≥ 125 jumps to the max)", () => {
    // Full jitter never waits the interval itself (the waits stop at I − 1), but delay_ms is the interval, the
    // jitter-free value the formula gives (issue 39, item 3); the mean (I − 1) / 2 stands beside it.
    expect(intervals("envoy", {}, [1, 2, 3, 4, 5, 9])).toEqual([25, 50, 100, 200, 250, 250]);
    expect(delays("envoy", {}, [1, 2, 3, 4, 5, 9])).toEqual([25, 50, 100, 200, 250, 250]);
    expect(model("envoy").capReachedAt()).toBe(5);
    expect(model("envoy").capMs).toBe(250);
  });

  it("waits are random() % interval: 0–24 at attempt 1, 0–249 past the cap, never the interval itself", () => {
    expect(bounds("envoy", {}, 1)).toEqual({ minMs: 0, maxMs: 24 });
    // the router docs' [0, (2^N − 1)·B) would give 0–74 here
    expect(bounds("envoy", {}, 2)).toEqual({ minMs: 0, maxMs: 49 });
    expect(bounds("envoy", {}, 9)).toEqual({ minMs: 0, maxMs: 249 });
    // uniform integers 0..24: mean 12; 0..249: 124.5
    expect(model("envoy").meanMs(1)).toBe(12);
    expect(model("envoy").meanMs(9)).toBe(124.5);
  });

  it("an odd max_interval is reached from half of it: base 25, max 101 gives 25, 50, 101", () => {
    // doubling_limit_ = 101 / 2 = 50; 50 < 50 is false, so the next interval is 101, not 100
    const m = model("envoy", { capMs: 101 });
    expect(intervals("envoy", { capMs: 101 }, [1, 2, 3, 4])).toEqual([25, 50, 101, 101]);
    // delay_ms is the interval itself: 25, 50, 101, 101; the means (I − 1) / 2: 12, 24.5, 50, 50
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual([25, 50, 101, 101]);
    expect([1, 2, 3, 4].map((a) => m.meanMs(a))).toEqual([12, 24.5, 50, 50]);
    expect(m.bounds(3)).toEqual({ minMs: 0, maxMs: 100 });
  });

  it("max_interval defaults to 10 × base_interval: base 40 gives 40, 80, 160, 320, 400", () => {
    expect(intervals("envoy", { baseMs: 40 }, [1, 2, 3, 4, 5])).toEqual([40, 80, 160, 320, 400]);
  });

  it("num_retries defaults to 1 (PROTOBUF_GET_WRAPPED_OR_DEFAULT(retry_policy, num_retries, 1))", () => {
    expect(model("envoy").retries).toBe(1);
    expect(model("envoy", { retries: 5 }).retries).toBe(5);
  });

  it("refuses in Envoy's terms", () => {
    expect(() => model("envoy", { baseMs: 100, capMs: 50 })).toThrow(/^retry_back_off.max_interval must be at least base_interval \(100 ms\), got 50 ms$/);
    expect(() => model("envoy", { baseMs: 2.5 })).toThrow(/^retry_back_off.base_interval is taken in whole milliseconds/);
    expect(() => model("envoy", { retries: 2 ** 32 })).toThrow(/^num_retries is a uint32/);
    expect(Object.keys(findPreset("envoy")!.parameters)).toEqual(["baseMs", "capMs", "retries"]);
  });

  it("samples inside the bounds", () => {
    assertSamplesInBounds(model("envoy", { capMs: 101, retries: 8 }), 8);
  });

  it("says delay_ms is the interval, and names the summary's figures as jitter-free (issue 23: it called the mean the interval; issue 39: one meaning of delay)", async () => {
    // Intervals 25, 50, 100, 200, 250 ms: 625 ms in all, which no run waits (each wait is at most I − 1: 620 ms at most).
    const { stdout } = await runCli(["--preset", "envoy", "--attempts", "5"], { env: { NO_COLOR: "1" } });
    expect(stdout).toContain(
      "envoy: delay_ms is the interval (25 ms first), the formula before the draw; every wait is random() % interval, a whole number of ms from 0 to interval − 1 (the range and mean beside it), and the interval is what doubles up to max_interval.",
    );
    expect(stdout).toContain("Total of the jitter-free delays after attempt 5: 625 ms;");
    expect(stdout).toContain("Cap: 250 ms, first reached at attempt 5.");
    expect(stdout).toContain("With jitter the total after attempt 5 lies between 0 ms and 620 ms.");
    expect(stdout).toMatch(/^At attempt 5 the jitter-free delay is [\d.]+× the linear one/m);
    expect(stdout).not.toContain("back-off interval");
    expect(model("istio").notes[0]).toMatch(/^istio: delay_ms is the interval \(25 ms first\), the formula before the draw/);
  });
});
