/**
 * The temporal preset (issue 12) against values computed by hand from the lines of the
 * library's source quoted in the block: un-jittered values, exact bounds at the first attempt
 * and past the cap, the default retry count, the stopping rule, refusals in the library's own
 * terms, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { model, delays } from "../support/presets.js";

describe("temporal (common/backoff/retry.go, common/retrypolicy/retry_policy.go, service/history/workflow/retry.go)", () => {
  // int64(float64(initialInterval ns) * math.Pow(coefficient, attempt-1)), capped by maximumInterval (default 100 × initial)
  it("1, 2, 4 … 64 s, then maximumInterval 100 s from attempt 8 (128 s capped)", () => {
    expect(delays("temporal", {}, [1, 2, 3, 7, 8, 20])).toEqual([1000, 2000, 4000, 64000, 100000, 100000]);
    const m = model("temporal");
    expect(m.capReachedAt()).toBe(8);
    expect(m.delay(8)).toEqual({ rawMs: 128000, delayMs: 100000, clamped: true });
    expect(m.jittered).toBe(false);
    expect(m.bounds(8)).toEqual({ minMs: 100000, maxMs: 100000 });
  });

  it("backoffCoefficient 1.5: 1000, 1500, 2250, 3375, 5062.5 → 5063, 7593.75 → 7594 (whole ns, shown half up)", () => {
    expect(delays("temporal", { factor: 1.5 }, [1, 2, 3, 4, 5, 6])).toEqual([1000, 1500, 2250, 3375, 5063, 7594]);
  });

  it("maximumAttempts 0 (the default) is unlimited; --attempts N is maximumAttempts N + 1", () => {
    expect(model("temporal").retries).toBeNull();
    expect(model("temporal", { retries: 4 }).parameters["maximumAttempts"]).toBe(5);
  });

  it("an expiration ends retrying when now + interval is after it: 60 s stops after attempt 5, 63 s after 6", () => {
    // totals 1, 3, 7, 15, 31, 63, 127 s: the 6th retry would start at 63 s
    expect(model("temporal", { maxElapsedMs: 60_000 }).stop?.lastAttempt).toBe(5);
    // equal is not after: 63 s still allows it
    expect(model("temporal", { maxElapsedMs: 63_000 }).stop?.lastAttempt).toBe(6);
    // past the cap the walk divides: 127 s + n × 100 s ≤ 3600 s → n = 34, attempt 41
    expect(model("temporal", { maxElapsedMs: 3_600_000 }).stop?.lastAttempt).toBe(41);
    // a count that ends first is no time stop
    expect(model("temporal", { maxElapsedMs: 60_000, retries: 3 }).stop).toBeNull();
  });

  it("refuses what the server's Validate refuses", () => {
    expect(() => model("temporal", { capMs: 500 })).toThrow(/^maximumInterval cannot be less than initialInterval \(1,000 ms\), got 500 ms$/);
    expect(() => model("temporal", { maxElapsedMs: 500 })).toThrow(/past the expiration \(500 ms\): Temporal makes no retry$/);
    expect(() => model("temporal", { retries: 2 ** 31 - 1 })).toThrow(/^maximumAttempts is an int32/);
  });
});

// Issue 41, item 2: `backoff presets temporal` shows the library's default conditions.
// Temporal server service/history/workflow/retry.go isRetryable (v1.31.2): every failure but terminated, canceled, non-start-to-close/heartbeat timeouts and non-retryable ones (NonRetryableErrorTypes empty by default).
describe("temporal's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets temporal, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "temporal"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on every error but non-retryable application errors, cancellations, terminations and schedule-to-start or schedule-to-close timeouts (RetryPolicy's default: NonRetryableErrorTypes [])");
    const json = await runCli(["presets", "temporal", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "RetryPolicy's default", default: true, words: ["NonRetryableErrorTypes []"], conditions: ["every error but non-retryable application errors, cancellations, terminations and schedule-to-start or schedule-to-close timeouts"], overload: [], everything: true });
  });
});
