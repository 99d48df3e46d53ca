/**
 * The lambda-async preset against the AWS Lambda Developer Guide's words
 * (invocation-async-error-handling.html: "by default Lambda attempts to run it two more
 * times, with a one-minute wait between the first two attempts, and two minutes between
 * the second and third attempts") and AWS::Lambda::EventInvokeConfig's limits.
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import { stopRuleOf, stopRuleText } from "../../src/presets/stop-rule.js";
import { delays, model } from "../support/presets.js";

describe("lambda-async (AWS Lambda asynchronous invocation, function errors)", () => {
  it("waits 1 min, then 2 min: 2 retries by default", () => {
    expect(delays("lambda-async", {}, [1, 2])).toEqual([60_000, 120_000]);
    const built = model("lambda-async");
    expect([built.retries, built.stop, built.jittered, built.parameters]).toEqual([2, null, false, { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 21_600 }]);
  });

  it("MaximumEventAgeInSeconds stops it: at 150 s the second retry (due at 180 s) is not made; at 180 s it is", () => {
    const preset = findPreset("lambda-async")!;
    const short = model("lambda-async", { maxElapsedMs: 150_000 });
    expect([short.stop?.lastAttempt, short.stop?.limit]).toEqual([1, "MaximumEventAgeInSeconds 150"]);
    expect(stopRuleText(preset, stopRuleOf(preset, short))).toBe("lambda-async stops by MaximumEventAgeInSeconds 150 after 1 retry");
    expect(model("lambda-async", { maxElapsedMs: 180_000 }).stop).toBeNull();
  });

  it("refuses what EventInvokeConfig refuses: a third retry, an age outside 60 s to 6 h", () => {
    expect(() => model("lambda-async", { retries: 3 })).toThrow(/^MaximumRetryAttempts is 0, 1 or 2, got 3$/);
    expect(() => model("lambda-async", { maxElapsedMs: 59_000 })).toThrow(/^MaximumEventAgeInSeconds is a whole number of seconds from 60 to 21,600, got 59,000 ms$/);
    expect(() => model("lambda-async", { maxElapsedMs: 90_500 })).toThrow(/^MaximumEventAgeInSeconds is a whole number/);
  });
});
