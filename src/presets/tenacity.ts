import { attemptDelay, capReachedAt as policyCapReachedAt, constantFrom } from "../core/delay.js";
import { MAX_EXACT_MS } from "../core/limits.js";
import { normalizePolicy } from "../core/policy.js";
import { independentModel } from "./kit/independent-model.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset } from "./types.js";

/** tenacity's MAX_WAIT = sys.maxsize / 2 seconds (64-bit CPython), as a float. */
const MAX_WAIT_SECONDS = 9223372036854775807 / 2;

/** tenacity `wait_exponential(multiplier, max, exp_base, min)`: the calculator's own exponential formula, in seconds. */
export const tenacity: Preset = {
  name: "tenacity",
  library: "tenacity 9.1.4 (wait_exponential; attempt_number − 1 since 5.1.0)",
  timeUnit: "float seconds",
  repository: "jd/tenacity",
  source: "tenacity/wait.py (wait_exponential.__call__), tenacity/__init__.py (retry: stop_never, wait_none)",
  formula: "max(max(0, min), min(multiplier × exp_base^(a−1), max)) seconds",
  defaults: "wait_exponential(): multiplier 1 s, exp_base 2, min 0, max sys.maxsize / 2 s (none in practice); stop_never (a bare @retry waits 0 s, wait_none, and never stops)",
  stopping: "stop_never",
  jitter: "none in wait_exponential (wait_random_exponential and wait_exponential_jitter are other wait functions)",
  defaultRetries: null,
  // tenacity 9.1.4 tenacity/__init__.py BaseRetrying: retry=retry_if_exception_type(), whose default is Exception.
  conditions: { words: ["retry_if_exception_type(Exception)"], from: "tenacity's default retry", isDefault: true, conditions: [{ kind: "every-error", but: "BaseException outside Exception" }] },
  defaultAttempts: 10,
  parameters: {
    baseMs: "multiplier (seconds; fractions allowed)",
    capMs: "max (seconds)",
    factor: "exp_base",
    retries: "stop=stop_after_attempt(N + 1) (it counts the first call)",
  },
  quirks: [
    "The default stop is stop_never: without stop=… tenacity retries forever; the schedule shows 10.",
    "A bare @retry has wait=wait_none() and stop=stop_never: it retries at once, forever; this preset is @retry(wait=wait_exponential(…)).",
    "attempt_number is 1 after the first failure, so the first wait is multiplier × exp_base^0 = multiplier.",
    "An OverflowError in the power returns max; with int arguments Python's exact integers never overflow.",
    "Releases before 5.1.0 used exp_base ** attempt_number (2, 4, 8 … s for the same call); 5.1.0 (June 2019) made the first wait the multiplier.",
  ],
  retryAfter: "tenacity does not read Retry-After: the schedule is unchanged (a wait function of your own would have to read it from the outcome).",
  build(overrides) {
    if (overrides.jitter !== undefined) {
      throw new PresetError(
        parts`tenacity's wait_exponential has no jitter (wait_random_exponential is a different wait); tenacity offers ${option("baseMs")} (multiplier), ${option("capMs")} (max), ${option("factor")} (exp_base) and ${option("retries")} (stop_after_attempt)`,
      );
    }
    const multiplierMs = overrides.baseMs ?? 1000;
    const maxMs = overrides.capMs ?? MAX_WAIT_SECONDS * 1000;
    if (maxMs < multiplierMs) throw new PresetError(parts`${option("capMs")} (max, ${maxMs} ms) below ${option("baseMs")} (multiplier, ${multiplierMs} ms) makes every wait the max; give a cap of at least the base`);
    // wait.py: exp = self.exp_base ** (retry_state.attempt_number - 1); result = self.multiplier * exp; min(result, self.max)
    // With the default max (4.6e21 ms) no delay can be shown exactly before it is saturated anyway: no cap.
    const policy = normalizePolicy({ baseMs: multiplierMs, factor: overrides.factor ?? 2, capMs: maxMs > MAX_EXACT_MS ? null : maxMs });
    const retries = overrides.retries ?? null;
    return independentModel({
      delay: (attempt) => attemptDelay(policy, attempt),
      jitter: null,
      capMs: policy.capMs,
      capReachedAt: policyCapReachedAt(policy),
      steadyFrom: constantFrom(policy),
      retries,
      parameters: { multiplier: multiplierMs / 1000, exp_base: policy.factor, max: maxMs / 1000, min: 0, stop: retries === null ? "stop_never" : `stop_after_attempt(${retries + 1})` },
    });
  },
};
