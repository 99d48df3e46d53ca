import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CheckSubject, type Limits, MANY_CLIENTS, checkExitCode, checkPolicy, totalAt } from "../../src/core/check.js";
import type { ScheduleModel } from "../../src/core/model.js";
import { policyModel } from "../../src/core/policy-model.js";
import { type PolicyInput, normalizePolicy } from "../../src/core/policy.js";
import { DAY_MS } from "../../src/core/time-units.js";

/**
 * A hand-written jittered model, independent of the calculator's code: the un-jittered
 * delay is min(1000 × 2^(a−1), 8000) (1 s, 2 s, 4 s, 8 s, 8 s, …; the cap from attempt 4),
 * and a delay may land anywhere from half of it to `spread` times it. Its sampler throws:
 * a check must never draw samples.
 */
function jitteredModel(spread: number, mayExceedCap = spread > 1): ScheduleModel {
  const raw = (a: number) => 1000 * 2 ** (a - 1);
  const delay = (a: number) => Math.min(raw(a), 8000);
  return {
    delay: (a) => ({ rawMs: raw(a), delayMs: delay(a), clamped: raw(a) > 8000 }),
    jittered: true,
    bounds: (a) => ({ minMs: delay(a) / 2, maxMs: delay(a) * spread }),
    meanMs: (a) => (delay(a) / 2 + delay(a) * spread) / 2,
    sampler: () => {
      throw new Error("a check drew a sample");
    },
    capMs: 8000,
    capReachedAt: () => 4,
    steadyFrom: () => 4,
    mayExceedCap,
  };
}

function policy(input: PolicyInput): ScheduleModel {
  return policyModel(normalizePolicy(input));
}

function subject(model: ScheduleModel, attempts: number, extra: Partial<CheckSubject> = {}): CheckSubject {
  return { model, attempts, attemptTimeMs: 0, clients: null, growth: null, ...extra };
}

function only(s: CheckSubject, limits: Limits) {
  return checkPolicy(s, limits).assertions;
}

describe("totals with attempt time", () => {
  it("total(k) = delays 1..k + (k + 1) × attempt time", () => {
    // fixed 1 s, attempt time 2 s: total(1) = 1 + 2×2 = 5 s, total(2) = 2 + 3×2 = 8 s, total(3) = 3 + 4×2 = 11 s.
    const s = subject(policy({ strategy: "fixed", baseMs: 1000 }), 3, { attemptTimeMs: 2000 });
    expect([1, 2, 3].map((k) => totalAt(s, k, "max"))).toEqual([5000, 8000, 11000]);
    // max-total 10 s is first broken when the 4th try ends, after attempt 3.
    expect(only(s, { "max-total": 10_000 })).toEqual([{ limit: "max-total", limitValue: 10_000, actual: 11_000, ok: false, attempt: 3 }]);
    expect(only(s, { "max-total": 11_000 })[0]!.ok).toBe(true);
  });

  it("the best case is a true lower bound, tries that fail at once; the case of tries that take their time beside it (issue 36, item 3)", () => {
    // The figures: fixed 3 s, 3 retries, tries of 3 s. Worst: 9 s of waits + 4 tries × 3 s = 21 s. A run whose
    // tries fail at once ends after the 9 s of waits: the best case; 21 s when each try takes its 3 s.
    const s = subject(policy({ strategy: "fixed", baseMs: 3000 }), 3, { attemptTimeMs: 3000 });
    const r = checkPolicy(s, { "min-total": 10_000 });
    expect([r.worstTotalMs, r.bestTotalMs, r.bestWithTriesMs, r.bestWithTriesCut]).toEqual([21_000, 9_000, 21_000, undefined]);
    expect(r.assertions).toEqual([{ limit: "min-total", limitValue: 10_000, actual: 9_000, ok: false, attempt: 3, withTriesMs: 21_000 }]);
    // A deadline of 15 s: the worst case and the case of full tries end at 15 s; the 9 s of waits come first.
    const cut = checkPolicy({ ...s, deadlineMs: 15_000 }, {});
    expect([cut.worstTotalMs, cut.bestTotalMs, cut.bestWithTriesMs, cut.bestWithTriesCut, cut.scheduleTotals]).toEqual([15_000, 9_000, 15_000, true, { bestMs: 9_000, worstMs: 21_000 }]);
    // No try time: no second case.
    expect(checkPolicy({ ...s, attemptTimeMs: 0 }, {}).bestWithTriesMs).toBeUndefined();
  });
});

describe("assertions on the un-jittered policy", () => {
  // exponential, base 1 s, factor 2, cap 30 s, 8 attempts: 1, 2, 4, 8, 16, 30, 30, 30 s;
  // cumulative 1, 3, 7, 15, 31, 61, 91, 121 s.
  const s = subject(policy({ baseMs: 1000, factor: 2, capMs: 30_000 }), 8);

  it("max-total: worst case 121 s; over 60 s first at attempt 6 (61 s)", () => {
    expect(only(s, { "max-total": 121_000 })).toEqual([{ limit: "max-total", limitValue: 121_000, actual: 121_000, ok: true, attempt: 8 }]);
    expect(only(s, { "max-total": 60_000 })).toEqual([{ limit: "max-total", limitValue: 60_000, actual: 121_000, ok: false, attempt: 6 }]);
  });

  it("min-total: best case 121 s against 2 min and 2 min 2 s", () => {
    expect(only(s, { "min-total": 120_000 })[0]).toMatchObject({ ok: true, actual: 121_000 });
    expect(only(s, { "min-total": 122_000 })[0]).toEqual({ limit: "min-total", limitValue: 122_000, actual: 121_000, ok: false, attempt: 8 });
  });

  it("max-delay: 30 s at attempt 6; above 10 s first at attempt 5 (16 s)", () => {
    expect(only(s, { "max-delay": 30_000 })[0]).toEqual({ limit: "max-delay", limitValue: 30_000, actual: 30_000, ok: true, attempt: 6 });
    expect(only(s, { "max-delay": 10_000 })[0]).toEqual({ limit: "max-delay", limitValue: 10_000, actual: 30_000, ok: false, attempt: 5 });
  });

  it("min-first and max-first compare the first delay, 1 s", () => {
    expect(only(s, { "min-first": 1000, "max-first": 1000 }).map((a) => a.ok)).toEqual([true, true]);
    expect(only(s, { "min-first": 1001 })[0]).toEqual({ limit: "min-first", limitValue: 1001, actual: 1000, ok: false, attempt: 1 });
    expect(only(s, { "max-first": 999 })[0]).toEqual({ limit: "max-first", limitValue: 999, actual: 1000, ok: false, attempt: 1 });
  });

  it("max-attempts: 8 attempts against 8 and 5 (attempt 6 is the first beyond)", () => {
    expect(only(s, { "max-attempts": 8 })[0]).toEqual({ limit: "max-attempts", limitValue: 8, actual: 8, ok: true, attempt: null });
    expect(only(s, { "max-attempts": 5 })[0]).toEqual({ limit: "max-attempts", limitValue: 5, actual: 8, ok: false, attempt: 6 });
  });

  it("reports assertions in a fixed order and the exit code", () => {
    const result = checkPolicy(s, { "max-attempts": 5, "max-total": 1_000_000 });
    expect(result.assertions.map((a) => a.limit)).toEqual(["max-total", "max-attempts"]);
    expect(checkExitCode([result], false)).toBe(1);
    expect(checkExitCode([checkPolicy(s, { "max-total": 1_000_000 })], false)).toBe(0);
  });
});

describe("assertions on a jittered model use its exact bounds", () => {
  // Delays 1, 2, 4, 8, 8, 8 s (6 attempts); each from half to all of it (spread 1).
  // Worst total: 1 + 2 + 4 + 8 + 8 + 8 = 31 s; best: half, 15.5 s.
  // Worst cumulative: 1, 3, 7, 15, 23, 31 s.
  const s = subject(jitteredModel(1), 6);

  it("max-total and min-total take the worst and the best case", () => {
    const result = checkPolicy(s, { "max-total": 30_000, "min-total": 16_000 });
    expect(result.bestTotalMs).toBe(15_500);
    expect(result.worstTotalMs).toBe(31_000);
    expect(result.assertions).toEqual([
      { limit: "max-total", limitValue: 30_000, actual: 31_000, ok: false, attempt: 6 },
      { limit: "min-total", limitValue: 16_000, actual: 15_500, ok: false, attempt: 6 },
    ]);
    expect(only(s, { "max-total": 31_000, "min-total": 15_500 }).map((a) => a.ok)).toEqual([true, true]);
  });

  it("max-delay, min-first and max-first take the bounds", () => {
    expect(only(s, { "max-delay": 5000, "min-first": 600, "max-first": 1000 })).toEqual([
      { limit: "max-delay", limitValue: 5000, actual: 8000, ok: false, attempt: 4 },
      // The first delay can be as short as 500 ms.
      { limit: "min-first", limitValue: 600, actual: 500, ok: false, attempt: 1 },
      { limit: "max-first", limitValue: 1000, actual: 1000, ok: true, attempt: 1 },
    ]);
  });

  it("a long range costs only the attempts up to the steady one", () => {
    // 1 + 2 + 4 = 7 s, then 8 s × (1,000,000 − 3) attempts: 7,999,983,000 ms in the worst case.
    const long = checkPolicy(subject(jitteredModel(1), 1_000_000), { "max-total": 8_000_000_000 });
    expect(long.worstTotalMs).toBe(7000 + 8000 * 999_997);
    expect(long.assertions[0]!.ok).toBe(true);
  });
});

describe("lints", () => {
  const lints = (s: CheckSubject) => checkPolicy(s, {}).warnings.map((w) => w.lint);

  it("no-cap: exponential without a cap, not linear or fixed", () => {
    // 1 s × 2^9 = 512 s at attempt 10.
    expect(checkPolicy(subject(policy({ baseMs: 1000 }), 10, { growth: "exponential" }), {}).warnings).toEqual([
      { lint: "no-cap", attempt: 10, delayMs: 512_000 },
    ]);
    expect(lints(subject(policy({ baseMs: 1000, capMs: 600_000 }), 10, { growth: "exponential" }))).toEqual([]);
    expect(lints(subject(policy({ strategy: "linear", baseMs: 1000 }), 10, { growth: "linear" }))).toEqual([]);
    expect(lints(subject(policy({ strategy: "fixed", baseMs: 1000 }), 10, { growth: "constant" }))).toEqual([]);
  });

  it("early-cap: more than half of the attempts at the cap", () => {
    // base 1 s, factor 2, cap 30 s: the cap from attempt 6 (32 s ≥ 30 s).
    // 10 attempts: 6..10 = 5 of 10 at the cap, not more than half; 11 attempts: 6 of 11, more.
    expect(lints(subject(policy({ baseMs: 1000, capMs: 30_000 }), 10))).toEqual([]);
    expect(checkPolicy(subject(policy({ baseMs: 1000, capMs: 30_000 }), 11), {}).warnings).toEqual([
      { lint: "early-cap", capMs: 30_000, capReachedAt: 6, atCap: 6, attempts: 11 },
    ]);
    // A fixed delay equal to its cap sits at the cap by intent: no warning.
    expect(lints(subject(policy({ strategy: "fixed", baseMs: 1000, capMs: 1000 }), 10, { growth: "constant" }))).toEqual([]);
    // Cap not reached within the attempts: no warning.
    expect(lints(subject(policy({ baseMs: 1000, capMs: 30_000 }), 5))).toEqual([]);
  });

  it(`no-jitter: from ${MANY_CLIENTS} clients, and only without jitter`, () => {
    const plain = policy({ baseMs: 1000, capMs: 30_000 });
    expect(lints(subject(plain, 5, { clients: MANY_CLIENTS - 1 }))).toEqual([]);
    expect(checkPolicy(subject(plain, 5, { clients: MANY_CLIENTS }), {}).warnings).toEqual([{ lint: "no-jitter", clients: MANY_CLIENTS }]);
    expect(lints(subject(plain, 5, { clients: null }))).toEqual([]);
    expect(lints(subject(jitteredModel(1), 3, { clients: 1000 }))).toEqual([]);
  });

  it("exceeds-cap: the first attempt whose worst case is above the cap, or the model's own flag", () => {
    // spread 1.5: attempt 3 up to 6 s (under the 8 s cap), attempt 4 up to 12 s.
    expect(checkPolicy(subject(jitteredModel(1.5), 6), {}).warnings).toEqual([{ lint: "exceeds-cap", capMs: 8000, attempt: 4, maxMs: 12_000 }]);
    // Within 3 attempts nothing exceeds, but the model says it can.
    expect(checkPolicy(subject(jitteredModel(1.5), 3), {}).warnings).toEqual([{ lint: "exceeds-cap", capMs: 8000, attempt: null, maxMs: null }]);
    expect(lints(subject(jitteredModel(1), 6))).toEqual([]);
  });

  it("over-a-day: a worst-case total beyond 24 h", () => {
    const hourly = policy({ strategy: "fixed", baseMs: 3_600_000 });
    // 24 × 1 h = exactly a day: not beyond. 25 h is.
    expect(lints(subject(hourly, 24))).toEqual([]);
    expect(checkPolicy(subject(hourly, 25), {}).warnings).toEqual([{ lint: "over-a-day", worstTotalMs: 25 * 3_600_000 }]);
    // The tries count: 24 h of waiting plus 25 tries × 1 ms.
    expect(lints(subject(hourly, 24, { attemptTimeMs: 1 }))).toEqual(["over-a-day"]);
    expect(DAY_MS).toBe(86_400_000);
  });

  it("warnings fail only under strict", () => {
    const result = checkPolicy(subject(policy({ baseMs: 1000 }), 10), { "max-total": DAY_MS });
    expect(result.assertions[0]!.ok).toBe(true);
    expect(result.warnings).toHaveLength(1);
    expect(checkExitCode([result], false)).toBe(0);
    expect(checkExitCode([result], true)).toBe(1);
  });
});

describe("property: the breaking attempt is the first whose total goes over", () => {
  it("matches a plain walk over the delays (integer base and factor, so every delay is exact)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.option(fc.integer({ min: 5000, max: 200_000 }), { nil: null }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (baseMs, factor, capMs, attempts, attemptTimeMs, limit) => {
          // Stay below 2^53 ms, where the core saturates instead of summing.
          fc.pre(baseMs * factor ** (attempts - 1) * attempts < Number.MAX_SAFE_INTEGER);
          const s = subject(policy({ baseMs, factor, capMs }), attempts, { attemptTimeMs });
          // The walk: delay(i) = min(base × factor^(i−1), cap); total(k) = Σ delays + (k + 1) × attempt time.
          let waits = 0;
          let firstOver: number | null = null;
          let worstDelay = 0;
          for (let k = 1; k <= attempts; k++) {
            const delay = Math.min(baseMs * factor ** (k - 1), capMs ?? Infinity);
            waits += delay;
            worstDelay = Math.max(worstDelay, delay);
            if (firstOver === null && waits + (k + 1) * attemptTimeMs > limit) firstOver = k;
          }
          const total = waits + (attempts + 1) * attemptTimeMs;
          const [maxTotal, maxDelay] = checkPolicy(s, { "max-total": limit, "max-delay": limit }).assertions;
          expect(maxTotal).toEqual({ limit: "max-total", limitValue: limit, actual: total, ok: total <= limit, attempt: total <= limit ? attempts : firstOver });
          expect(maxDelay!.actual).toBe(worstDelay);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe("deadlines: unreachable-retries and max-give-up (the deadline model, core/deadline)", () => {
  // Exponential from 1 s, 10 retries, tries of 2 s: retry a starts at 2a + (2^a − 1) s: 3, 7, 13, 23, 41 s, …
  const exp = () => subject(policy({ strategy: "exponential", baseMs: 1000, factor: 2 }), 10, { attemptTimeMs: 2000, deadlineMs: 30_000 });

  it("retries 5–10 never fire before a 30 s deadline; the policy gives up at it", () => {
    const result = checkPolicy(exp(), { "max-give-up": 30_000 });
    const warning = result.warnings.find((w) => w.lint === "unreachable-retries");
    expect(warning).toMatchObject({ lint: "unreachable-retries", attemptTimeMs: 2000, deadlineMs: 30_000, summary: { neverFrom: 5, lastInSomeRun: 4, lastInEveryRun: 4, retries: 10 } });
    expect(result.assertions).toEqual([{ limit: "max-give-up", limitValue: 30_000, actual: 30_000, ok: true, attempt: null }]);
    expect(result.errorLints).toEqual([]);
    expect(checkExitCode([result], false)).toBe(0);
    expect(checkExitCode([result], true)).toBe(1);
  });

  it("an error level fails the check without --strict", () => {
    const result = checkPolicy(exp(), {}, { "unreachable-retries": "error" });
    expect(result.errorLints).toEqual(["unreachable-retries"]);
    expect(checkExitCode([result], false)).toBe(1);
  });

  it("without a deadline the give-up time is when the last try ends: the waits and 11 tries", () => {
    // 1 + 2 + … + 512 s = 1,023 s of waits, and 11 tries × 2 s = 22 s: 1,045 s.
    const result = checkPolicy({ ...exp(), deadlineMs: null }, { "max-give-up": 1_045_000 });
    expect(result.assertions).toEqual([{ limit: "max-give-up", limitValue: 1_045_000, actual: 1_045_000, ok: true, attempt: null }]);
    expect(result.warnings.some((w) => w.lint === "unreachable-retries")).toBe(false);
    expect(checkPolicy({ ...exp(), deadlineMs: null }, { "max-give-up": 1_044_999 }).assertions[0]!.ok).toBe(false);
  });

  it("retrying forever without a deadline never gives up: max-give-up fails with no bound", () => {
    const result = checkPolicy({ ...exp(), forever: true, deadlineMs: null }, { "max-give-up": 60_000 });
    expect(result.assertions).toEqual([{ limit: "max-give-up", limitValue: 60_000, actual: null, ok: false, attempt: null }]);
  });

  it("retrying forever under a deadline is the policy's design, not retries cut short: no unreachable-retries; a first try cut short still is", () => {
    // The same rows (retry 5 starts at 41 s, after the 30 s deadline), but no count of retries to cut short.
    const result = checkPolicy({ ...exp(), forever: true }, { "max-give-up": 30_000 });
    expect(result.warnings.filter((w) => w.lint === "unreachable-retries")).toEqual([]);
    expect(result.assertions).toEqual([{ limit: "max-give-up", limitValue: 30_000, actual: 30_000, ok: true, attempt: null }]);
    // Tries of 40 s under the 30 s deadline: the first is cut short, forever or not.
    const cut = checkPolicy({ ...exp(), forever: true, attemptTimeMs: 40_000 }, {});
    expect(cut.warnings.find((w) => w.lint === "unreachable-retries")).toMatchObject({ summary: { firstTryCutShort: true } });
  });

  it("a deadline every retry fits in raises nothing", () => {
    // Retry 4 starts at 23 s and its try ends at 25 s.
    const result = checkPolicy({ ...exp(), attempts: 4 }, { "max-give-up": 25_000 });
    expect(result.warnings.filter((w) => w.lint === "unreachable-retries")).toEqual([]);
    expect(result.assertions[0]).toMatchObject({ actual: 25_000, ok: true });
  });

  it("property: the give-up time never passes the deadline, and the retries before the first unreachable one start before it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 60_000 }),
        fc.boolean(),
        (base, attempts, tryMs, deadlineMs, jittered) => {
          const model = jittered ? jitteredModel(1.5) : policy({ strategy: "exponential", baseMs: base, factor: 2 });
          const result = checkPolicy(subject(model, attempts, { attemptTimeMs: tryMs, deadlineMs }), { "max-give-up": deadlineMs });
          const giveUp = result.assertions[0]!;
          expect(giveUp.actual).not.toBeNull();
          expect(giveUp.actual!).toBeLessThanOrEqual(deadlineMs);
          expect(giveUp.ok).toBe(true);
          const w = result.warnings.find((x) => x.lint === "unreachable-retries");
          if (w === undefined || w.lint !== "unreachable-retries") return;
          const first = w.summary.neverFrom!;
          // Retry a's earliest start: a tries and the lowest waits before it; the first unreachable one's is at or after D.
          let low = 0;
          for (let a = 1; a <= first; a++) low += model.jittered ? model.bounds(a).minMs : model.delay(a).delayMs;
          expect(first * tryMs + low).toBeGreaterThanOrEqual(deadlineMs);
          if (first > 1) expect((first - 1) * tryMs + low - (model.jittered ? model.bounds(first).minMs : model.delay(first).delayMs)).toBeLessThan(deadlineMs);
        },
      ),
    );
  });
});

describe("waits not known (a class decides them): the count alone is checked", () => {
  it("max-attempts on the count; every other limit not computable and never failing; no totals, no lints", () => {
    const s = subject(policy({ strategy: "fixed", baseMs: 1000 }), 5, { waitsUnknown: true, clients: 100 });
    const result = checkPolicy(s, { "max-total": 1, "min-first": 60_000, "max-attempts": 3 });
    expect(result.assertions).toEqual([
      { limit: "max-total", limitValue: 1, actual: null, ok: true, attempt: null, computable: false },
      { limit: "min-first", limitValue: 60_000, actual: null, ok: true, attempt: null, computable: false },
      { limit: "max-attempts", limitValue: 3, actual: 5, ok: false, attempt: 4 },
    ]);
    expect(result).toMatchObject({ warnings: [], bestTotalMs: null, worstTotalMs: null, worstDelayMs: null, worstDelayAttempt: null, waitsUnknown: true });
    expect(checkExitCode([checkPolicy(s, { "max-total": 1 })], true)).toBe(0);
    // Retrying forever still fails max-attempts.
    expect(only(subject(policy({ strategy: "fixed", baseMs: 1000 }), 10, { waitsUnknown: true, forever: true }), { "max-attempts": 3 })).toEqual([{ limit: "max-attempts", limitValue: 3, actual: null, ok: false, attempt: 4 }]);
  });
});
