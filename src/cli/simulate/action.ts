import { groupDigits } from "../../core/text/digits.js";
import { type Jitter, NO_JITTER, jitterPlan } from "../../core/jitter/index.js";
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
import { writes } from "../../format/registry.js";
import { type OutputSwitches, outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { CAPACITY_ONLY, type HerdSwitches, OCC_ONLY, flagOf } from "./herd-options.js";
import { DEFAULT_SIMULATED_ATTEMPTS, MAX_CLIENTS, MAX_SIMULATED_ATTEMPTS } from "./command.js";


/** The proportional jitter --compare-jitter shows unless --jitter names a fraction: gRPC's ±20%. */
export const COMPARE_FRACTION = 0.2;

/** Retries simulated at most (clients × attempts): a bound on the time a run takes (about 15 s). */
export const MAX_EVENTS = 100_000_000;
/**
 * Distinct fire times a run keeps at most (12 bytes each: a time and a count), which bounds
 * its memory whatever clients × attempts is: a run keeps one entry per distinct millisecond
 * its retries land on per attempt, not one per retry.
 */
export const MAX_KEPT_TIMES = 20_000_000;
export const KEPT_TIMES_MB = 240;

/** The simulate command's own switches (the policy comes as OptionValues, as for the schedule). */
export interface SimulateSwitches extends HerdSwitches, OutputSwitches {
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
  return { policy, cohort: cohortFromOptions(options, attempts), jitter, seed };
}

/** The cohort's own options (clients, spread, success, window) around a count of retries. */
export function cohortFromOptions(options: SimulateSwitches, attempts: number): Cohort {
  const clients = parseClients(options.clients);
  if (clients * attempts > MAX_EVENTS) {
    throw new UsageError(
      `--clients × --attempts must be at most ${groupDigits(MAX_EVENTS)} retries, got ${groupDigits(clients)} × ${attempts}`,
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
  const renderer = await outputRenderer("simulation", options);
  // The table takes --chart (outputRenderer refused it elsewhere), but one row per jitter mode has no retries over time to draw.
  if (options.chart && options.compareJitter) throw new UsageError(`--chart draws under the simulate table, so it needs --format table without --compare-jitter`);
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
  await writeRendered(await renderer.render({ simulation, chart }, renderContext(io, options)), io);
  return 0;
}
