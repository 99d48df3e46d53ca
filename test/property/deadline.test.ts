import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DeadlineInput, deadlineSummary, firesInEveryRun, retryTimings } from "../../src/core/deadline/index.js";
import { type Jitter, jitteredPolicyModel } from "../../src/core/jitter/index.js";
import type { RandomSource } from "../../src/core/model.js";
import { normalizePolicy } from "../../src/core/policy.js";
import { seededRandom } from "../support/random.js";

/**
 * The deadline model against runs simulated here, try by try, from the model's own
 * sampler: each run's starts lie within the bounds given, its verdict agrees with the
 * row's, and its give-up time lies within the summary's. Draws are pushed to their
 * extremes as often as not, so the all-low and all-high runs are tried too.
 */

interface Case {
  readonly input: DeadlineInput;
  /** Per draw: 0 the lowest value, 1 the highest, 2 a seeded uniform draw. */
  readonly choices: readonly number[];
  readonly seed: number;
}

const jitterArb: fc.Arbitrary<Jitter> = fc.constantFrom<Jitter>({ kind: "none" }, { kind: "full" }, { kind: "equal" }, { kind: "decorrelated" }, { kind: "proportional", fraction: 0.5 });

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    strategy: fc.constantFrom("exponential" as const, "linear" as const, "fixed" as const),
    baseMs: fc.integer({ min: 1, max: 5000 }),
    factor: fc.constantFrom(1, 1.5, 2, 3),
    capTimes: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
    jitter: jitterArb,
    retries: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null, freq: 4 }),
    attemptTimeMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5000 })),
    deadlineMs: fc.option(fc.integer({ min: 1, max: 60_000 }), { nil: null, freq: 5 }),
    stop: fc.option(
      fc.record({
        rule: fc.constantFrom("fits" as const, "cut" as const, "while" as const),
        limitMs: fc.integer({ min: 0, max: 30_000 }),
        from: fc.constantFrom("first-try" as const, "first-failure" as const),
      }),
      { nil: null },
    ),
    choices: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 8 }),
    seed: fc.integer({ min: 0, max: 1000 }),
  })
  // Something must end the retries (a count or a stop), and decorrelated jitter needs a cap. Full jitter's 0 ms draws
  // with tries that take no time never reach a time limit: the all-low run would retry without end, at time 0.
  .filter((c) => (c.retries !== null || c.stop !== null) && (c.jitter.kind !== "decorrelated" || c.capTimes !== null))
  .filter((c) => !(c.retries === null && c.jitter.kind === "full" && c.attemptTimeMs === 0))
  .map((c) => {
    const policy = normalizePolicy({
      strategy: c.strategy,
      baseMs: c.baseMs,
      ...(c.strategy === "exponential" ? { factor: c.factor } : {}),
      capMs: c.capTimes === null ? null : c.baseMs * c.capTimes,
    });
    const input: DeadlineInput = { waits: jitteredPolicyModel(policy, c.jitter), retries: c.retries, attemptTimeMs: c.attemptTimeMs, deadlineMs: c.deadlineMs, stop: c.stop };
    return { input, choices: c.choices, seed: c.seed };
  });

/** Draws at the ends of their ranges or in between, as the choices say. */
function steeredRandom(choices: readonly number[], seed: number): RandomSource {
  const uniform = seededRandom(seed);
  let next = 0;
  return {
    integer(min, max) {
      const choice = choices[next++ % choices.length]!;
      return choice === 0 ? min : choice === 1 ? max : uniform.integer(min, max);
    },
    fraction: () => uniform.fraction(),
  };
}

interface SimulatedRun {
  /** Per retry from 1: its start when the library makes it, null once it has stopped. */
  readonly starts: (number | null)[];
  readonly giveUpMs: number;
}

/** One run, try by try, with each library rule written out as the libraries do it (not the model's closed forms). */
function simulate(input: DeadlineInput, draw: (attempt: number) => number, upTo: number): SimulatedRun {
  const { attemptTimeMs: tryMs, deadlineMs, stop, retries } = input;
  const origin = stop?.from === "first-failure" ? tryMs : 0;
  const starts: (number | null)[] = [];
  let end = tryMs; // the first try
  let stopped = false;
  for (let attempt = 1; attempt <= upTo; attempt++) {
    let wait = draw(attempt);
    if (!stopped && retries !== null && attempt > retries) stopped = true;
    if (!stopped && stop !== null) {
      const elapsed = end - origin;
      if (stop.rule === "fits" && elapsed + wait > stop.limitMs) stopped = true;
      if (stop.rule === "cut") {
        if (elapsed >= stop.limitMs) stopped = true;
        else wait = Math.min(wait, stop.limitMs - elapsed);
      }
      if (stop.rule === "while" && elapsed > stop.limitMs) stopped = true;
    }
    if (stopped) {
      starts.push(null);
      continue;
    }
    const start = end + wait;
    starts.push(start);
    end = start + tryMs;
  }
  // Once stopped, the run gives up when its last try ends, or at the deadline if that is sooner.
  return { starts, giveUpMs: deadlineMs === null ? end : Math.min(end, deadlineMs) };
}

const UP_TO = 14;

describe("the deadline model against simulated runs", () => {
  it("every start within its bounds, every verdict consistent with the run, every give-up time within the summary's", () => {
    fc.assert(
      fc.property(caseArb, ({ input, choices, seed }) => {
        const { deadlineMs: d, attemptTimeMs: tryMs } = input;
        const rows = Array.from(retryTimings(input, { first: 1, last: UP_TO }));
        const run = simulate(input, input.waits.sampler(steeredRandom(choices, seed)), UP_TO);
        for (const row of rows) {
          const start = run.starts[row.attempt - 1]!;
          if (start === null) {
            expect(row.madeAll, `retry ${row.attempt} was declined in this run`).toBe(false);
            expect(firesInEveryRun(row.fires)).toBe(false);
            continue;
          }
          expect(row.madeSome).toBe(true);
          expect(start).toBeGreaterThanOrEqual(row.startMinMs);
          expect(start).toBeLessThanOrEqual(row.startMaxMs);
          const fired = d === null || start < d;
          if (!fired) expect(["in some runs", "no"]).toContain(row.fires);
          if (fired) expect(row.fires).not.toBe("no");
          if (fired && d !== null && start + tryMs > d) {
            expect(["cut short", "cut short in some runs", "in some runs"]).toContain(row.fires);
            expect(row.cutShortSome).toBe(true);
          }
          if (fired && (d === null || start + tryMs <= d)) expect(row.fires).not.toBe("cut short");
        }
        const summary = deadlineSummary(input);
        // A run that has not stopped within UP_TO retries says nothing about the give-up time.
        if (summary.giveUp !== null && run.starts[UP_TO - 1] === null) {
          expect(run.giveUpMs).toBeGreaterThanOrEqual(summary.giveUp.minMs);
          expect(run.giveUpMs).toBeLessThanOrEqual(summary.giveUp.maxMs);
        }
      }),
      { seed: 25, numRuns: 200 },
    );
  });

  it("no retry marked as firing starts at or after the deadline, and the give-up time never exceeds it", () => {
    fc.assert(
      fc.property(caseArb, ({ input }) => {
        const d = input.deadlineMs;
        fc.pre(d !== null);
        for (const row of retryTimings(input, { first: 1, last: UP_TO })) {
          if (firesInEveryRun(row.fires)) expect(row.startMaxMs).toBeLessThan(d!);
          if (row.fires === "yes") expect(row.startMaxMs + input.attemptTimeMs).toBeLessThanOrEqual(d!);
          if (row.fires === "in some runs") expect(row.startMinMs).toBeLessThan(d!);
        }
        const { giveUp, lastInSomeRun, neverFrom } = deadlineSummary(input);
        expect(giveUp).not.toBeNull();
        expect(giveUp!.maxMs).toBeLessThanOrEqual(d!);
        expect(giveUp!.minMs).toBeLessThanOrEqual(giveUp!.plainMs);
        expect(giveUp!.plainMs).toBeLessThanOrEqual(giveUp!.maxMs);
        if (neverFrom !== null) expect(lastInSomeRun).toBe(neverFrom - 1);
      }),
      { seed: 26, numRuns: 200 },
    );
  });

  it("the summary's boundaries are the rows' own", () => {
    fc.assert(
      fc.property(caseArb, ({ input }) => {
        fc.pre(input.retries !== null);
        const rows = Array.from(retryTimings(input, { first: 1, last: input.retries! + 1 }));
        const s = deadlineSummary(input);
        const firstNever = rows.find((r) => r.fires === "no" && r.attempt <= input.retries!);
        expect(s.neverFrom).toBe(firstNever?.attempt ?? null);
        const lastEvery = rows.filter((r) => r.attempt <= input.retries! && firesInEveryRun(r.fires)).at(-1)?.attempt ?? 0;
        expect(s.lastInEveryRun).toBe(lastEvery);
        const cut = rows.filter((r) => r.attempt <= input.retries! && r.cutShortSome).map((r) => r.attempt);
        expect(s.cutShort).toEqual(cut.length === 0 ? null : { first: cut[0], last: cut.at(-1) });
      }),
      { seed: 27, numRuns: 150 },
    );
  });
});
