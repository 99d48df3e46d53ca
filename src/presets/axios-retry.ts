import { MAX_EXACT_MS, SATURATED_MS } from "../core/limits.js";
import { unclamped } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { wholeMs } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { withRetryAfterWaits } from "./kit/retry-after.js";

/** Every refusal goes through here: one PresetError per bad value, in axios-retry's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** axios-retry with `retryDelay: axiosRetry.exponentialDelay` (or linearDelay). */
export const axiosRetry: Preset = {
  name: "axios-retry",
  library: "axios-retry 4.5.0 (retryDelay: exponentialDelay)",
  timeUnit: "fractional milliseconds (handed to setTimeout)",
  repository: "softonic/axios-retry",
  source: "src/index.ts (exponentialDelay, linearDelay, noDelay, DEFAULT_OPTIONS, handleRetry)",
  formula: "exponentialDelay: 2^a × delayFactor × (1 + 0.2 r); linearDelay: a × delayFactor",
  defaults: "retries 3, retryDelay noDelay (no wait at all); with exponentialDelay: delayFactor 100 ms",
  jitter: "exponentialDelay only: + delay × 0.2 × Math.random(), upward, in [d, 1.2 d]; no cap exists",
  defaultRetries: 3,
  // axios-retry 4.5.0 src/index.ts: retryCondition isNetworkOrIdempotentRequestError, a network error on any method
  // (no response, not ECONNABORTED or ERR_CANCELED, is-retry-allowed's codes) or, on GET, HEAD, OPTIONS, PUT and
  // DELETE, isRetryableError: no response (not ECONNABORTED), 429, or 500–599.
  conditions: {
    // axios-retry 4.5.0 src/index.ts:140-142: isNetworkError(error) || isIdempotentRequestError(error); isNetworkError (l.95-109)
    // has no method check: a network error whose code is-retry-allowed allows (ECONNRESET, ECONNREFUSED; not ENOTFOUND,
    // ENETUNREACH or a certificate error) is retried on any method, POST included. The methods below bound the rest.
    words: ["isNetworkOrIdempotentRequestError", "isNetworkError on any method"],
    from: "axios-retry's default retryCondition",
    isDefault: true,
    conditions: [{ kind: "connection" }, { kind: "status", code: 429 }, { kind: "5xx" }],
    methods: ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"],
  },
  defaultAttempts: 3,
  parameters: {
    strategy: "retryDelay: exponential = exponentialDelay, linear = linearDelay(delayFactor)",
    baseMs: "delayFactor (ms), exponentialDelay's third argument or linearDelay's",
    retries: "retries",
  },
  quirks: [
    "The default retryDelay is noDelay: without retryDelay: axiosRetry.exponentialDelay every retry is immediate (or waits for Retry-After).",
    "retryCount is already 1 at the first retry, so exponentialDelay starts at 2 × delayFactor: 200, 400, 800 ms (+ up to 20 %), not 100.",
    "Without shouldResetTimeout the request timeout is shared by all tries and waits: a retry whose wait would use up the rest is not made.",
    "The waits are fractional ms handed to setTimeout; shown rounded half up.",
  ],
  retryAfter:
    "exponentialDelay waits max(2^a × delayFactor, Retry-After) × (1 + 0.2r): the header raises the wait before the jitter, which then adds up to 20 % of it; linearDelay and noDelay wait max(their delay, Retry-After).",
  build(overrides) {
    const strategy = overrides.strategy ?? "exponential";
    if (strategy === "fixed") reject("retryDelay is exponentialDelay (exponential) or linearDelay (linear); a fixed wait is a custom retryDelay function");
    const delayFactor = overrides.baseMs ?? 100;
    const retries = overrides.retries ?? 3;
    const parameters = { retries, retryDelay: strategy === "linear" ? "linearDelay" : "exponentialDelay", delayFactor };
    if (strategy === "linear") {
      // linearDelay(delayFactor)(retryNumber): const delay = retryNumber * delayFactor; return Math.max(delay, retryAfter(error));
      const own = independentModel({
        delay: (attempt) => unclamped(wholeMs(attempt * delayFactor)),
        jitter: null,
        capMs: null,
        capReachedAt: null,
        steadyFrom: null,
        retries,
        parameters,
      });
      return withRetryAfterWaits(
        own,
        overrides.retryAfter,
        (attempt, headerMs) => {
          const d = own.delay(attempt);
          const ms = Math.max(d.delayMs, headerMs);
          return { delay: unclamped(ms), bounds: { minMs: ms, maxMs: ms }, meanMs: ms, fromDraw: () => ms, change: headerMs > d.delayMs ? "yes" : "no" };
        },
        "axios-retry's linearDelay waits the longer of a × delayFactor and the Retry-After (Math.max), uncapped",
      );
    }
    // exponentialDelay(retryNumber, error, delayFactor): calculatedDelay = 2 ** retryNumber * delayFactor;
    //   delay = Math.max(calculatedDelay, retryAfter(error)); randomSum = delay * 0.2 * Math.random(); return delay + randomSum
    const delay = (attempt: number) => 2 ** attempt * delayFactor;
    const waitMs = (attempt: number, r: number) => {
      const d = delay(attempt);
      // Past 2^1024 the delay is Infinity (and Infinity × 0 is NaN): saturated, as every wait from 2^53 ms.
      return Number.isFinite(d) ? wholeMs(d + d * 0.2 * r) : SATURATED_MS;
    };
    const own = independentModel({
      delay: (attempt) => unclamped(wholeMs(delay(attempt))),
      jitter: {
        bounds: (attempt) => ({ minMs: waitMs(attempt, 0), maxMs: waitMs(attempt, JS_RANDOM_MAX) }),
        mean: (attempt) => {
          const d = delay(attempt);
          // From 2^53 ms every wait is saturated (and the exact mean's squares would overflow past 2^512).
          return d < MAX_EXACT_MS ? meanFloorUniform(d + 0.5, d * 1.2 + 0.5) : SATURATED_MS;
        },
        draw: (attempt, random) => waitMs(attempt, jsRandom(random)),
      },
      capMs: null,
      capReachedAt: null,
      steadyFrom: null,
      retries,
      notes: ["axios-retry: exponentialDelay is opt-in; the default retryDelay, noDelay, does not wait at all."],
      parameters,
    });
    // exponentialDelay: delay = Math.max(calculatedDelay, retryAfter(error)); return delay + delay * 0.2 * Math.random()
    //   retryAfter(error): (Number(header) || 0) * 1000, so a Retry-After of 0 raises nothing.
    const raised = (attempt: number, headerMs: number) => Math.max(delay(attempt), headerMs);
    const raisedWait = (m: number, r: number) => (Number.isFinite(m) ? wholeMs(m + m * 0.2 * r) : SATURATED_MS);
    return withRetryAfterWaits(
      own,
      overrides.retryAfter,
      (attempt, headerMs) => {
        const m = raised(attempt, headerMs);
        const low = raisedWait(m, 0);
        return {
          delay: unclamped(low),
          bounds: { minMs: low, maxMs: raisedWait(m, JS_RANDOM_MAX) },
          meanMs: m < MAX_EXACT_MS ? meanFloorUniform(m + 0.5, m * 1.2 + 0.5) : SATURATED_MS,
          fromDraw: (_own, random) => raisedWait(m, jsRandom(random)),
          // Raised, every draw d × (1 + 0.2r) becomes m × (1 + 0.2r), longer whatever r is.
          change: headerMs > delay(attempt) ? "yes" : "no",
        };
      },
      "axios-retry's exponentialDelay waits max(2^a × delayFactor, Retry-After) × (1 + 0.2r): the header raises the wait before the jitter, which then adds up to 20 % of it, and nothing caps it",
    );
  },
};
