import { type ClientRun, simulateClients } from "../../core/simulate.js";
import type { RandomSource } from "../../core/model.js";
import { groupDigits } from "../../core/text/digits.js";
import type { Simulation } from "../../format/simulate.js";
import { mostRetries, stopRuleOf, stopRuleText } from "../../presets/stop-rule.js";
import type { PresetModel } from "../../presets/types.js";
import { UsageError } from "../shared/errors.js";
import { parseSeed } from "../../config/jitter-options.js";
import type { OptionValues } from "../../config/option-values.js";
import { buildPreset, presetNamed, presetOffers, presetOverrides } from "../shared/preset-options.js";
import { cohortFromOptions, cohortRandom, keptWithin, parseSimulatedAttempts } from "./cohort.js";
import { DEFAULT_SEED, MAX_SIMULATED_ATTEMPTS, type SimulateSwitches } from "./switches.js";

/** Each client of a preset carries its own run (a closure), so a preset's cohort is smaller than the calculator's. */
export const MAX_PRESET_CLIENTS = 1_000_000;

/** One client of the library: its own run, up to its count; null once it gives up (by count or by elapsed time). */
export function libraryClient(model: PresetModel, lastAttempt: number): (random: RandomSource) => ClientRun {
  if (model.client) return model.client;
  return (random) => {
    const sample = model.sampler(random);
    return (attempt) => (attempt > lastAttempt ? null : sample(attempt));
  };
}

/**
 * `backoff simulate --preset NAME`: the cohort retries as the library does, each client
 * drawing from the library's own jitter and stopping by its own rule, beside the same
 * cohort on the library's un-jittered delays (which stop where it stops without jitter).
 */
export function presetSimulation(values: OptionValues, options: SimulateSwitches, keepRetryCounts: boolean): Simulation {
  if (options.compareJitter) {
    throw new UsageError("--compare-jitter runs the calculator's jitter modes; under --preset the library's own jitter is simulated (set it with --jitter)");
  }
  const preset = presetNamed(values.preset!, "--preset");
  if (values.attempts !== undefined) parseSimulatedAttempts(values.attempts);
  const { overrides, range } = presetOverrides(preset, values);
  const model = buildPreset(preset, overrides);
  const rule = stopRuleOf(preset, model);
  const retries = rule.kind === "forever" ? (range?.last ?? preset.defaultAttempts) : mostRetries(rule)!;
  const ruleText = stopRuleText(preset, rule);
  if (retries === 0) throw new UsageError(`--preset ${preset.name}: ${ruleText}, so no client retries; give --attempts N`);
  if (retries > MAX_SIMULATED_ATTEMPTS) {
    throw new UsageError(`--preset ${preset.name}: ${ruleText}, up to ${groupDigits(retries)} retries, and simulate runs at most ${MAX_SIMULATED_ATTEMPTS}; give --attempts`);
  }
  const cohort = cohortFromOptions(options, retries, 2);
  if (cohort.clients > MAX_PRESET_CLIENTS) {
    throw new UsageError(`--clients under --preset must be at most ${groupDigits(MAX_PRESET_CLIENTS)} (each client carries the library's own state), got ${groupDigits(cohort.clients)}`);
  }
  const seed = values.seed === undefined ? DEFAULT_SEED : parseSeed("--seed", values.seed);
  // A preset without a cap (sidekiq) refuses --cap: the advice offers it only where it is accepted.
  const capAdvice = !presetOffers(preset, "capMs") ? null : model.capMs === null ? "set a --cap" : "lower the --cap";
  // Without jitter the library's rows end where it stops by elapsed time.
  const plainLast = rule.kind === "elapsed" ? rule.stop.lastAttempt : retries;
  // Where the library totals in a finer unit (cenkalti's ns), each step is that of its rounded total, as the schedule shows it.
  const plainStep = (attempt: number) =>
    model.totals ? model.totals(attempt).cumulativeMs - (attempt > 1 ? model.totals(attempt - 1).cumulativeMs : 0) : model.delay(attempt).delayMs;
  const plain = () => (attempt: number) => (attempt > plainLast ? null : plainStep(attempt));
  const stopping = rule.kind === "forever" ? `${ruleText}; simulated over ${retries} ${retries === 1 ? "retry" : "retries"}${range === null ? " (--attempts to change)" : ""}` : ruleText;
  return {
    kind: "preset",
    preset: { name: preset.name, library: preset.library, parameters: model.parameters, jittered: model.jittered, stopping },
    cohort,
    seed,
    result: keptWithin(cohort, capAdvice, (maxKeptTimes) => simulateClients(libraryClient(model, retries), cohort, cohortRandom(seed), { keepRetryCounts, maxKeptTimes })),
    baseline: keptWithin(cohort, capAdvice, (maxKeptTimes) => simulateClients(plain, cohort, cohortRandom(seed), { keepRetryCounts, maxKeptTimes })),
  };
}
