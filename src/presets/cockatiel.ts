import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { parseChoice } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { saturate, wholeMs } from "./kit/whole-ms.js";
import { POLLY_V2_TOTALS_NOTE, pollyV2Decorrelated, pollyV2PresetModel } from "./kit/polly-v2-decorrelated.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset } from "./types.js";

const GENERATORS = ["decorrelated", "none", "full", "half"] as const;
/** cockatiel's rpScalingFactor. */
const RP_SCALING_FACTOR = 1 / 1.4;

/** cockatiel `new ExponentialBackoff({ generator, initialDelay, maxDelay, exponent })`. */
export const cockatiel: Preset = {
  name: "cockatiel",
  library: "cockatiel 3.2.1 (newest for Node 20; 4.x needs Node 22)",
  timeUnit: "fractional milliseconds (handed to setTimeout)",
  repository: "connor4312/cockatiel",
  source: "src/backoff/ExponentialBackoff.ts, src/backoff/ExponentialBackoffGenerators.ts; src/Policy.ts (retry, handleAll: the conditions)",
  formula: "noJitter: min(maxDelay, initialDelay × 2^(a−1)); default decorrelated: min(max(0, f(t) − f(t′)) / 1.4 × initialDelay, maxDelay), f(t) = exponent^t × tanh(√(4t)), t = a − 1 + r",
  defaults: "generator decorrelatedJitterGenerator, initialDelay 128 ms, maxDelay 30000 ms, exponent 2; retry() maxAttempts Infinity",
  stopping: "maxAttempts Infinity",
  jitter: "decorrelated (default): from the previous draw, not rounded, cap after; full: floor(r × d); half: floor((d + r × d) / 2); cap before full/half",
  defaultRetries: null,
  // cockatiel 3.2.1 src/Policy.ts: retry(policy: Policy, opts) takes the handler as its first, required argument (handleAll,
  // handleType, handleWhen, handleResultType, …): what is retried is the caller's, not a default.
  conditions: { words: ["retry(policy, opts)"], from: "cockatiel's required handler", isDefault: false, conditions: [{ kind: "code", why: "the Policy given to retry(): handleAll, handleType, handleWhen, …; no default" }] },
  defaultAttempts: 10,
  parameters: {
    baseMs: "initialDelay",
    capMs: "maxDelay",
    factor: "exponent (read only by the decorrelated generator)",
    jitter: "generator: decorrelated, none, full or half",
    retries: "maxAttempts (retries after the first call)",
  },
  quirks: [
    "retry() without a backoff uses ConstantBackoff(0) and maxAttempts Infinity; this preset is new ExponentialBackoff().",
    "noJitter, full and half hard-code 2 and ignore exponent.",
    "Decorrelated waits are not rounded (fractional ms, shown rounded half up) and can be 0 at any attempt below the overflow of exponent^t (attempt 1025 with exponent 2).",
    "Decorrelated jitter caps after the jitter; full and half jitter the capped value.",
    "delay_ms is the formula's value without the draw: min(initialDelay × 2^(a−1), maxDelay) under full and half jitter (which never wait it: floor of r < 1), and under decorrelated jitter the generator at r = 0 (t = a − 1, so the first is 0); range and mean beside it are the draws'.",
  ],
  retryAfter: "cockatiel does not read Retry-After: the schedule is unchanged (a backoff of your own would have to read it from the failure).",
  build(overrides) {
    const initialDelay = overrides.baseMs ?? 128;
    const maxDelay = overrides.capMs ?? 30_000;
    const generator = overrides.jitter === undefined ? "decorrelated" : parseChoice(overrides.jitter, "cockatiel's generator", GENERATORS);
    if (overrides.factor !== undefined && generator !== "decorrelated") {
      throw new PresetError(
        parts`${option("factor")} is cockatiel's exponent, which only the decorrelated generator reads; ${generator === "none" ? "noJitterGenerator" : `${generator}JitterGenerator`} doubles regardless`,
      );
    }
    const exponent = overrides.factor ?? 2;
    const retries = overrides.retries ?? null;
    const capMs = wholeMs(maxDelay);
    const parameters = { generator, initialDelay, maxDelay, exponent, maxAttempts: retries ?? "Infinity" };
    // noJitterGenerator(attempts = a − 1): Math.min(options.maxDelay, options.initialDelay * 2 ** attempts)
    const raw = (attempt: number) => initialDelay * 2 ** (attempt - 1);
    const noJitter = (attempt: number) => Math.min(maxDelay, raw(attempt));
    const capReachedAt = firstTrueFrom1((attempt) => raw(attempt) >= maxDelay);
    const delay = (attempt: number) => clampedTo(wholeMs(raw(attempt)), capMs);

    if (generator === "decorrelated") {
      const model = pollyV2Decorrelated({
        exponent,
        randomMax: JS_RANDOM_MAX,
        draw: jsRandom,
        // decorrelatedJitterGenerator: formulaIntrinsicValue = isFinite(next) ? Math.max(0, next - prev) : Infinity;
        //                              Math.min(formulaIntrinsicValue * rpScalingFactor * options.initialDelay, options.maxDelay)
        finish: (next, prev) => Math.min((Number.isFinite(next) ? Math.max(0, next - prev) : Infinity) * RP_SCALING_FACTOR * initialDelay, maxDelay),
        capMs: maxDelay,
      });
      return pollyV2PresetModel(model, {
        capMs,
        capReachedAt: model.steadyFrom,
        retries,
        notes: ["cockatiel: decorrelated waits depend on the previous draw; delay_ms is the generator with every draw at 0 (t = a − 1), its mean beside it (numerically integrated where the cap bites).", POLLY_V2_TOTALS_NOTE],
        parameters,
      });
    }
    // fullJitterGenerator: Math.floor(Math.random() * delay); halfJitterGenerator: Math.floor((delay + Math.random() * delay) / 2)
    const jittered = generator === "full" ? (attempt: number, r: number) => Math.floor(r * noJitter(attempt)) : (attempt: number, r: number) => Math.floor((noJitter(attempt) + r * noJitter(attempt)) / 2);
    const mean = (attempt: number) => (generator === "full" ? meanFloorUniform(0, noJitter(attempt)) : meanFloorUniform(noJitter(attempt) / 2, noJitter(attempt)));
    return independentModel({
      // delay is d, the formula's value before the jitter (full and half never draw d itself: floor of r < 1).
      delay,
      jitter:
        generator === "none"
          ? null
          : {
              bounds: (attempt) => ({ minMs: saturate(jittered(attempt, 0)), maxMs: saturate(jittered(attempt, JS_RANDOM_MAX)) }),
              mean,
              draw: (attempt, random) => saturate(jittered(attempt, jsRandom(random))),
            },
      capMs,
      capReachedAt,
      steadyFrom: capReachedAt,
      retries,
      parameters,
    });
  },
};
