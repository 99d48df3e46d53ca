import { MAX_EXACT_MS } from "../../core/limits.js";
import { modelTotals } from "../../core/schedule.js";
import { bisect } from "../../core/solve.js";
import { firstTrueFrom1 } from "../../core/search.js";
import { groupDigits } from "../../core/text/digits.js";
import type { SolvedPreset } from "../../format/preset-solve.js";
import type { Solution } from "../../format/solve-report.js";
import { stopRuleOf, stopRuleText } from "../../presets/stop-rule.js";
import type { OverrideName, Preset, PresetModel, PresetOverrides } from "../../presets/types.js";
import { UsageError } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import type { OptionValues } from "../../config/option-values.js";
import { parseCount } from "../../config/option-values.js";
import { parseDuration } from "../../config/values.js";
import { OVERRIDE_FLAGS } from "../shared/preset-flags.js";
import { buildPreset, presetNamed, presetOffers, presetOverrides } from "../shared/preset-options.js";
import { outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import type { Program } from "../command.js";
import { MAX_SHOWN_ATTEMPTS, type SolveOptions, givenPolicyValues } from "./options.js";

/** The largest factor tried: past it a total that still falls short is out of reach. */
const MAX_FACTOR = 1e6;

type PresetUnknown = "attempts" | "base" | "factor";

/** What is left to find, among the parameters the library has (its own defaults fill the rest). */
function presetUnknown(preset: Preset, options: SolveOptions): PresetUnknown {
  const offers = (name: OverrideName) => presetOffers(preset, name) && !(name === "retries" && /range only/.test(preset.parameters.retries ?? ""));
  const lacking = (flag: string) =>
    new UsageError(`solve --preset ${preset.name} cannot find ${flag}: ${preset.name} has no such parameter; it offers ${(Object.keys(preset.parameters) as OverrideName[]).filter(offers).map((n) => `${OVERRIDE_FLAGS[n]} (${preset.parameters[n]})`).join(", ") || "nothing to solve for"}`);
  if (options.attempts === undefined) {
    if (!offers("retries")) throw lacking("--attempts");
    return "attempts";
  }
  if (options.base !== undefined && options.factor !== undefined) throw new UsageError("nothing to solve: leave out one of --attempts, --base or --factor");
  if (options.base === undefined && offers("baseMs") && options.factor !== undefined) return "base";
  if (options.base !== undefined) {
    if (!offers("factor")) throw lacking("--factor");
    return "factor";
  }
  if (offers("baseMs")) return "base";
  if (offers("factor")) return "factor";
  throw lacking("--base or --factor");
}

/** The library's own name for a parameter: "Multiplier" of "Multiplier", "minTimeout" of "minTimeout (ms)". */
function libraryName(preset: Preset, name: OverrideName): string {
  return (preset.parameters[name] ?? "").replace(/\s*\(.*$/, "");
}

/**
 * `backoff solve --preset NAME`: one of the library's own parameters from a total. The
 * attempts that fit a budget (its retry count, worst case, jitter included), or its base
 * or factor for N retries (the total without jitter), each found on the library's exact
 * schedule: integer search for counts and whole-ms bases, bisection for the factor.
 */
export async function runPresetSolve(options: SolveOptions, io: Io, showSchedule: Program["schedule"]): Promise<number> {
  if (options.total === undefined) throw new UsageError("solve needs --total <duration>: the total wait to aim for (or the budget to fit)");
  const preset = presetNamed(options.preset!, "--preset");
  const unknown = presetUnknown(preset, options);
  const targetMs = parseDuration("--total", options.total);
  const attempts = options.attempts === undefined ? null : parseCount("--attempts", options.attempts);
  const values: OptionValues = {
    preset: preset.name,
    ...givenPolicyValues(options),
    ...(attempts === null ? {} : { attempts: String(attempts) }),
  };
  const { overrides } = presetOverrides(preset, values);
  const build = (extra: PresetOverrides) => buildPreset(preset, { ...overrides, ...extra });
  const solution =
    unknown !== "attempts"
      ? solveParameter(preset, unknown, attempts!, targetMs, build)
      : preset.waitsDependOnRetries === true
        ? solveAttemptsRebuilt(preset, targetMs, build)
        : solveAttempts(preset, build({}), targetMs);
  const renderer = await outputRenderer("solve", options);
  const context = renderContext(io, options);
  if ("why" in solution) {
    await writeRendered(await renderer.render({ kind: "preset-no-solution", why: solution.why }, context), io);
    return 1;
  }
  const answer = { ...values, [unknown === "attempts" ? "attempts" : unknown]: solution.answerText, attempts: String(solution.attempts) };
  const command = `backoff --preset ${preset.name} ${Object.entries(answer)
    .filter(([key]) => key !== "preset")
    .map(([key, value]) => `--${key === "maxElapsed" ? "max-elapsed" : key} ${value}`)
    .join(" ")}`;
  // The answer must be a policy the library takes (sidekiq's retry_for excludes a retry count): refused before any output.
  buildPreset(preset, presetOverrides(preset, answer).overrides);
  const shown = solution.attempts <= MAX_SHOWN_ATTEMPTS;
  const { model } = solution;
  const rows = () =>
    shown ? Array.from({ length: solution.attempts }, (_, i) => ({ attempt: i + 1, delay_ms: model.delay(i + 1).delayMs, cumulative_ms: modelTotals(model, i + 1).cumulativeMs })) : null;
  await writeRendered(await renderer.render({ kind: "preset-solution", solution, command, shown, rows }, context), io);
  if (!shown || renderer.showsSchedule !== true) return 0;
  return showSchedule(answer, { format: "table", color: options.color }, io);
}

type Outcome = Solution<SolvedPreset> | { readonly why: string };

/** The most retries whose worst-case total fits the budget; a library that stops by time may stop first. */
function solveAttempts(preset: Preset, model: PresetModel, budgetMs: number): Outcome {
  const rule = stopRuleOf(preset, model);
  const total = (n: number) => modelTotals(model, n).maxMs;
  const name = libraryName(preset, "retries");
  if (total(1) > budgetMs) return { why: `the first wait of ${preset.name} alone may take ${groupDigits(total(1))} ms, over the budget of ${groupDigits(budgetMs)} ms` };
  const base = { preset, unknown: "attempts" as const, parameter: name, exact: null, targetMs: budgetMs, model };
  if (rule.kind === "elapsed") {
    const most = rule.stop.most;
    if (total(most) <= budgetMs) {
      return { ...base, attempts: most, answerText: String(most), achievedMs: total(most), nextTotalMs: null, note: `${stopRuleText(preset, rule)}: every run fits the budget, however many retries are allowed.` };
    }
    const over = firstTrueFrom1((n) => total(n) > budgetMs, most)!;
    return { ...base, attempts: over - 1, answerText: String(over - 1), achievedMs: total(over - 1), nextTotalMs: total(over), note: null };
  }
  const over = firstTrueFrom1((n) => total(n) > budgetMs, 2 ** 52);
  if (over === null) return { why: `every wait of ${preset.name} rounds to 0 ms, so any number of retries fits the budget` };
  return { ...base, attempts: over - 1, answerText: String(over - 1), achievedMs: total(over - 1), nextTotalMs: over - 1 < MAX_EXACT_MS ? total(over) : null, note: null };
}

/** Counts searched when every count is a library of its own (waitsDependOnRetries). */
const REBUILT_LIMIT = 1 << 20;

/**
 * The most retries whose worst-case total fits the budget, for a library whose waits
 * depend on its count: each count n is the library built for n retries, its total after n.
 */
function solveAttemptsRebuilt(preset: Preset, budgetMs: number, build: (extra: PresetOverrides) => PresetModel): Outcome {
  const modelFor = (n: number) => build({ retries: n });
  const total = (n: number) => modelTotals(modelFor(n), n).maxMs;
  const name = libraryName(preset, "retries");
  if (total(1) > budgetMs) return { why: `the first wait of ${preset.name} alone may take ${groupDigits(total(1))} ms, over the budget of ${groupDigits(budgetMs)} ms` };
  const over = firstTrueFrom1((n) => total(n) > budgetMs, REBUILT_LIMIT);
  if (over === null) return { why: `${preset.name}'s worst case stays within the budget for every count up to ${groupDigits(REBUILT_LIMIT)} retries` };
  const most = over - 1;
  return { preset, unknown: "attempts", parameter: name, exact: null, targetMs: budgetMs, model: modelFor(most), attempts: most, answerText: String(most), achievedMs: total(most), nextTotalMs: total(over), note: null };
}

/** The base (whole ms) or the factor that brings N retries of the library to the target total, without jitter. */
function solveParameter(preset: Preset, unknown: "base" | "factor", attempts: number, targetMs: number, build: (extra: PresetOverrides) => PresetModel): Outcome {
  const override: OverrideName = unknown === "base" ? "baseMs" : "factor";
  const parameter = libraryName(preset, override);
  const totalWith = (x: number) => modelTotals(build({ [override]: x }), attempts).cumulativeMs;
  // The smallest the library takes: a 1 ms base, or factor 1 (every wait the base).
  const low = 1;
  const lowest = totalWith(low);
  if (lowest > targetMs) {
    return { why: `even with ${parameter} ${low}${unknown === "base" ? " ms" : ""}, ${attempts} retries of ${preset.name} wait ${groupDigits(lowest)} ms, more than the target of ${groupDigits(targetMs)} ms` };
  }
  let high = unknown === "base" ? Math.max(2, targetMs) : 2;
  while (totalWith(high) < targetMs) {
    if (unknown === "base" || high >= MAX_FACTOR) {
      return { why: `${attempts} retries of ${preset.name} wait at most ${groupDigits(totalWith(high))} ms whatever ${parameter} is (its cap or its stopping rule bound them), less than the target of ${groupDigits(targetMs)} ms` };
    }
    high *= 2;
  }
  let exact: number;
  let answerText: string;
  if (unknown === "base") {
    // Whole ms: the smallest base reaching the target, or the one below it when that lands closer.
    const reach = firstTrueFrom1((b) => totalWith(b) >= targetMs, high)!;
    const below = reach > 1 ? reach - 1 : reach;
    const best = Math.abs(totalWith(below) - targetMs) < Math.abs(totalWith(reach) - targetMs) ? below : reach;
    exact = reach;
    answerText = String(best);
  } else {
    exact = bisect(totalWith, targetMs, 1, high);
    answerText = String(exact);
    for (let decimals = 2; decimals <= 10; decimals++) {
      answerText = String(Math.max(1, Number(exact.toFixed(decimals))));
      if (Math.abs(totalWith(Number(answerText)) - targetMs) <= targetMs / 1000) break;
    }
  }
  const model = build({ [override]: Number(answerText) });
  return { preset, unknown, parameter, attempts, answerText, exact: unknown === "factor" ? exact : null, targetMs, achievedMs: modelTotals(model, attempts).cumulativeMs, nextTotalMs: null, note: null, model };
}
