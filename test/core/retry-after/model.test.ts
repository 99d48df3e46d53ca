import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../../src/core/jitter/jittered-policy-model.js";
import type { RandomSource } from "../../../src/core/model.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { type RetryAfterRule, ignoredView, retryAfterModel } from "../../../src/core/retry-after/model.js";
import { replacedChange } from "../../../src/core/retry-after/change.js";
import { modelTotals } from "../../../src/core/schedule.js";

/** A client that waits exactly the header (go-retryablehttp's DefaultBackoff), whatever it drew. */
const replaces: RetryAfterRule = (_attempt, headerMs) => ({
  delay: { rawMs: headerMs, delayMs: headerMs, clamped: false },
  bounds: { minMs: headerMs, maxMs: headerMs },
  meanMs: headerMs,
  fromDraw: () => headerMs,
  change: replacedChange({ minMs: 0, maxMs: 0 }, headerMs),
});

/** Draws the top of every range. */
const HIGH: RandomSource = { integer: (_min, max) => max, fraction: () => 1 - 2 ** -53 };

describe("a schedule with the header's waits in place", () => {
  // Full jitter on 1, 2, 4, 8, 16 s, capped at 10 s from attempt 5.
  const policy = normalizePolicy({ baseMs: 1000, capMs: 10_000 });
  const own = jitteredPolicyModel(policy, { kind: "full" });

  it("before retries 2..3 only: those wait the header, the others their own draw", () => {
    const { model, view } = retryAfterModel(own, { ms: 7000, attempts: { first: 2, last: 3 } }, replaces, "replaces");
    expect([1, 2, 3, 4].map((a) => model.bounds(a))).toEqual([
      { minMs: 0, maxMs: 1000 },
      { minMs: 7000, maxMs: 7000 },
      { minMs: 7000, maxMs: 7000 },
      { minMs: 0, maxMs: 8000 },
    ]);
    expect([1, 2, 3, 4].map((a) => model.meanMs(a))).toEqual([500, 7000, 7000, 4000]);
    // Best case 0 + 7 + 7 + 0, worst 1 + 7 + 7 + 8 s.
    expect(modelTotals(model, 4)).toMatchObject({ minMs: 14_000, maxMs: 23_000 });
    expect([1, 2, 3, 4].map((a) => view.change(a))).toEqual([null, "yes", "yes", null]);
    expect(view.givesUpAt).toBeNull();
    // The cap makes the client steady from 5; the header keeps nothing steady before 4.
    expect(model.steadyFrom()).toBe(5);
  });

  it("the sampler still draws the client's own wait at every attempt, so the draws after the header stay where they were", () => {
    const { model } = retryAfterModel(own, { ms: 7000, attempts: { first: 1, last: 1 } }, replaces, "replaces");
    const withHeader = model.sampler(HIGH);
    const without = own.sampler(HIGH);
    expect([1, 2, 3].map((a) => withHeader(a))).toEqual([7000, 2000, 4000]);
    expect([1, 2, 3].map((a) => without(a))).toEqual([1000, 2000, 4000]);
  });

  it("a client that gives up on the header: it makes no retry from the first one carrying it", () => {
    const { view } = retryAfterModel(own, { ms: 7000, attempts: { first: 3, last: 5 } }, () => "gives up", "gives up");
    expect(view.givesUpAt).toBe(3);
    expect([2, 3, 6].map((a) => view.change(a))).toEqual([null, "gives up", null]);
  });

  it("a client that ignores it: the same schedule, every carrying retry marked", () => {
    const view = ignoredView({ ms: 1000, attempts: null }, "polly ignores it");
    expect([1, 9].map((a) => view.change(a))).toEqual(["ignored", "ignored"]);
    expect(view.givesUpAt).toBeNull();
  });
});
