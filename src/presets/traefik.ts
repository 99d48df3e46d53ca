import { groupDigits } from "../core/text/digits.js";
import { CENKALTI_DEFAULTS, cenkalti } from "./cenkalti.js";
import { MAX_DURATION_MS } from "./kit/go-duration.js";
import { PresetError } from "./errors.js";
import type { Preset, PresetModel } from "./types.js";
import { TRAEFIK_DEFAULT_RETRY_ON } from "../core/conditions/defaults/traefik.js";

/** The docs' example (reference/routing-configuration/http/middlewares/retry.md): attempts 4, initialInterval 100ms. */
const EXAMPLE_ATTEMPTS = 4;
const EXAMPLE_INTERVAL_MS = 100;
/** cenkalti/backoff v4's NewExponentialBackOff, which newBackOff leaves as they are. */
const { randomization: RANDOMIZATION, maxIntervalMs: MAX_INTERVAL_MS, maxElapsedMs: MAX_ELAPSED_MS } = CENKALTI_DEFAULTS;

/**
 * Traefik's retry middleware (pkg/middlewares/retry/retry.go): `attempts` tries in all,
 * each failure followed by NextBackOff of the back-off newBackOff builds:
 *
 *   if r.attempts < 2 || r.initialInterval <= 0 { return &backoff.ZeroBackOff{} }
 *   b := backoff.NewExponentialBackOff()
 *   b.InitialInterval = r.initialInterval
 *   b.Multiplier = math.Pow(2, 1/float64(r.attempts-1))
 *
 * run by backoff.RetryNotify, the last try served without the retrying writer.
 */
export const traefik: Preset = {
  name: "traefik",
  library: "Traefik v3.7.9 (v2.11 and v3.6 alike; cenkalti/backoff v4.3.0)",
  timeUnit: "nanoseconds (time.Duration)",
  repository: "traefik/traefik",
  source:
    "pkg/middlewares/retry/retry.go (New, ServeHTTP, newBackOff), pkg/config/dynamic/middlewares.go (Retry), pkg/provider/kubernetes/crd/kubernetes.go (createRetryMiddleware), v3.7.9 and master at fd5a576d (2026-07-24), newBackOff the same in v2.11.53 and v3.6.24; traefik/paerser types/duration.go; cenkalti/backoff v4.3.0 exponential.go",
  formula:
    "cenkalti's ExponentialBackOff with InitialInterval = initialInterval and Multiplier = 2^(1/(attempts − 1)): I(a) = initialInterval × 2^((a−1)/(attempts−1)) (whole ns, truncated at each step), always below 2 × initialInterval",
  defaults:
    "attempts has no default (required, at least 1; the docs' example 4 shown, with initialInterval 100ms); initialInterval unset: every retry at once; RandomizationFactor 0.5, MaxInterval 60 s, MaxElapsedTime 15 min (cenkalti's, not configurable)",
  stopping: "attempts 4 (the docs' example)",
  jitter: "cenkalti's ±50 %: Duration(I/2 + r × (I + 1)) ns, from I/2 to 3I/2 (mean I)",
  defaultRetries: EXAMPLE_ATTEMPTS - 1,
  defaultAttempts: EXAMPLE_ATTEMPTS - 1,
  conditions: TRAEFIK_DEFAULT_RETRY_ON,
  waitsDependOnRetries: true,
  parameters: {
    baseMs: "initialInterval",
    retries: "attempts − 1 (attempts counts the first try; the Multiplier is 2^(1/(attempts − 1)))",
  },
  quirks: [
    "attempts counts every try, the first included: attempts 4 is 3 retries, though the docs say \"Retry 4 times\" (retry_test.go: Attempts 2 makes one retry).",
    "Without initialInterval (or with 0) every retry is made at once (ZeroBackOff); with it, the Multiplier is chosen so that the interval would reach 2 × initialInterval at try attempts: 100 ms with attempts 4 waits about 100, 126 and 159 ms, each ±50 %.",
    "More attempts make the growth slower, not the waits longer: no interval reaches 2 × initialInterval, and MaxInterval (60 s) bites only when initialInterval is above 30 s.",
    "cenkalti's MaxElapsedTime (15 min, counting the tries' own time) still applies (elapsed + next > 15 min stops it): the middleware then stops retrying, and the failed try's response, held back for a retry, is not sent: ServeHTTP writes nothing once backoff.RetryNotify gives up.",
    "The Multiplier is Go's math.Pow(2, 1/(attempts − 1)), which can be one unit in the last place off the nearest double (attempts 4 and 28 on amd64): an interval may then differ from the one shown by a fraction of a nanosecond before truncation, so rarely by 1 ns.",
    "A bare number is seconds (paerser's Duration: \"10\" is 10 s), anything else Go's time.ParseDuration (\"100ms\").",
    "timeout (v3.7+) stops retrying once that long has passed since the first try began: a failure seen after it is answered as it is, not retried; not modelled here.",
    "Only a network error before the request reached the backend is retried by default (retry.go:336 in v3.7.9), whatever the method; status lists codes to retry, and a POST, PATCH or LOCK is retried on those codes only with retryNonIdempotentMethod (retry.go:148–152): the flag gates the status-code retry alone.",
  ],
  retryAfter: "Traefik's retry middleware does not read Retry-After: the schedule is unchanged.",
  build(overrides) {
    const retries = overrides.retries ?? EXAMPLE_ATTEMPTS - 1;
    // attempts is a Go int; the middleware refuses attempts <= 0.
    if (retries + 1 > Number.MAX_SAFE_INTEGER) throw new PresetError([`attempts is at most ${groupDigits(Number.MAX_SAFE_INTEGER)} here, got ${groupDigits(retries + 1)}`]);
    const initialMs = overrides.baseMs ?? EXAMPLE_INTERVAL_MS;
    if (initialMs > MAX_DURATION_MS) throw new PresetError([`initialInterval is a Go time.Duration, at most ${groupDigits(MAX_DURATION_MS)} ms, got ${groupDigits(initialMs)} ms`]);
    // attempts 1: no retry (newBackOff returns ZeroBackOff, never asked); any multiplier serves the empty schedule.
    const multiplier = retries === 0 ? 2 : Math.pow(2, 1 / retries);
    const built = cenkalti.build({ baseMs: initialMs, capMs: MAX_INTERVAL_MS, factor: multiplier, jitter: RANDOMIZATION, maxElapsedMs: MAX_ELAPSED_MS, retries });
    return traefikModel(built, retries, initialMs, multiplier);
  },
};

/** cenkalti's model under Traefik's names: the same waits, the stop and parameters said in Traefik's terms. */
function traefikModel(built: PresetModel, retries: number, initialMs: number, multiplier: number): PresetModel {
  const stop = built.stop === null ? null : { ...built.stop, reason: built.stop.reason.replace(/^cenkalti stops/, "traefik's retry middleware (cenkalti's ExponentialBackOff) stops") };
  const mayExceedCap = built.mayExceedCap && 3 * initialMs > MAX_INTERVAL_MS;
  const capAt = built.capReachedAt();
  return {
    ...built,
    // Past the last retry there is no interval: the cap is reached only within the attempts.
    capReachedAt: () => (capAt !== null && capAt <= retries ? capAt : null),
    // Every interval is below 2 × initialInterval, so a wait stays below 3 × initialInterval + 1 ns: up to 20 s, never past MaxInterval.
    mayExceedCap,
    stop,
    notes: built.notes
      .filter((note) => mayExceedCap || !note.startsWith("cenkalti: MaxInterval caps"))
      .map((note) => note.replace(/^cenkalti: /, "traefik (cenkalti's ExponentialBackOff): ").replace(/^cenkalti keeps/, "Traefik's cenkalti ExponentialBackOff keeps")),
    parameters: {
      attempts: retries + 1,
      initialInterval: initialMs,
      Multiplier: multiplier,
      RandomizationFactor: Number(RANDOMIZATION),
      MaxInterval: MAX_INTERVAL_MS,
      MaxElapsedTime: MAX_ELAPSED_MS,
    },
  };
}
