import { groupDigits } from "../core/text/digits.js";
import { CENKALTI_DEFAULTS, cenkalti } from "./cenkalti.js";
import { MAX_DURATION_MS } from "./kit/go-duration.js";
import { PresetError } from "./errors.js";
import { independentModel } from "./kit/independent-model.js";
import type { Preset, PresetModel } from "./types.js";
import { DAPR_DEFAULT_RETRY_ON } from "../core/conditions/defaults/dapr.js";

/** dapr/kit retry.DefaultConfig: Duration 5 s, MaxRetries −1; backoff.DefaultInitialInterval etc. for exponential. */
const CONSTANT_MS = 5000;
const { initialMs: INITIAL_MS, multiplier: MULTIPLIER, randomization: RANDOMIZATION, maxIntervalMs: MAX_INTERVAL_MS, maxElapsedMs: MAX_ELAPSED_MS } = CENKALTI_DEFAULTS;

/**
 * Dapr's resiliency retries (`kind: Resiliency`, spec.policies.retries.<name>), as the
 * sidecar builds them: pkg/resiliency/resiliency.go decodePolicies starts every policy
 * from dapr/kit's retry.DefaultConfig and decodes the CRD's four fields into it (policy,
 * duration, maxInterval, maxRetries); retry.Config.NewBackOff builds a cenkalti/backoff v4
 * ConstantBackOff or ExponentialBackOff and wraps it in WithMaxRetries when maxRetries ≥ 0.
 */
export const dapr: Preset = {
  name: "dapr",
  library: "Dapr 1.18.3 and main of 2026-08 (Resiliency retries; dapr/kit retry on cenkalti/backoff v4.3.0)",
  timeUnit: "nanoseconds (time.Duration)",
  repository: "dapr/dapr",
  source:
    "pkg/resiliency/resiliency.go (decodePolicies, isBuiltInPolicy), pkg/resiliency/policy.go (NewRunnerWithOptions), pkg/apis/resiliency/v1alpha1/types.go (Retry), v1.18.3 (2dcf2e35) and main at d8450742 (2026-08-21); dapr/kit retry/retry.go (DefaultConfig, retry.go:66; NewBackOff, retry.go:117): v1.18.3 requires dapr/kit v0.18.3 (go.mod:16), whose tag the source read here lacks: the file read on dapr/kit main at 6e5616aa (2026-05-01, last changed in ba78e87; v0.17.1's file differs from it by two blank lines only); cenkalti/backoff v4.3.0 exponential.go, backoff.go, tries.go",
  formula:
    "constant: every wait is duration; exponential: cenkalti's ExponentialBackOff, I₁ = 500 ms, I(a+1) = maxInterval if I(a) ≥ maxInterval / 1.5, else Duration(I(a) × 1.5) (ns)",
  defaults:
    "policy constant, duration 5 s, maxRetries −1 (no count limit); exponential: InitialInterval 500 ms, Multiplier 1.5, RandomizationFactor 0.5, maxInterval 60 s, MaxElapsedTime 15 min",
  stopping: "maxRetries −1",
  jitter:
    "constant: none; exponential: cenkalti's, Duration(I(1−0.5) + r × (2·0.5·I + 1)) ns, from I/2 to 3I/2 around the capped interval (mean I): up to 90 s against the 60 s maxInterval",
  defaultRetries: null,
  retriesNote: "unlimited by count (maxRetries −1); the exponential policy also stops where MaxElapsedTime (15 min) stops it",
  defaultAttempts: 10,
  conditions: DAPR_DEFAULT_RETRY_ON,
  parameters: {
    strategy: "policy: fixed = constant (the default), exponential",
    baseMs: "duration (the constant policy's wait; default 5 s)",
    capMs: "maxInterval (the exponential policy's cap; default 60 s)",
    retries: "maxRetries (−1, the default, and any negative: no count limit)",
  },
  quirks: [
    "The default policy is constant: a retry policy that names no policy waits duration (5 s) every time, forever (maxRetries −1).",
    "The exponential policy cannot be tuned beyond maxInterval: the Resiliency CRD has no initialInterval, multiplier, randomizationFactor or maxElapsedTime, so it always starts at 500 ms, grows ×1.5 with ±50 % jitter and gives up after 15 minutes of elapsed time (calls included) whatever maxRetries says.",
    "duration is the constant policy's alone (an exponential policy ignores it); maxInterval is the exponential policy's alone.",
    "maxRetries counts retries, not calls: 3 is 4 calls; 0 makes none; any negative number retries without a count limit (NewBackOff wraps WithMaxRetries only for maxRetries ≥ 0).",
    "A policy named after a built-in (DaprBuiltInServiceRetries, DaprBuiltInActorRetries, DaprBuiltInActorReminderRetries, DaprBuiltInInitializationRetries) with maxRetries below 3, −1 included, is reset to 3 retries; DaprBuiltInActorNotFoundRetries cannot be overridden at all.",
    "A bare number as a duration (\"500\") is milliseconds; anything else is Go's time.ParseDuration (\"1.5s\", \"2m\").",
    "The timeout policy a target names bounds each call, retries included (policy.go wraps every attempt in context.WithTimeout); a circuit breaker that opens ends the retrying.",
  ],
  retryAfter: "Dapr's resiliency retries do not read Retry-After: the schedule is unchanged.",
  build(overrides) {
    const exponential = overrides.strategy === "exponential";
    if (overrides.strategy === "linear") throw new PresetError(["policy must be constant or exponential (the strategies fixed and exponential); Dapr has no linear policy"]);
    const retries = overrides.retries ?? null;
    if (retries !== null && retries > Number.MAX_SAFE_INTEGER) throw new PresetError([`maxRetries is at most ${groupDigits(Number.MAX_SAFE_INTEGER)} here, got ${groupDigits(retries)}`]);
    if (exponential) {
      if (overrides.baseMs !== undefined) {
        throw new PresetError([`duration is the constant policy's wait; the exponential policy ignores it and starts at InitialInterval ${groupDigits(INITIAL_MS)} ms, which a Resiliency cannot set`]);
      }
      const capMs = overrides.capMs ?? MAX_INTERVAL_MS;
      if (capMs > MAX_DURATION_MS) throw new PresetError([`maxInterval is a Go time.Duration, at most ${groupDigits(MAX_DURATION_MS)} ms, got ${groupDigits(capMs)} ms`]);
      const built = cenkalti.build({ baseMs: INITIAL_MS, capMs, factor: MULTIPLIER, jitter: RANDOMIZATION, maxElapsedMs: MAX_ELAPSED_MS, ...(retries === null ? {} : { retries }) });
      return daprExponential(built);
    }
    if (overrides.capMs !== undefined) throw new PresetError(["maxInterval is the exponential policy's cap; the constant policy ignores it (give the exponential strategy)"]);
    const waitMs = overrides.baseMs ?? CONSTANT_MS;
    if (waitMs > MAX_DURATION_MS) throw new PresetError([`duration is a Go time.Duration, at most ${groupDigits(MAX_DURATION_MS)} ms, got ${groupDigits(waitMs)} ms`]);
    // backoff.NewConstantBackOff(c.Duration): NextBackOff returns Interval, never Stop.
    return independentModel({
      delay: () => ({ rawMs: waitMs, delayMs: waitMs, clamped: false }),
      jitter: null,
      capMs: null,
      capReachedAt: null,
      steadyFrom: 1,
      retries,
      notes: retries === null ? ["dapr: the constant policy with maxRetries −1 retries for as long as the calls fail."] : [],
      parameters: { policy: "constant", duration: waitMs, maxRetries: retries ?? -1 },
    });
  },
};

/** cenkalti's model under Dapr's names: the same waits, the stop and parameters said in Dapr's terms. */
function daprExponential(built: PresetModel): PresetModel {
  const stop = built.stop === null ? null : { ...built.stop, reason: built.stop.reason.replace(/^cenkalti stops/, "dapr's exponential policy (cenkalti's ExponentialBackOff) stops") };
  return {
    ...built,
    stop,
    notes: built.notes.map((note) => note.replace(/^cenkalti: /, "dapr (cenkalti's ExponentialBackOff): ").replace(/^cenkalti keeps/, "Dapr's cenkalti ExponentialBackOff keeps")),
    parameters: {
      policy: "exponential",
      InitialInterval: INITIAL_MS,
      Multiplier: MULTIPLIER,
      RandomizationFactor: Number(RANDOMIZATION),
      maxInterval: built.parameters["MaxInterval"] ?? MAX_INTERVAL_MS,
      MaxElapsedTime: MAX_ELAPSED_MS,
      maxRetries: built.retries ?? -1,
    },
  };
}
