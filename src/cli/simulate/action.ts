import { type Jitter, NO_JITTER, jitterPlan, jitteredPolicyModel } from "../../core/jitter/index.js";
import type { Policy } from "../../core/policy.js";
import { type Cohort, type CohortResult, simulateCohort } from "../../core/simulate.js";
import type { Simulation } from "../../format/simulate.js";
import { UsageError } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { checkJitterNeedsCap, parseJitter, parseSeed } from "../../config/jitter-options.js";
import type { OptionValues } from "../../config/option-values.js";
import { policyFromValues } from "../../config/policy-values.js";
import { chartHistograms } from "./chart.js";
import { writes } from "../../format/registry.js";
import { outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { CAPACITY_ONLY, OCC_ONLY, flagOf } from "./herd-options.js";
import { checkKeptTimes, cohortFromOptions, cohortRandom, comparedJitters, keptWithin, parseSimulatedAttempts } from "./cohort.js";
import { DEFAULT_SEED, DEFAULT_SIMULATED_ATTEMPTS, type SimulateSwitches } from "./switches.js";

/** Every option checked, naming the option in each error. */
export function simulationFromOptions(values: OptionValues, options: SimulateSwitches): { policy: Policy; cohort: Cohort; jitter: Jitter; seed: number } {
  if (values.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
  const attempts = parseSimulatedAttempts(values.attempts ?? DEFAULT_SIMULATED_ATTEMPTS);
  const policy = policyFromValues(values);
  const jitter = values.jitter === undefined ? NO_JITTER : parseJitter("--jitter", values.jitter);
  const seed = values.seed === undefined ? DEFAULT_SEED : parseSeed("--seed", values.seed);
  if (!options.compareJitter) checkJitterNeedsCap(jitter, policy.capMs);
  const modes = options.compareJitter ? comparedJitters(jitter, policy.capMs) : [jitter, NO_JITTER];
  const cohort = cohortFromOptions(options, attempts, modes.length);
  for (const mode of modes) checkKeptTimes(cohort, jitteredPolicyModel(policy, mode), policy.capMs === null ? "set a --cap" : "lower the --cap");
  return { policy, cohort, jitter, seed };
}

function run(policy: Policy, jitter: Jitter, cohort: Cohort, seed: number, keepRetryCounts = false): CohortResult {
  return keptWithin(cohort, policy.capMs === null ? "set a --cap" : "lower the --cap", (maxKeptTimes) => simulateCohort(jitterPlan(policy, jitter), cohort, cohortRandom(seed), { keepRetryCounts, maxKeptTimes }));
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
      ? { kind: "compare", policy, cohort, seed, modes: comparedJitters(jitter, policy.capMs).map((mode) => ({ jitter: mode, result: run(policy, mode, cohort, seed) })) }
      : { kind: "single", policy, cohort, seed, jitter, result: run(policy, jitter, cohort, seed, keep), baseline: run(policy, NO_JITTER, cohort, seed, keep) };
  }
  const { windowMs } = simulation.cohort;
  // Counted before any output: a chart that cannot be drawn is refused, not cut off after the table.
  const histograms = options.chart && simulation.kind !== "compare" ? chartHistograms([simulation.result, simulation.baseline], windowMs) : null;
  const chart = histograms === null ? null : { windowMs, jittered: Array.from(histograms[0]!), unjittered: Array.from(histograms[1]!) };
  await writeRendered(await renderer.render({ simulation, chart }, renderContext(io, options)), io);
  return 0;
}
