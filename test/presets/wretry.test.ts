/**
 * The wretry preset against Wandalen/wretry.action v3.8.0 read by hand: src/Retry.js at
 * v3.8.0_js_action (attempt_limit || 2, attempt_delay || 0) and wConsequence's _.retry
 * (Namespace.s: attemptDelay × attemptDelayMultiplier from the second retry on, default 1).
 */
import { describe, expect, it } from "vitest";
import { delays, model } from "../support/presets.js";

describe("wretry (src/Retry.js, wConsequence _.retry)", () => {
  it("retries once at once by default (attempt_limit 2, attempt_delay 0 ms)", () => {
    expect(delays("wretry", {}, [1, 2])).toEqual([0, 0]);
    const built = model("wretry");
    expect([built.retries, built.jittered, built.parameters, built.notes]).toEqual([1, false, { attempt_limit: 2, attempt_delay: 0 }, ["wretry: attempt_delay 0 (the default): every retry is made at once."]]);
  });

  it("attempt_delay 1500 ms is the wait before every retry (the multiplier stays 1)", () => {
    expect(delays("wretry", { baseMs: 1500, retries: 4 }, [1, 2, 3, 4])).toEqual([1500, 1500, 1500, 1500]);
    expect(model("wretry", { baseMs: 1500, retries: 4 }).notes).toEqual([]);
  });

  it("refuses a fraction of a millisecond and a wait beyond setTimeout's", () => {
    expect(() => model("wretry", { baseMs: 0.5 })).toThrow(/^attempt_delay is a whole number of milliseconds from 0 to 2,147,483,647, got 0\.5 ms$/);
    expect(() => model("wretry", { baseMs: 2 ** 31 })).toThrow(/^attempt_delay is a whole number/);
  });
});
