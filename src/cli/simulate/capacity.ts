import type { ClientLimit } from "../../core/herd/capacity/limits/limit.js";
import { NO_RETRIES, type RetryPolicy, scheduleRetries } from "../../core/herd/capacity/retry-policy.js";
import { type CapacityResult, capacityResult, simulateCapacity } from "../../core/herd/capacity/run.js";
import { type DelaySpread, policySpreads } from "../../core/herd/capacity/flow/delay-spread.js";
import { type FlowSetup, capacityFlowWindows, flowRingBins, flowWork, wholeTotals, wholeWindow } from "../../core/herd/capacity/flow/simulate-flow.js";
import type { FlowLimit } from "../../core/herd/capacity/flow/flow-limit.js";
import { serverCapacity } from "../../core/herd/capacity/server.js";
import { type CapacitySetup, MAX_WINDOWS, type OutageKind } from "../../core/herd/capacity/setup.js";
import { type CapacityWindow, capacityWindows } from "../../core/herd/capacity/simulate.js";
import { jitterName, jitteredPolicyModel } from "../../core/jitter/index.js";
import type { Jitter } from "../../core/jitter/index.js";
import { humanDuration } from "../../core/text/duration.js";
import type { CapacityDescription, CapacityReport, CapacityVariant } from "../../format/herd/capacity.js";
import { groupDigits } from "../../core/text/digits.js";
import { stopRuleOf, mostRetries } from "../../presets/stop-rule.js";
import { didYouMean } from "../../core/text/closest.js";
import { UsageError, shown } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { checkJitterNeedsCap, parseJitter, parseSeed } from "../../config/jitter-options.js";
import type { OptionValues } from "../../config/option-values.js";
import { policyFromValues } from "../../config/policy-values.js";
import { buildPreset, presetNamed, presetOverrides } from "../shared/preset-options.js";
import { seededRandom } from "../../core/random.js";
import { inputText, parseDuration } from "../../config/values.js";
import { comparedJitters } from "./cohort.js";
import { type LimitChoice, type VariantChoice, circuitBreakerChoice, parseCompare, retryBudgetChoice, retryQuotaChoice, retryThrottlingChoice } from "./capacity-limits.js";
import { COHORT_ONLY, OCC_ONLY, flagOf } from "./herd-options.js";
import { outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { parsePositive, parseSpan, parseWholeIn } from "./herd-values.js";
import { libraryClient } from "./preset-simulation.js";
import { DEFAULT_SEED, type SimulateSwitches } from "./switches.js";

export const CAPACITY_DEFAULTS = { rps: "500", capacity: "1000", concurrency: "1", timeout: "1s", outageKind: "stall", arrivals: "poisson", window: "1s", attempts: "3" } as const;
/** The queue holds this much of the server's work unless --queue says (2 s: a call at its end waits twice the default timeout). */
export const DEFAULT_QUEUE_SECONDS = 2;
/** A run lasts at least a minute, and twice as long as it takes the outage to end. */
export const MIN_DURATION_MS = 60_000;
export const MAX_RPS = 10_000_000;
export const MAX_SIMULATED_RETRIES = 1000;
/**
 * Calls a command may simulate at most, counted before it starts from the worst case:
 * every request (rps × duration) failing every try, 1 + retries calls each, per variant.
 * The model spends about 0.6 µs of CPU a call (the 10 min storm of docs/performance.md:
 * 22,174,531 calls in 13.0 s), so this many take about 10 s.
 */
export const MAX_CAPACITY_CALLS = 16_000_000;

/** Options of the other models, refused here. */
const NOT_CAPACITY = [...COHORT_ONLY, ...OCC_ONLY, "clients"] as const;

/** A run's retry policy, described in a phrase: a preset's own, or the calculator's policy with its jitter. */
interface PolicyChoice {
  readonly text: string;
  /** Retries per request at most. */
  readonly retries: number;
  readonly make: (jitter?: Jitter) => RetryPolicy;
  /** Each retry's wait as a distribution, for --expected; null under --preset (a library's own jitter is sampled). */
  readonly spreads: ((jitter?: Jitter) => DelaySpread[]) | null;
  readonly jitter: Jitter | null;
  /** The calculator's cap (null: none, and --compare-jitter leaves decorrelated out). */
  readonly capMs: number | null;
}

function policyChoice(values: OptionValues): PolicyChoice {
  if (values.preset !== undefined) {
    const preset = presetNamed(values.preset, "--preset");
    const { overrides, range } = presetOverrides(preset, values);
    const model = buildPreset(preset, overrides);
    const rule = stopRuleOf(preset, model);
    const retries = rule.kind === "forever" ? (range?.last ?? preset.defaultAttempts) : mostRetries(rule)!;
    if (retries > MAX_SIMULATED_RETRIES) throw new UsageError(`--preset ${preset.name} makes up to ${groupDigits(retries)} retries, and a request retries at most ${MAX_SIMULATED_RETRIES} times here; give --attempts`);
    const policy = libraryClient(model, retries);
    return { text: `${preset.name} (${preset.library}), up to ${retries} ${retries === 1 ? "retry" : "retries"}`, retries, make: () => policy, spreads: null, jitter: null, capMs: null };
  }
  const retries = parseWholeIn("--attempts", values.attempts ?? CAPACITY_DEFAULTS.attempts, 0, MAX_SIMULATED_RETRIES, `a count of retries from 0 to ${MAX_SIMULATED_RETRIES}`);
  const policy = policyFromValues(values);
  const jitter: Jitter = values.jitter === undefined ? { kind: "none" } : parseJitter("--jitter", values.jitter);
  checkJitterNeedsCap(jitter, policy.capMs);
  const shape = policy.strategy === "exponential" ? `${humanDuration(policy.baseMs)} × ${policy.factor}^(n−1)` : `${policy.strategy} from ${humanDuration(policy.baseMs)}`;
  const cap = policy.capMs === null ? "no cap" : `cap ${humanDuration(policy.capMs)}`;
  const describe = (j: Jitter) => (retries === 0 ? "none" : `up to ${retries} per request, ${shape}, ${cap}, jitter ${jitterName(j)}`);
  return {
    text: describe(jitter),
    retries,
    make: (j = jitter) => (retries === 0 ? NO_RETRIES : scheduleRetries(jitteredPolicyModel(policy, j), retries)),
    spreads: (j = jitter) => policySpreads(policy, j, retries),
    jitter,
    capMs: policy.capMs,
  };
}

/** The limits the flags name, in a fixed order. */
function limitChoices(options: SimulateSwitches): LimitChoice[] {
  const limits: LimitChoice[] = [];
  if (options.retryBudget !== undefined) limits.push(retryBudgetChoice("--retry-budget", options.retryBudget));
  if (options.retryQuota !== undefined) limits.push(retryQuotaChoice("--retry-quota", options.retryQuota));
  if (options.retryThrottling !== undefined) limits.push(retryThrottlingChoice("--retry-throttling", options.retryThrottling));
  if (options.circuitBreaker !== undefined) limits.push(circuitBreakerChoice("--circuit-breaker", options.circuitBreaker));
  return limits;
}

/** The set-up from the options, every value checked and named in its error. */
export function capacitySetupFromOptions(options: SimulateSwitches, given: ReadonlySet<string>): { description: Omit<CapacityDescription, "retries" | "seed">; setup: Omit<CapacitySetup, "retry" | "limits"> } {
  for (const key of NOT_CAPACITY) if (given.has(key)) throw new UsageError(`${flagOf(key)} does not apply to --model capacity`);
  const rps = parsePositive("--rps", options.rps ?? CAPACITY_DEFAULTS.rps, "a positive rate of requests per second such as 500");
  if (rps > MAX_RPS) throw new UsageError(`--rps must be at most ${groupDigits(MAX_RPS)}, got ${shown(options.rps!)}`);
  const capacity = parsePositive("--capacity", options.capacity ?? CAPACITY_DEFAULTS.capacity, "a positive number of calls per second such as 1000");
  const concurrency = parseWholeIn("--concurrency", options.concurrency ?? CAPACITY_DEFAULTS.concurrency, 1, 1_000_000);
  const queue = options.queue === undefined ? Math.round(DEFAULT_QUEUE_SECONDS * capacity) : parseWholeIn("--queue", options.queue, 0, 100_000_000);
  const timeoutText = options.timeout ?? CAPACITY_DEFAULTS.timeout;
  const timeoutMs = inputText("--timeout", timeoutText).toLowerCase() === "none" ? Infinity : parseDuration("--timeout", timeoutText);
  const kindText = inputText("--outage-kind", options.outageKind ?? CAPACITY_DEFAULTS.outageKind).toLowerCase();
  if (kindText !== "stall" && kindText !== "errors") throw new UsageError(`--outage-kind must be stall or errors, got ${shown(options.outageKind!)}${didYouMean(kindText, ["stall", "errors"])}`);
  if (options.outageKind !== undefined && options.outage === undefined) throw new UsageError("--outage-kind needs --outage START..END");
  const span = options.outage === undefined ? null : parseSpan("--outage", options.outage);
  const outage = span === null ? null : { ...span, kind: kindText as OutageKind };
  if (outage?.kind === "stall" && timeoutMs === Infinity) throw new UsageError("--outage-kind stall fails calls only by the client's timeout: give --timeout, or --outage-kind errors");
  const durationMs = options.duration === undefined ? Math.max(MIN_DURATION_MS, 2 * (outage?.endMs ?? 0)) : parseDuration("--duration", options.duration);
  const windowMs = parseDuration("--window", given.has("window") ? options.window : CAPACITY_DEFAULTS.window);
  const windows = Math.ceil(durationMs / windowMs);
  if (windows > MAX_WINDOWS) throw new UsageError(`--duration over --window makes ${groupDigits(windows)} windows, more than ${groupDigits(MAX_WINDOWS)}; give a longer --window`);
  const arrivalsText = inputText("--arrivals", options.arrivals ?? CAPACITY_DEFAULTS.arrivals).toLowerCase();
  if (arrivalsText !== "poisson" && arrivalsText !== "uniform") throw new UsageError(`--arrivals must be poisson or uniform, got ${shown(options.arrivals!)}${didYouMean(arrivalsText, ["poisson", "uniform"])}`);
  const arrivals = arrivalsText as "poisson" | "uniform";
  // Each call takes concurrency / capacity seconds of one slot.
  const serviceMs = (concurrency * 1000) / capacity;
  const server = { concurrency, serviceMs, queue };
  const setup = { rps, arrivals, server, timeoutMs, outage, durationMs, windowMs };
  return { setup, description: { ...setup, capacity: serverCapacity(server), concurrency, serviceMs, queue } };
}

/** The variants a run compares, or the one it runs. */
interface Variant {
  readonly name: string;
  readonly retry: RetryPolicy;
  readonly retries: number;
  /** Each retry's wait distribution (--expected). */
  readonly spreads: () => DelaySpread[];
  readonly limits: () => (ClientLimit & FlowLimit)[];
}

function variantsOf(options: SimulateSwitches, policy: PolicyChoice, flagLimits: readonly LimitChoice[]): Variant[] {
  const withLimits = (choices: readonly LimitChoice[]) => () => choices.map((choice) => choice.make());
  const spreads = (jitter?: Jitter) => () => policy.spreads!(jitter);
  if (options.compare !== undefined && options.compareJitter) throw new UsageError("--compare and --compare-jitter each set the variants; give one");
  if (options.compare !== undefined) {
    if (flagLimits.length > 0) throw new UsageError("--compare names the limits of each variant; leave out --retry-budget, --retry-quota, --retry-throttling and --circuit-breaker");
    return parseCompare("--compare", options.compare).map((variant: VariantChoice) => ({
      name: variant.name,
      retry: variant.retries ? policy.make() : NO_RETRIES,
      retries: variant.retries ? policy.retries : 0,
      spreads: variant.retries ? spreads() : () => [],
      limits: withLimits(variant.limits),
    }));
  }
  const limitName = flagLimits.map((choice) => choice.name).join(" + ");
  if (options.compareJitter) {
    if (policy.jitter === null) throw new UsageError("--compare-jitter runs the calculator's jitter modes; under --preset the library's own jitter is simulated");
    return comparedJitters(policy.jitter, policy.capMs).map((jitter) => ({
      name: `jitter ${jitterName(jitter)}${limitName === "" ? "" : ` + ${limitName}`}`,
      retry: policy.make(jitter),
      retries: policy.retries,
      spreads: spreads(jitter),
      limits: withLimits(flagLimits),
    }));
  }
  return [{ name: limitName, retry: policy.make(), retries: policy.retries, spreads: spreads(), limits: withLimits(flagLimits) }];
}

/** `backoff simulate --model capacity`: the retry storm, per window, and whether the system recovers. */
export async function runCapacity(values: OptionValues, options: SimulateSwitches, given: ReadonlySet<string>, io: Io): Promise<number> {
  if (values.maxElapsed !== undefined && values.preset === undefined) throw new UsageError("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
  const { setup, description } = capacitySetupFromOptions(options, given);
  const seed = values.seed === undefined ? DEFAULT_SEED : parseSeed("--seed", values.seed);
  const policy = policyChoice(values);
  const variants = variantsOf(options, policy, limitChoices(options));
  const expected = options.expected === true;
  if (expected) {
    if (policy.spreads === null) throw new UsageError("--expected takes the calculator's policy (--base, --cap, --jitter, …); under --preset the library's own jitter is sampled: leave out --expected");
    if (given.has("seed") || values.seed !== undefined) throw new UsageError("--expected draws nothing, so it takes no --seed");
    checkFlowWork(setup.durationMs, variants.map((variant) => variant.retries));
    // The variants run one after another: memory is the largest one's rings.
    checkFlowMemory(Math.max(...variants.map((variant) => flowRingBins({ ...setup, spreads: variant.spreads() }))));
  } else checkCapacityWork(setup.rps, setup.durationMs, variants.map((variant) => variant.retries), policy.spreads !== null);
  // Drawn: Poisson arrivals or a jittered wait (the two streams `random` gives; a preset may jitter: counted as drawn); else every count is exact.
  const drawn = description.arrivals === "poisson" || policy.jitter === null || policy.jitter.kind !== "none";
  const report: Omit<CapacityDescription, never> = { ...description, retries: policy.text, seed, drawn, ...(expected ? { expected } : {}) };
  const random = () => ({ arrivals: seededRandom(seed, 1), delay: seededRandom(seed, 2) });
  const full = (variant: Variant): CapacitySetup => ({ ...setup, retry: variant.retry, limits: variant.limits() });
  const flow = (variant: Variant): FlowSetup => ({ ...setup, spreads: variant.spreads(), limits: variant.limits() });
  /** One variant's windows as they come: sampled, or expected and rounded to whole calls. */
  const windowsOf = (variant: Variant) => (expected ? wholeWindows(capacityFlowWindows(flow(variant))) : capacityWindows(full(variant), random()));
  const resultOf = (variant: Variant, onWindow?: (w: CapacityWindow) => void): CapacityResult => {
    if (!expected) return simulateCapacity(full(variant), random(), onWindow);
    // The verdict is read from the expected counts themselves; reports show them rounded.
    const result = capacityResult(capacityFlowWindows(flow(variant)), setup, onWindow === undefined ? undefined : (w) => onWindow(wholeWindow(w)));
    return { ...result, totals: wholeTotals(result.totals), peakCalls: Math.round(result.peakCalls) };
  };

  const renderer = await outputRenderer("capacity", options);
  // --compare (even of one variant) and --compare-jitter write the variants, one JSON shape whatever their number.
  if (variants.length > 1 || options.compare !== undefined) {
    const results: CapacityVariant[] = variants.map((variant) => {
      if (renderer.drawsWindows !== true) return { name: variant.name, result: resultOf(variant) };
      const windows: CapacityWindow[] = [];
      return { name: variant.name, result: resultOf(variant, (w) => windows.push(w)), windows };
    });
    return writeReport({ kind: "compare", setup: report, variants: results }, options, io);
  }
  const [variant] = variants as [(typeof variants)[number]];
  // CSV and TSV stream the windows as they come; the other formats hold them (a table is refused past its maxWindows).
  if (renderer.streams === true) {
    await writeRendered(await renderer.render({ kind: "stream", windows: windowsOf(variant) }, renderContext(io, options)), io);
    return 0;
  }
  const windowCount = Math.ceil(setup.durationMs / setup.windowMs);
  if (renderer.maxWindows !== undefined && windowCount > renderer.maxWindows) {
    throw new UsageError(`a table of ${groupDigits(windowCount)} windows is too long to read; use --format csv or tsv (which stream), or a longer --window`);
  }
  const windows: CapacityWindow[] = [];
  const result = resultOf(variant, (w) => windows.push(w));
  return writeReport({ kind: "timeline", setup: report, variant: { name: variant.name, result }, windows }, options, io);
}

/**
 * Refuses, before anything runs, a command whose calls could pass MAX_CAPACITY_CALLS: the
 * requests of the run (rps × duration), each failing every try, per variant. Where the
 * policy can be run in expected counts (not a preset's sampled jitter), the refusal says
 * so: --expected answers the same storm whatever the rate.
 */
export function checkCapacityWork(rps: number, durationMs: number, retriesPerVariant: readonly number[], canExpect = false): void {
  const requests = Math.ceil((rps * durationMs) / 1000);
  const calls = retriesPerVariant.reduce((sum, retries) => sum + requests * (1 + retries), 0);
  if (calls > MAX_CAPACITY_CALLS) {
    const variants = retriesPerVariant.length === 1 ? "" : ` over ${retriesPerVariant.length} variants`;
    throw new UsageError(
      `--rps × --duration makes ${groupDigits(requests)} requests, up to ${groupDigits(calls)} calls if every try fails${variants}, more than ${groupDigits(MAX_CAPACITY_CALLS)}; lower --rps, --duration or --attempts${canExpect ? ", or add --expected (expected counts, whose cost follows the simulated time, not the calls)" : ""}`,
    );
  }
}

/** Steps (milliseconds × call classes, summed over the variants) --expected takes at most: about 10 s of this project's machine. */
export const MAX_FLOW_STEPS = 100_000_000;

/** Refuses, before anything runs, an --expected command whose steps could pass MAX_FLOW_STEPS. */
export function checkFlowWork(durationMs: number, retriesPerVariant: readonly number[]): void {
  const steps = retriesPerVariant.reduce((sum, retries) => sum + flowWork({ durationMs, retries }), 0);
  if (steps > MAX_FLOW_STEPS) {
    throw new UsageError(`--expected steps through ${groupDigits(steps)} milliseconds × kinds of call, more than ${groupDigits(MAX_FLOW_STEPS)}; lower --duration or --attempts`);
  }
}

/** Bins (16 bytes each) --expected's rings may hold at most: about 540 MB. */
export const MAX_FLOW_RING_BINS = 2 ** 25;

/** Refuses, before anything runs, an --expected command whose rings of counts ahead would pass MAX_FLOW_RING_BINS. */
export function checkFlowMemory(bins: number): void {
  if (bins > MAX_FLOW_RING_BINS) {
    throw new UsageError(
      `--expected would keep ${groupDigits(bins)} milliseconds of counts ahead (a retry's longest wait, the timeout, or a call's time in the server with the stall, per kind of call), more than ${groupDigits(MAX_FLOW_RING_BINS)}; lower --cap, --timeout, --queue, the stall or --duration`,
    );
  }
}

/** Expected windows rounded to whole calls, as they come. */
function* wholeWindows(windows: Generator<CapacityWindow, unknown, undefined>): Generator<CapacityWindow, void, undefined> {
  for (const window of windows) yield wholeWindow(window);
}

async function writeReport(report: CapacityReport, options: SimulateSwitches, io: Io): Promise<number> {
  const renderer = await outputRenderer("capacity", options);
  await writeRendered(await renderer.render(report, renderContext(io, options)), io);
  return 0;
}
