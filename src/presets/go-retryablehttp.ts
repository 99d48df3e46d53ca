import { MAX_DURATION_NS, msToNs, nsToWholeMs } from "./kit/go-duration.js";
import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { RANDOM53_MAX, random53 } from "./kit/random-grid.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { unclamped } from "./kit/attempt-delay.js";
import { wholeSecondsHeader, withRetryAfterWaits } from "./kit/retry-after.js";
import { replacedChange } from "../core/retry-after/change.js";
import { ignoredView } from "../core/retry-after/model.js";

/** Every refusal goes through here: one PresetError per bad value, in go-retryablehttp's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

function durationNs(field: string, ms: number): bigint {
  const ns = msToNs(ms);
  if (ns > MAX_DURATION_NS) reject(`${field} must fit a time.Duration (at most about 292 years), got ${groupDigits(ms)} ms`);
  return ns;
}

const DEFAULT_BACKOFF_TEXT =
  "go-retryablehttp's DefaultBackoff waits what a 429 or 503's Retry-After says instead of its backoff, uncapped by RetryWaitMax (hashicorp/go-retryablehttp#295), a Retry-After of 0 included";
const LINEAR_TEXT = "go-retryablehttp's LinearJitterBackoff does not read Retry-After: the schedule is unchanged (RateLimitLinearJitterBackoff, added in e1f5485 and first released in v0.7.8 (client.go:647), waits it as DefaultBackoff does)";
const RETRY_AFTER_TEXT =
  "DefaultBackoff (the default) waits what a 429 or 503's Retry-After says (whole seconds, or an HTTP date from v0.7.6) instead of its backoff, uncapped by RetryWaitMax (hashicorp/go-retryablehttp#295); LinearJitterBackoff does not read it.";

/** hashicorp/go-retryablehttp Client: DefaultBackoff, or LinearJitterBackoff as the Backoff. */
export const goRetryablehttp: Preset = {
  name: "go-retryablehttp",
  aliases: ["retryablehttp"],
  library: "github.com/hashicorp/go-retryablehttp v0.7.8 (Debian's 0.7.1: the same formulas)",
  timeUnit: "nanoseconds (time.Duration)",
  repository: "hashicorp/go-retryablehttp",
  source: "client.go (DefaultBackoff, LinearJitterBackoff, Client.Do, NewClient)",
  formula: "DefaultBackoff: min(RetryWaitMin × 2^(a−1), RetryWaitMax); LinearJitterBackoff: a × (RetryWaitMin + a random part of RetryWaitMax − RetryWaitMin)",
  defaults: "RetryWaitMin 1 s, RetryWaitMax 30 s, RetryMax 4, Backoff DefaultBackoff (no jitter)",
  jitter: "DefaultBackoff: none; LinearJitterBackoff: a × (int64(r × (max − min)) + min) ns, in [a × min, a × max), not capped",
  defaultRetries: 4,
  // hashicorp/go-retryablehttp v0.7.8 client.go baseRetryPolicy: any transport error but too many redirects, a bad
  // scheme or header and TLS certificate errors; 429; 500 and up but 501 (and 0). No method is left out.
  conditions: {
    words: ["DefaultRetryPolicy"],
    from: "go-retryablehttp's default CheckRetry",
    isDefault: true,
    conditions: [{ kind: "connection" }, { kind: "status", code: 429 }, { kind: "other", text: "5xx but 501", overload: true }],
  },
  defaultAttempts: 4,
  parameters: {
    strategy: "Backoff: exponential = DefaultBackoff, linear = LinearJitterBackoff",
    baseMs: "RetryWaitMin",
    capMs: "RetryWaitMax",
    retries: "RetryMax",
  },
  quirks: [
    "attemptNum is 0 for the first retry: DefaultBackoff waits 1, 2, 4, 8 s with the defaults (RetryMax 4: 5 requests in all).",
    "DefaultBackoff has no jitter: clients that failed together retry together.",
    "LinearJitterBackoff multiplies the jittered wait by the attempt and never caps it: waits reach a × RetryWaitMax (attempt 4: up to 120 s with the defaults).",
    "LinearJitterBackoff with RetryWaitMax ≤ RetryWaitMin returns a × RetryWaitMin, without jitter.",
    "Waits are time.Duration nanoseconds; shown rounded half up to whole ms.",
  ],
  retryAfter: RETRY_AFTER_TEXT,
  build(overrides) {
    const strategy = overrides.strategy ?? "exponential";
    if (strategy === "fixed") reject("the Backoff is DefaultBackoff (exponential) or LinearJitterBackoff (linear); a fixed wait needs a custom Backoff function");
    const minNs = durationNs("RetryWaitMin", overrides.baseMs ?? 1000);
    const maxNs = durationNs("RetryWaitMax", overrides.capMs ?? 30_000);
    const retryMax = overrides.retries ?? 4;
    const parameters = { RetryWaitMin: Number(minNs) / 1e6, RetryWaitMax: Number(maxNs) / 1e6, RetryMax: retryMax, Backoff: strategy === "linear" ? "LinearJitterBackoff" : "DefaultBackoff" };

    const header = wholeSecondsHeader(overrides.retryAfter, "go-retryablehttp reads a Retry-After of seconds with strconv.ParseInt (parseRetryAfterHeader)");

    if (strategy === "exponential") {
      // DefaultBackoff(min, max, attemptNum = a − 1): mult := math.Pow(2, float64(attemptNum)) * float64(min)
      //   sleep := time.Duration(mult); if float64(sleep) != mult || sleep > max { sleep = max }
      const mult = (attempt: number) => Math.pow(2, attempt - 1) * Number(minNs);
      const sleepNs = (attempt: number): bigint => {
        const value = mult(attempt);
        return value >= 2 ** 63 || value > Number(maxNs) ? maxNs : BigInt(value);
      };
      const capReachedAt = firstTrueFrom1((attempt) => mult(attempt) >= Number(maxNs), 1 << 20);
      const own = independentModel({
        delay: (attempt) => {
          const value = mult(attempt);
          const raw = value >= 2 ** 63 ? MAX_DURATION_NS : BigInt(value);
          return { rawMs: nsToWholeMs(raw), delayMs: nsToWholeMs(sleepNs(attempt)), clamped: value > Number(maxNs) };
        },
        jitter: null,
        capMs: nsToWholeMs(maxNs),
        capReachedAt,
        steadyFrom: capReachedAt,
        retries: retryMax,
        parameters,
      });
      // DefaultBackoff: if resp.StatusCode == 429 || 503 { if sleep, ok := parseRetryAfterHeader(resp.Header["Retry-After"]); ok { return sleep } }
      //   parseRetryAfterHeader: time.Second * time.Duration(sleep): returned before RetryWaitMax is looked at, 0 included.
      return withRetryAfterWaits(own, header, (_attempt, headerMs) => ({
        delay: unclamped(headerMs),
        bounds: { minMs: headerMs, maxMs: headerMs },
        meanMs: headerMs,
        fromDraw: () => headerMs,
        change: replacedChange({ minMs: own.delay(_attempt).delayMs, maxMs: own.delay(_attempt).delayMs }, headerMs),
      }), DEFAULT_BACKOFF_TEXT);
    }

    // LinearJitterBackoff(min, max, attemptNum = a − 1): attemptNum++; if max <= min { return min * time.Duration(attemptNum) }
    //   jitter := source.Float64() * float64(max-min); jitterMin := int64(jitter) + int64(min)
    //   return time.Duration(jitterMin * int64(attemptNum))
    const span = maxNs - minNs;
    const linearNs = (attempt: number, r: number): bigint => {
      const value = (span <= 0n ? minNs : BigInt(Math.trunc(r * Number(span))) + minNs) * BigInt(attempt);
      return value > MAX_DURATION_NS ? MAX_DURATION_NS : value;
    };
    const linear = independentModel({
      delay: (attempt) => {
        const value = nsToWholeMs(linearNs(attempt, 0));
        return { rawMs: value, delayMs: value, clamped: false };
      },
      jitter:
        span > 0n
          ? {
              bounds: (attempt) => ({ minMs: nsToWholeMs(linearNs(attempt, 0)), maxMs: nsToWholeMs(linearNs(attempt, RANDOM53_MAX)) }),
              // a × (min + U[0, max − min)) in ms, rounded half up (the ns truncation is far below a ms).
              mean: (attempt) => meanFloorUniform((attempt * Number(minNs)) / 1e6 + 0.5, (attempt * Number(maxNs)) / 1e6 + 0.5),
              draw: (attempt, random) => nsToWholeMs(linearNs(attempt, random53(random))),
            }
          : null,
      capMs: null,
      capReachedAt: null,
      steadyFrom: null,
      retries: retryMax,
      notes: span > 0n ? ["go-retryablehttp: delay_ms is LinearJitterBackoff's lowest wait, a × RetryWaitMin; RetryWaitMax is not a cap."] : [],
      parameters,
    });
    // LinearJitterBackoff never looks at resp (RateLimitLinearJitterBackoff, first released in v0.7.8, is the one that does).
    return header === undefined ? linear : { ...linear, retryAfter: ignoredView(header, LINEAR_TEXT) };
  },
};
