/**
 * The nick-fields-retry preset against nick-fields/retry v4.0.0 (ad984534) read by hand:
 * src/inputs.ts getInputs (max_attempts || 3, retry_wait_seconds || 10), src/index.ts
 * runAction's loop (attempt 1 … max_attempts, retryWait(retry_wait_seconds) after each
 * failed try).
 */
import { describe, expect, it } from "vitest";
import { stopRuleOf, stopRuleText } from "../../src/presets/stop-rule.js";
import { findPreset } from "../../src/presets/registry.js";
import { delays, model } from "../support/presets.js";

describe("nick-fields-retry (src/index.ts runAction, src/inputs.ts getInputs)", () => {
  it("waits retry_wait_seconds (10 s by default) before every retry; max_attempts 3 is 2 retries", () => {
    expect(delays("nick-fields-retry", {}, [1, 2, 3, 50])).toEqual([10_000, 10_000, 10_000, 10_000]);
    const built = model("nick-fields-retry");
    expect([built.retries, built.jittered, built.capMs, built.parameters]).toEqual([2, false, null, { max_attempts: 3, retry_wait_seconds: 10 }]);
    expect(stopRuleText(findPreset("nick-fields-retry")!, stopRuleOf(findPreset("nick-fields-retry")!, built))).toBe("nick-fields-retry stops after 2 retries (max_attempts 3)");
  });

  it("max_attempts 5, retry_wait_seconds 30: 4 retries of 30 s", () => {
    expect(delays("nick-fields-retry", { baseMs: 30_000, retries: 4 }, [1, 4])).toEqual([30_000, 30_000]);
    expect(model("nick-fields-retry", { baseMs: 30_000, retries: 4 }).parameters).toEqual({ max_attempts: 5, retry_wait_seconds: 30 });
  });

  it("refuses a wait that is no whole number of seconds (parseInt reads seconds)", () => {
    expect(() => model("nick-fields-retry", { baseMs: 1500 })).toThrow(/^retry_wait_seconds is a whole number of seconds from 1 to 2,147,483 \(0 means 10\), got 1,500 ms$/);
  });
});
