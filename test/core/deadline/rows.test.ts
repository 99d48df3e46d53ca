import { describe, expect, it } from "vitest";
import { retryTimingAt } from "../../../src/core/deadline/at.js";
import { retryTimings, timingSteps } from "../../../src/core/deadline/rows.js";
import type { DeadlineInput } from "../../../src/core/deadline/input.js";
import { jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { policyModel } from "../../../src/core/policy-model.js";
import { tableModel } from "./waits.js";

const input = (partial: Partial<DeadlineInput> & Pick<DeadlineInput, "waits">): DeadlineInput => ({
  retries: null,
  attemptTimeMs: 0,
  deadlineMs: null,
  stop: null,
  ...partial,
});

const rows = (i: DeadlineInput, last: number, first = 1) => Array.from(retryTimings(i, { first, last }));

describe("start times and fires, worked by hand", () => {
  it("the issue's example: --base 1s --attempts 10 --attempt-time 2s --deadline 30s", () => {
    // Delays 1, 2, 4, … 512 s; retry a starts at 2a + (2^a − 1) s: 3, 7, 13, 23, 41, 75, 141, 271, 529, 1043 s.
    // Retry 4 ends at 23 + 2 = 25 s ≤ 30 s; retry 5 would start at 41 s, after the deadline.
    const i = input({ waits: policyModel(normalizePolicy({ baseMs: 1000 })), retries: 10, attemptTimeMs: 2000, deadlineMs: 30_000 });
    const r = rows(i, 10);
    expect(r.map((t) => t.startMs / 1000)).toEqual([3, 7, 13, 23, 41, 75, 141, 271, 529, 1043]);
    expect(r.map((t) => t.fires)).toEqual(["yes", "yes", "yes", "yes", "no", "no", "no", "no", "no", "no"]);
    // Without jitter the bounds and the mean are the start itself.
    expect(r.every((t) => t.startMinMs === t.startMs && t.startMaxMs === t.startMs && t.startMeanMs === t.startMs)).toBe(true);
  });

  it("fixed 5 s with 3 s tries: starts 8, 16, 24 s; a 18 s deadline cuts retry 2 short (16 + 3 > 18)", () => {
    const i = input({ waits: policyModel(normalizePolicy({ strategy: "fixed", baseMs: 5000 })), retries: 4, attemptTimeMs: 3000, deadlineMs: 18_000 });
    expect(rows(i, 4).map((t) => [t.startMs, t.fires])).toEqual([
      [8000, "yes"], // 3 + 5; ends at 11 s
      [16_000, "cut short"], // 6 + 10; would end at 19 s
      [24_000, "no"],
      [32_000, "no"],
    ]);
  });

  it("capped: base 1 s, cap 4 s, 1 s tries, deadline 20 s: a retry starting exactly at the deadline never fires", () => {
    // Delays 1, 2, 4, 4, 4, 4; totals 1, 3, 7, 11, 15, 19; starts a + total: 2, 5, 10, 15, 20, 25 s.
    const i = input({ waits: policyModel(normalizePolicy({ baseMs: 1000, capMs: 4000 })), retries: 6, attemptTimeMs: 1000, deadlineMs: 20_000 });
    expect(rows(i, 6).map((t) => [t.startMs / 1000, t.fires])).toEqual([
      [2, "yes"],
      [5, "yes"],
      [10, "yes"],
      [15, "yes"],
      [20, "no"],
      [25, "no"],
    ]);
  });

  it("a range from attempt 3 takes the waits before it into its starts", () => {
    const i = input({ waits: policyModel(normalizePolicy({ baseMs: 1000, capMs: 4000 })), retries: 6, attemptTimeMs: 1000, deadlineMs: 20_000 });
    expect(rows(i, 4, 3).map((t) => t.startMs)).toEqual([10_000, 15_000]);
  });

  it("full jitter, base 1 s, 1 s tries, deadline 5 s: the earliest start from every draw at 0, the latest from every draw at its top", () => {
    // Draws U{0..1000}, U{0..2000}, U{0..4000}. Retry 1: 1 s + [0, 1] s; retry 2: 2 s + [0, 3] s; retry 3: 3 s + [0, 7] s.
    // The means add d/2 per draw: 1.5 s, 2 + 1.5 = 3.5 s, 3 + 3.5 = 6.5 s.
    const waits = jitteredPolicyModel(normalizePolicy({ baseMs: 1000 }), { kind: "full" });
    const r = rows(input({ waits, retries: 3, attemptTimeMs: 1000, deadlineMs: 5000 }), 3);
    expect(r.map((t) => [t.startMinMs, t.startMs, t.startMaxMs, t.startMeanMs])).toEqual([
      [1000, 2000, 2000, 1500],
      [2000, 5000, 5000, 3500],
      [3000, 10_000, 10_000, 6500],
    ]);
    // Retry 1 ends by 3 s in every run; retries 2 and 3 start before 5 s only when the draws are low,
    // and some of those runs start them after 4 s, so the deadline ends their try.
    expect(r.map((t) => [t.fires, t.cutShortSome])).toEqual([
      ["yes", false],
      ["in some runs", true],
      ["in some runs", true],
    ]);
  });

  it("the Istio route: timeout 2 s, perTryTimeout 1 s, 3 attempts, Envoy's 25 ms full jitter", () => {
    // Envoy draws 0–24, 0–49, 0–99 ms. Retry 1 starts at 1000–1024 ms: it ends by 2 s only when the draw is 0.
    // Retry 2 starts after two tries, at 2000 ms at the earliest: never before the 2 s timeout.
    const waits = tableModel([
      [24, 0, 24],
      [49, 0, 49],
      [99, 0, 99],
    ]);
    const r = rows(input({ waits, retries: 3, attemptTimeMs: 1000, deadlineMs: 2000 }), 3);
    expect(r.map((t) => [t.startMinMs, t.startMaxMs, t.fires])).toEqual([
      [1000, 1024, "cut short in some runs"],
      [2000, 2073, "no"],
      [3000, 3172, "no"],
    ]);
  });

  it("without a deadline every counted retry fires, and past the count none does", () => {
    const waits = policyModel(normalizePolicy({ strategy: "fixed", baseMs: 1000 }));
    expect(rows(input({ waits, retries: 2, attemptTimeMs: 500 }), 3).map((t) => [t.startMs, t.fires])).toEqual([
      [1500, "yes"],
      [3000, "yes"],
      [4500, "no"],
    ]);
  });
});

describe("a library's elapsed-time stop, tries counted", () => {
  // Waits of 1 s, tries of 0.5 s: retry a would start at 1.5a s and its try before it ended at 1.5a − 1 s.
  const waits = tableModel([[1000, 1000, 1000]]);
  const limit = 4000;

  it("fits (cenkalti, Argo, Temporal, Kafka): made while the start is within the limit: 1.5, 3 s; 4.5 s is past 4 s", () => {
    const r = rows(input({ waits, attemptTimeMs: 500, stop: { rule: "fits", limitMs: limit, from: "first-try" } }), 4);
    expect(r.map((t) => [t.startMs, t.fires])).toEqual([
      [1500, "yes"],
      [3000, "yes"],
      [4500, "no"],
      [6000, "no"],
    ]);
  });

  it("cut (p-retry): made while the failed try ended before the limit, the wait cut to the time left", () => {
    // Tries end at 0.5, 2, 3.5 s: retry 3 is made (3.5 < 4) and waits 0.5 s, starting at 4 s; its try ends at 4.5 s ≥ 4 s.
    // Retry 4 is declined; had nothing stopped it, it would start at 4 × 0.5 + 4 × 1 = 6 s.
    const r = rows(input({ waits, attemptTimeMs: 500, stop: { rule: "cut", limitMs: limit, from: "first-try" } }), 4);
    expect(r.map((t) => [t.startMs, t.fires])).toEqual([
      [1500, "yes"],
      [3000, "yes"],
      [4000, "yes"],
      [6000, "no"],
    ]);
  });

  it("while (sidekiq retry_for): counted from the first failure, checked before the full wait", () => {
    // The clock starts at 0.5 s, so the limit falls at 4.5 s: tries end at 0.5, 2, 3.5, 5 s; retry 3 (after 3.5 s) is made, 4 is not.
    const r = rows(input({ waits, attemptTimeMs: 500, stop: { rule: "while", limitMs: limit, from: "first-failure" } }), 4);
    expect(r.map((t) => [t.startMs, t.fires])).toEqual([
      [1500, "yes"],
      [3000, "yes"],
      [4500, "yes"],
      [6000, "no"],
    ]);
  });

  it("with a deadline too: whichever comes first ends the retries", () => {
    // fits within 4 s makes retries 1 and 2; a 2.5 s deadline leaves only retry 1 (retry 2 would start at 3 s).
    const r = rows(input({ waits, attemptTimeMs: 500, deadlineMs: 2500, stop: { rule: "fits", limitMs: limit, from: "first-try" } }), 3);
    expect(r.map((t) => [t.fires, t.madeSome])).toEqual([
      ["yes", true],
      ["no", true],
      ["no", false],
    ]);
  });

  it("under jitter, the latest start of a retry some runs decline is the limit itself", () => {
    // Waits U{1000..2000}, no try time, fits within 5 s: the all-low run starts retries at 1, 2, 3, 4, 5 s and declines 6;
    // the all-high run at 2, 4 s and declines 3. A run can reach 3 s by retry 2 and draw up to 2 s: retry 3 starts by 5 s at the latest.
    const jittered = tableModel([[1500, 1000, 2000]]);
    const r = rows(input({ waits: jittered, stop: { rule: "fits", limitMs: 5000, from: "first-try" } }), 6);
    expect(r.map((t) => [t.startMinMs, t.startMaxMs, t.fires])).toEqual([
      [1000, 2000, "yes"],
      [2000, 4000, "yes"],
      [3000, 5000, "in some runs"],
      [4000, 5000, "in some runs"],
      [5000, 5000, "in some runs"],
      [6000, 12_000, "no"],
    ]);
    // The mean stands only where every run makes the retry as drawn.
    expect(r.map((t) => t.startMeanMs)).toEqual([1500, 3000, null, null, null, null]);
  });
});

describe("timingSteps: waits read from the model or handed in give the same timings", () => {
  it("nextWith the model's own waits is next", () => {
    const model = jitteredPolicyModel(normalizePolicy({ baseMs: 100, capMs: 1000 }), { kind: "full" });
    const deadline = input({ waits: model, attemptTimeMs: 50, deadlineMs: 2000 });
    const range = { first: 3, last: 12 };
    const read = timingSteps(deadline, range);
    const handed = timingSteps(deadline, range);
    for (let attempt = 3; attempt <= 12; attempt++) {
      const { minMs, maxMs } = model.bounds(attempt);
      expect(handed.nextWith(model.delay(attempt).delayMs, minMs, maxMs, model.meanMs(attempt))).toEqual(read.next());
    }
  });
});

describe("timingSteps without jitter or a stop: the same timings as retryTiming, retry by retry", () => {
  it("matches retryTimingAt (worked out on its own, with its mean) over saturation, counts and deadlines", () => {
    const models = [policyModel(normalizePolicy({ baseMs: 100, capMs: 10_000 })), policyModel(normalizePolicy({ baseMs: 1000 }))];
    for (const waits of models) {
      for (const partial of [{}, { retries: 5 }, { attemptTimeMs: 1000, deadlineMs: 30_000 }, { attemptTimeMs: 7, deadlineMs: 5000, retries: 9 }]) {
        const deadline = input({ waits, ...partial });
        for (const range of [{ first: 1, last: 60 }, { first: 40, last: 70 }]) {
          const read = timingSteps(deadline, range);
          const handed = timingSteps(deadline, range);
          for (let attempt = range.first; attempt <= range.last; attempt++) {
            const expected = retryTimingAt(deadline, attempt, true);
            expect(read.next()).toEqual(expected);
            const delayMs = waits.delay(attempt).delayMs;
            expect(handed.nextWith(delayMs, delayMs, delayMs, delayMs)).toEqual(expected);
          }
        }
      }
    }
  });
});
