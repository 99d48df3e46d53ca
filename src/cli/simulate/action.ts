import { groupDigits } from "../../core/text/digits.js";
import { type Jitter, NO_JITTER, jitterPlan, jitteredPolicyModel } from "../../core/jitter/index.js";
import type { ScheduleModel } from "../../core/model.js";
import type { Policy } from "../../core/policy.js";
import { type Cohort, type CohortRandom, type CohortResult, SimulationTooLargeError, simulateCohort } from "../../core/simulate.js";
import type { Simulation } from "../../format/simulate.js";
import { UsageError, shown } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { checkJitterNeedsCap, parseJitter, parseSeed } from "../shared/jitter-options.js";
import { parseDuration, parseSpread, parseUnitFraction, readWhole } from "../../config/values.js";
import { DEFAULT_SEED, seededRandom } from "../shared/random.js";
import type { OptionValues } from "../../config/option-values.js";
import { policyFromValues } from "../shared/policy-values.js";
import { chartHistograms } from "./chart.js";
import { type FormatName, rendererFor, writes } from "../../format/registry.js";
import { renderContext, writeRendered } from "../shared/render.js";
import { CAPACITY_ONLY, type HerdSwitches, OCC_ONLY, flagOf } from "./herd-options.js";
import { DEFAULT_SIMULATED_ATTEMPTS, MAX_CLIENTS, MAX_SIMULATED_ATTEMPTS } from "./command.js";


/** The proportional jitter --compare-jitter shows unless --jitter names a fraction: gRPC's ±20%. */
export const COMPARE_FRACTION = 0.2;

/**
 * Retries a command simulates at most, counted before it starts: clients × attempts × the
 * runs it makes (two for one cohort, the jittered and the un-jittered; five with
 * --compare-jitter). 10,000,000 clients × 10 attempts × 2 runs (200,000,000 retries) took
 * 20.3 s of CPU on this project's 2-core machine under load (docs/performance.md), so this
 * many take about 10 s.
 */
export const MAX_EVENTS = 100_000_000;
/**
 * Distinct fire times a run keeps at most (12 bytes each: a time and a count), which bounds
 * its memory whatever clients × attempts is: a run keeps one entry per distinct millisecond
 * its retries land on per attempt, not one per retry.
 */
export const MAX_KEPT_TIMES = 20_000_000;
export const KEPT_TIMES_MB = 240;

/** The simulate command's own switches (the policy comes as OptionValues, as for the schedule). */
export interface SimulateSwitches extends HerdSwitches {
  readonly format: FormatName;
  readonly color: boolean;
  readonly chart?: boolean;
  readonly clients: string;
  readonly spread?: string;
  readonly success: string;
  readonly window: string;
  readonly compareJitter?: boolean;
}

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

/** Every option checked, naming the option in each error. */
export function simulationFromOptions(values: OptionValues, options: SimulateSwitches): { policy: Policy; cohort: Cohort; jitter: Jitter; seed: number } {
  if (values.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
  const attempts = parseSimulatedAttempts(values.attempts ?? DEFAULT_SIMULATED_ATTEMPTS);
  const policy = policyFromValues(values);
  const jitter = values.jitter === undefined ? NO_JITTER : parseJitter("--jitter", values.jitter);
  const seed = values.seed === undefined ? DEFAULT_SEED : parseSeed("--seed", values.seed);
  if (!options.compareJitter) checkJitterNeedsCap(jitter, policy.capMs);
  if (options.compareJitter && policy.capMs === null) {
    throw new UsageError("--compare-jitter needs --cap: decorrelated jitter is defined through the cap");
  }
  const modes = options.compareJitter ? comparedJitters(jitter) : [jitter, NO_JITTER];
  const cohort = cohortFromOptions(options, attempts, modes.length);
  for (const mode of modes) checkKeptTimes(cohort, jitteredPolicyModel(policy, mode), policy.capMs === null ? "set a --cap" : "lower the --cap");
  return { policy, cohort, jitter, seed };
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

/** The modes --compare-jitter runs: none, proportional (the --jitter fraction or 0.2), full, equal, decorrelated. */
export function comparedJitters(jitter: Jitter): Jitter[] {
  return [
    NO_JITTER,
    { kind: "proportional", fraction: jitter.kind === "proportional" ? jitter.fraction : COMPARE_FRACTION },
    { kind: "full" },
    { kind: "equal" },
    { kind: "decorrelated" },
  ];
}

function run(policy: Policy, jitter: Jitter, cohort: Cohort, seed: number, keepRetryCounts = false): CohortResult {
  return keptWithin(cohort, policy.capMs === null ? "set a --cap" : "lower the --cap", (maxKeptTimes) => simulateCohort(jitterPlan(policy, jitter), cohort, cohortRandom(seed), { keepRetryCounts, maxKeptTimes }));
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

export async function runSimulate(values: OptionValues, options: SimulateSwitches, io: Io, given: ReadonlySet<string> = new Set()): Promise<number> {
  if (options.model === "occ") return (await import("./occ.js")).runOcc(values, options, given, io);
  if (options.model === "capacity") return (await import("./capacity.js")).runCapacity(values, options, given, io);
  for (const key of [...OCC_ONLY, ...CAPACITY_ONLY]) {
    if (given.has(key) || options[key] !== undefined) throw new UsageError(`${flagOf(key)} applies to --model ${(OCC_ONLY as readonly string[]).includes(key) ? "occ" : "capacity"}`);
  }
  if (!writes(options.format, "simulation")) throw new UsageError(`--format ${options.format} draws --model occ sweeps and --model capacity timelines; the cohort's chart is --chart`);
  const renderer = await rendererFor("simulation", options.format);
  if (options.chart && (renderer.charts !== true || options.compareJitter)) {
    throw new UsageError(`--chart draws under the simulate table, so it needs --format table without --compare-jitter`);
  }
  const keep = options.chart === true;
  let simulation: Simulation;
  if (values.preset !== undefined) {
    const { presetSimulation } = await import("./preset-simulation.js");
    simulation = presetSimulation(values, options, keep);
  } else {
    const { policy, cohort, jitter, seed } = simulationFromOptions(values, options);
    simulation = options.compareJitter
      ? { kind: "compare", policy, cohort, seed, modes: comparedJitters(jitter).map((mode) => ({ jitter: mode, result: run(policy, mode, cohort, seed) })) }
      : { kind: "single", policy, cohort, seed, jitter, result: run(policy, jitter, cohort, seed, keep), baseline: run(policy, NO_JITTER, cohort, seed, keep) };
  }
  const { windowMs } = simulation.cohort;
  // Counted before any output: a chart that cannot be drawn is refused, not cut off after the table.
  const histograms = options.chart && simulation.kind !== "compare" ? chartHistograms([simulation.result, simulation.baseline], windowMs) : null;
  const chart = histograms === null ? null : { windowMs, jittered: Array.from(histograms[0]!), unjittered: Array.from(histograms[1]!) };
  await writeRendered(await renderer.render({ simulation, chart }, renderContext(io, options.color)), io);
  return 0;
}
