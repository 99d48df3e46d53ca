import type { AttemptDelay } from "../core/delay.js";
import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { parseSwitch } from "./kit/jitter-setting.js";
import { random53, RANDOM53_MAX } from "./kit/random-grid.js";
import { saturate, wholeMs } from "./kit/whole-ms.js";
import { POLLY_V2_TOTALS_NOTE, pollyV2Decorrelated, pollyV2PresetModel } from "./kit/polly-v2-decorrelated.js";
import type { Preset } from "./types.js";

const TICKS_PER_MS = 10_000;
/** RetryHelper.MaxTimeSpanDouble = (double)TimeSpan.MaxValue.Ticks - 1000. */
const MAX_TIMESPAN_DOUBLE = 9223372036854775807 - 1000;
const JITTER_FACTOR = 0.5;
const RP_SCALING_FACTOR = 1 / 1.4;
const TYPES = { fixed: "Constant", linear: "Linear", exponential: "Exponential" } as const;

/** Polly v8 `RetryStrategyOptions` (RetryHelper.GetRetryDelay). */
export const polly: Preset = {
  name: "polly",
  library: "Polly.Core 8.x",
  timeUnit: "100-ns ticks (TimeSpan)",
  repository: "App-vNext/Polly",
  source: "src/Polly.Core/Retry/RetryHelper.cs, src/Polly.Core/Retry/RetryConstants.cs; src/Polly.Core/Retry/RetryStrategyOptions.TResult.cs and src/Polly.Core/Utils/DefaultPredicates.cs (ShouldHandle: the conditions)",
  formula: "Constant: d; Linear: a × d; Exponential: 2^(a−1) × d (BackoffType: Constant, Linear or Exponential, the strategy fixed, linear or exponential)",
  defaults: "BackoffType Constant, Delay 2 s, MaxRetryAttempts 3, UseJitter false, MaxDelay none",
  stopping: "MaxRetryAttempts 3",
  jitter: "UseJitter: Constant/Linear d × (0.75 + 0.5r) in [0.75d, 1.25d); Exponential: decorrelated jitter V2 scaled by Delay; MaxDelay clamps after",
  defaultRetries: 3,
  // Polly.Core 8.x src/Polly.Core/Retry/RetryStrategyOptions.TResult.cs: ShouldHandle = DefaultPredicates<…>.HandleOutcome, and
  // src/Polly.Core/Utils/DefaultPredicates.cs: OperationCanceledException => false, Exception => true, _ => false (a result is not retried).
  conditions: {
    words: ["ShouldHandle: DefaultPredicates.HandleOutcome"],
    from: "RetryStrategyOptions' default",
    isDefault: true,
    conditions: [{ kind: "every-error", but: "OperationCanceledException" }],
  },
  defaultAttempts: 3,
  parameters: {
    baseMs: "Delay",
    capMs: "MaxDelay",
    jitter: "UseJitter (on or off)",
    retries: "MaxRetryAttempts",
    strategy: "BackoffType: fixed = Constant, linear = Linear, exponential = Exponential",
  },
  quirks: [
    "The default BackoffType is Constant (2 s every time); choose the exponential or linear strategy for the others.",
    "Exponential with UseJitter switches to decorrelated jitter V2 (the formula cockatiel copied): a wait depends on the previous draw and can be near 0.",
    "MaxDelay clamps after the jitter: past it every wait is exactly MaxDelay.",
    "Delays are TimeSpans (100 ns ticks); shown rounded half up to whole ms. Early v8 pre-releases jittered upward only (d + 0.5·d·r).",
  ],
  retryAfter: "Polly.Core does not read Retry-After: the schedule is unchanged; a DelayGenerator that does (Microsoft.Extensions.Http.Resilience's ShouldRetryAfterHeader) replaces the delay, and MaxDelay does not cap what it returns (RetryResilienceStrategy.cs), which is not modelled here.",
  build(overrides) {
    const strategy = overrides.strategy ?? "fixed";
    const type = TYPES[strategy];
    const baseTicks = Math.round((overrides.baseMs ?? 2000) * TICKS_PER_MS);
    const maxDelayTicks = overrides.capMs === undefined ? null : Math.round(overrides.capMs * TICKS_PER_MS);
    const useJitter = overrides.jitter === undefined ? false : parseSwitch(overrides.jitter, "Polly's UseJitter");
    const retries = overrides.retries ?? 3;
    const capMs = maxDelayTicks === null ? null : wholeMs(maxDelayTicks / TICKS_PER_MS);
    const clampTicks = (ticks: number) => (maxDelayTicks !== null && ticks > maxDelayTicks ? maxDelayTicks : ticks);
    const ms = (ticks: number) => saturate(wholeMs(ticks / TICKS_PER_MS));
    const parameters = { BackoffType: type, Delay: baseTicks / TICKS_PER_MS, MaxDelay: capMs, UseJitter: useJitter, MaxRetryAttempts: retries };
    // GetRetryDelay, attempt = a − 1 (.NET Core path): Constant baseDelay; Linear (attempt + 1) * baseDelay;
    // Exponential Math.Pow(ExponentialFactor, attempt) * baseDelay — TimeSpan × double rounds to whole ticks (Math.Round, to even).
    const roundTicks = (ticks: number) => {
      const floor = Math.floor(ticks);
      const rest = ticks - floor;
      return rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
    };
    const rawTicks = (attempt: number) =>
      strategy === "fixed" ? baseTicks : strategy === "linear" ? roundTicks(attempt * baseTicks) : roundTicks(Math.pow(2, attempt - 1) * baseTicks);
    const delay = (attempt: number): AttemptDelay => clampedTo(ms(rawTicks(attempt)), capMs);
    const capReachedAt = maxDelayTicks === null ? null : firstTrueFrom1((attempt) => rawTicks(attempt) >= maxDelayTicks);
    const steadyFrom = strategy === "fixed" ? 1 : capReachedAt;

    if (useJitter && strategy === "exponential") {
      const model = pollyV2Decorrelated({
        exponent: 2,
        randomMax: RANDOM53_MAX,
        draw: random53,
        // DecorrelatedJitterBackoffV2: infinite next → TimeSpan.FromTicks((long)MaxTimeSpanDouble);
        // else TimeSpan.FromTicks((long)Math.Min(formulaIntrinsicValue * RpScalingFactor * targetTicksFirstDelay, MaxTimeSpanDouble)); then MaxDelay
        finish: (next, prev) => {
          const ticks = Number.isFinite(next) ? Math.trunc(Math.min((next - prev) * RP_SCALING_FACTOR * baseTicks, MAX_TIMESPAN_DOUBLE)) : MAX_TIMESPAN_DOUBLE;
          return clampTicks(ticks) / TICKS_PER_MS;
        },
        capMs: maxDelayTicks === null ? MAX_TIMESPAN_DOUBLE / TICKS_PER_MS : maxDelayTicks / TICKS_PER_MS,
      });
      return pollyV2PresetModel(model, {
        capMs,
        capReachedAt: capMs === null ? null : model.steadyFrom,
        retries,
        notes: ["polly: Exponential with UseJitter is decorrelated jitter; delay_ms is the rounded mean (numerically integrated where MaxDelay bites).", POLLY_V2_TOTALS_NOTE],
        parameters,
      });
    }
    // ApplyJitter: offset = (ms * JitterFactor) / 2; randomDelay = (ms * JitterFactor * r) - offset; TimeSpan.FromMilliseconds(ms + randomDelay)
    const jittered = (attempt: number, r: number) => {
      const base = rawTicks(attempt) / TICKS_PER_MS;
      const offset = (base * JITTER_FACTOR) / 2;
      const randomDelay = base * JITTER_FACTOR * r - offset;
      return clampTicks(Math.trunc((base + randomDelay) * TICKS_PER_MS));
    };
    return independentModel({
      delay,
      jitter: useJitter
        ? {
            bounds: (attempt) => ({ minMs: ms(jittered(attempt, 0)), maxMs: ms(jittered(attempt, RANDOM53_MAX)) }),
            mean: (attempt) => {
              const base = rawTicks(attempt) / TICKS_PER_MS;
              const cap = capMs ?? Infinity;
              const low = base * 0.75;
              const high = base * 1.25;
              // E[min(X, cap)] for X uniform on [low, high]
              if (high <= cap) return base;
              if (low >= cap) return cap;
              return ((cap * cap - low * low) / 2 + (high - cap) * cap) / (high - low);
            },
            draw: (attempt, random) => ms(jittered(attempt, random53(random))),
          }
        : null,
      capMs,
      capReachedAt,
      steadyFrom: useJitter && maxDelayTicks !== null && strategy !== "fixed" ? firstTrueFrom1((attempt) => jittered(attempt, 0) >= maxDelayTicks) : steadyFrom,
      retries,
      parameters,
    });
  },
};
