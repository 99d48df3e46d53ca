import { groupDigits } from "../../core/text/digits.js";
import { type Jitter, NO_JITTER } from "../../core/jitter/index.js";
import type { ScheduleModel } from "../../core/model.js";
import { type Cohort, type CohortRandom, type CohortResult, SimulationTooLargeError } from "../../core/simulate.js";
import { parseDuration, parseSpread, parseUnitFraction, readWhole } from "../../config/values.js";
import { UsageError, shown } from "../shared/errors.js";
import { seededRandom } from "../../core/random.js";
import { MAX_CLIENTS, MAX_SIMULATED_ATTEMPTS, type SimulateSwitches } from "./switches.js";

// The cohort every simulate model shares: its options read and bounded, its random streams,
// the jitter modes --compare-jitter runs, and the memory bound of a run (action.ts, capacity.ts
// and preset-simulation.ts all use them).

/** The proportional jitter --compare-jitter shows unless --jitter names a fraction: gRPC's ±20%. */
export const COMPARE_FRACTION = 0.2;

/**
 * Retries a command simulates at most, counted before it starts: clients × attempts × the
 * runs it makes (two for one cohort, the jittered and the un-jittered; five with
 * --compare-jitter). 10,000,000 clients × 5 attempts × 2 runs (100,000,000 retries) took
 * 15.7 s of CPU on this project's 2-core machine under load (docs/performance.md), so this
 * many take about 10 s.
 */
export const MAX_EVENTS = 60_000_000;
/**
 * Distinct fire times a run keeps at most (12 bytes each: a time and a count), which bounds
 * its memory whatever clients × attempts is: a run keeps one entry per distinct millisecond
 * its retries land on per attempt, not one per retry.
 */
export const MAX_KEPT_TIMES = 20_000_000;
export const KEPT_TIMES_MB = 240;

/** The three random streams of a run, all from one seed. */
export function cohortRandom(seed: number): CohortRandom {
  return { start: seededRandom(seed, 1), delay: seededRandom(seed, 2), success: seededRandom(seed, 3) };
}

function parseClients(text: string): number {
  const clients = readWhole("--clients", text, `a whole number from 1 to ${groupDigits(MAX_CLIENTS)}`) ?? Infinity;
  if (clients < 1) throw new UsageError(`--clients must be at least 1, got ${shown(text)}`);
  if (clients > MAX_CLIENTS) throw new UsageError(`--clients must be at most ${groupDigits(MAX_CLIENTS)}, got ${shown(text)}`);
  return clients;
}

function parseSuccess(text: string): number {
  return parseUnitFraction("--success", text, "a probability from 0 to 1 such as 0.1", { zero: true });
}

export function parseSimulatedAttempts(text: string): number {
  const attempts = readWhole("--attempts for simulate", text, "a count of retries such as 10") ?? Infinity;
  if (attempts < 1 || attempts > MAX_SIMULATED_ATTEMPTS) throw new UsageError(`--attempts for simulate must be from 1 to ${MAX_SIMULATED_ATTEMPTS}, got ${shown(text)}`);
  return attempts;
}

/**
 * Refuses, before anything is drawn, a cohort whose retries could land on more distinct
 * milliseconds than a run keeps (MAX_KEPT_TIMES): attempt k fires within
 * [Σ min delays, spread + Σ max delays] in whole milliseconds, so on at most
 * min(clients, spread + Σ max − Σ min + 1) of them (the model's exact bounds per attempt).
 */
export function checkKeptTimes(cohort: Cohort, model: ScheduleModel, capAdvice: string | null): void {
  let low = 0;
  let high = Math.floor(cohort.spreadMs);
  let kept = 0;
  for (let attempt = 1; attempt <= cohort.attempts; attempt++) {
    const { minMs, maxMs } = model.bounds(attempt);
    low += minMs;
    high += maxMs;
    kept += Math.min(cohort.clients, high - low + 1);
    if (kept > MAX_KEPT_TIMES) {
      throw new UsageError(
        `the retries of ${groupDigits(cohort.clients)} clients could land on more than ${groupDigits(MAX_KEPT_TIMES)} distinct milliseconds by attempt ${groupDigits(attempt)} ` +
          `(simulate keeps each one, about ${KEPT_TIMES_MB} MB at most); lower --clients, --attempts or --spread${capAdvice === null ? "" : `, or ${capAdvice}`}`,
      );
    }
  }
}

/**
 * The cohort's own options (clients, spread, success, window) around a count of retries;
 * `runs`: how many times the command simulates the cohort (the work is counted before it starts).
 */
export function cohortFromOptions(options: SimulateSwitches, attempts: number, runs: number): Cohort {
  const clients = parseClients(options.clients);
  if (clients * attempts * runs > MAX_EVENTS) {
    const what = runs === 1 ? "" : ` × ${runs} runs (${options.compareJitter ? "one per jitter mode" : "jittered and un-jittered"})`;
    throw new UsageError(
      `--clients × --attempts${what} must be at most ${groupDigits(MAX_EVENTS)} retries, got ${groupDigits(clients)} × ${attempts}${runs === 1 ? "" : ` × ${runs}`}; lower --clients or --attempts`,
    );
  }
  const spreadMs = options.spread === undefined ? 0 : parseSpread("--spread", options.spread);
  const success = parseSuccess(options.success);
  const windowMs = parseDuration("--window", options.window);
  return { clients, spreadMs, success, windowMs, attempts };
}

/**
 * The modes --compare-jitter runs: none, proportional (the --jitter fraction or 0.2), full, equal, and
 * decorrelated when there is a cap (its formula, min(cap, uniform(base, previous × 3)), is defined
 * through the cap; without one, the schedule's default, it is left out and the summary says so).
 */
export function comparedJitters(jitter: Jitter, capMs: number | null): Jitter[] {
  return [
    NO_JITTER,
    { kind: "proportional", fraction: jitter.kind === "proportional" ? jitter.fraction : COMPARE_FRACTION },
    { kind: "full" },
    { kind: "equal" },
    ...(capMs === null ? [] : [{ kind: "decorrelated" } as const]),
  ];
}

/**
 * Runs a simulation with its memory bound (MAX_KEPT_TIMES), turning a run past it into one line.
 * `capAdvice` is what to do with the cap ("set a --cap", "lower the --cap"), null where no cap is offered.
 */
export function keptWithin(cohort: Cohort, capAdvice: string | null, simulate: (maxKeptTimes: number) => CohortResult): CohortResult {
  try {
    return simulate(MAX_KEPT_TIMES);
  } catch (error) {
    if (!(error instanceof SimulationTooLargeError)) throw error;
    throw new UsageError(
      `the retries of ${groupDigits(cohort.clients)} clients land on more than ${groupDigits(MAX_KEPT_TIMES)} distinct milliseconds by attempt ${error.attempt} ` +
        `(simulate keeps each one, about ${KEPT_TIMES_MB} MB at most); lower --clients or --attempts${capAdvice === null ? "" : `, or ${capAdvice}`}`,
    );
  }
}
