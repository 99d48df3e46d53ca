import { firstTrueFrom1 } from "../core/search.js";
import { independentModel } from "./kit/independent-model.js";
import { isJitterOff } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { RANDOM53_MAX, random53 } from "./kit/random-grid.js";
import { wholeMs } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { unclamped } from "./kit/attempt-delay.js";
import { wholeSecondsHeader, withRetryAfterWaits } from "./kit/retry-after.js";
import { replacedChange } from "../core/retry-after/change.js";
import { humanDuration } from "../core/text/duration.js";

/** Every refusal goes through here: one PresetError per bad value, in urllib3's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** backoff_jitter as Python would take it: a plain number of seconds from 0. */
function parseJitterSeconds(text: string): number {
  // The calculator's "none" is backoff_jitter 0.0, urllib3's own default.
  if (isJitterOff(text)) return 0;
  const trimmed = text.trim();
  const value = /^(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isFinite(value)) reject(`backoff_jitter is a number of seconds from 0, such as 0.5, got ${JSON.stringify(text)}`);
  return value;
}

/** urllib3 2.x `Retry.get_backoff_time()` as `Retry.sleep()` uses it between attempts. */
export const urllib3: Preset = {
  name: "urllib3",
  aliases: ["requests"],
  library: "urllib3 2.7.0 (Retry; 1.26: the same without backoff_jitter and backoff_max)",
  timeUnit: "float seconds",
  repository: "urllib3/urllib3",
  source: "src/urllib3/util/retry.py (Retry.get_backoff_time, Retry.sleep, Retry.increment)",
  formula: "a = 1: 0; a ≥ 2: max(0, min(backoff_max, backoff_factor × 2^(a−1) + random() × backoff_jitter)) seconds",
  defaults: "backoff_factor 0.5 s (urllib3's own default is 0: no waits), backoff_max 120 s, backoff_jitter 0, total 10 (Retry(); Retry.DEFAULT is 3)",
  jitter: "backoff_jitter: + random.random() × backoff_jitter seconds, before backoff_max; never at a = 1",
  defaultRetries: 10,
  // urllib3 2.7.0 src/urllib3/util/retry.py: connection errors (ConnectTimeoutError) on any method, read errors
  // (ReadTimeoutError, ProtocolError) on DEFAULT_ALLOWED_METHODS; status_forcelist None, so a status is retried only
  // as is_retry allows without it: 413, 429 and 503 carrying a Retry-After (RETRY_AFTER_STATUS_CODES).
  conditions: {
    words: ["connect (any method)", "read", "status_forcelist None", "RETRY_AFTER_STATUS_CODES 413, 429, 503"],
    from: "urllib3's Retry default",
    isDefault: true,
    conditions: [{ kind: "connection" }, { kind: "timeout" }, { kind: "other", text: "413, 429 and 503 carrying a Retry-After", overload: true }],
    methods: ["HEAD", "GET", "PUT", "DELETE", "OPTIONS", "TRACE"],
  },
  defaultAttempts: 10,
  parameters: {
    baseMs: "backoff_factor (seconds; fractions allowed)",
    capMs: "backoff_max (2.x; 1.26: the class attribute Retry.DEFAULT_BACKOFF_MAX)",
    jitter: "backoff_jitter, seconds from 0 (2.x only)",
    retries: "total",
    maxRetryAfterMs: "retry_after_max (seconds; 2.6.3 and later, 6 h by default)",
  },
  quirks: [
    "The first retry never waits: get_backoff_time returns 0 while there is one consecutive error, so backoff_factor 0.5 gives 0, 1, 2, 4, 8 s.",
    "urllib3's own default backoff_factor is 0, so Retry() retries without waiting; the schedule uses 0.5 s.",
    "Retry() allows total=10 retries; Retry.DEFAULT (used when a pool is given retries=None) is Retry(3), and requests' HTTPAdapter uses Retry(0, read=False) unless max_retries is set.",
    "backoff_jitter is added before backoff_max, so the cap is never passed; 1.26 has neither backoff_jitter nor a backoff_max argument (Retry.DEFAULT_BACKOFF_MAX = 120).",
    "Only errors since the last redirect count (takewhile over the history), so a redirect restarts the backoff.",
    "Values are Python floats in seconds; shown rounded half up to whole ms.",
  ],
  retryAfter:
    "With respect_retry_after_header=True (the default) urllib3 sleeps the Retry-After of any retried response that carries one instead of the backoff (connectionpool.py:941–953 in 2.7.0: is_retry, increment, then Retry.sleep(response); Retry.sleep and sleep_for_retry, retry.py:359–387): status_forcelist=[500] with Retry-After: 5 sleeps 5 s. Without status_forcelist a response is retried only when its status is 413, 429 or 503 (RETRY_AFTER_STATUS_CODES) and it carries the header, total is not 0 or None and the method is in allowed_methods (is_retry, retry.py:423–431). Cut to retry_after_max (6 h by default) from 2.6.3 (1.26 and 2.x before it: uncapped); a Retry-After of 0, or a date already past, falls back to the backoff.",
  build(overrides) {
    const factorMs = overrides.baseMs ?? 500;
    const maxMs = overrides.capMs ?? 120_000;
    const jitterSeconds = overrides.jitter === undefined ? 0 : parseJitterSeconds(overrides.jitter);
    const total = overrides.retries ?? 10;
    // Retry.DEFAULT_RETRY_AFTER_MAX = 21600 (2.6.3); parse_retry_after reads ^\s*[0-9]+\s*$ as int(seconds).
    const retryAfterMax = (overrides.maxRetryAfterMs ?? 21_600_000) / 1000;
    const header = wholeSecondsHeader(overrides.retryAfter, "urllib3 reads a Retry-After of seconds as a whole number (parse_retry_after)");
    // Python's own floats: backoff_factor=0.1 is the double nearest 0.1, as 100 / 1000 is.
    const factor = factorMs / 1000;
    const max = maxMs / 1000;
    // retry.py: if consecutive_errors_len <= 1: return 0
    //   backoff_value = self.backoff_factor * (2 ** (consecutive_errors_len - 1))
    //   if self.backoff_jitter != 0.0: backoff_value += random.random() * self.backoff_jitter
    //   return float(max(0, min(self.backoff_max, backoff_value)))
    const backoff = (attempt: number, r: number): number => {
      if (attempt <= 1) return 0;
      let value = factor * 2 ** (attempt - 1);
      if (jitterSeconds !== 0) value += r * jitterSeconds;
      return Math.max(0, Math.min(max, value));
    };
    const ms = (seconds: number) => wholeMs(seconds * 1000);
    const capMs = ms(max);
    const capReachedAt = firstTrueFrom1((attempt) => attempt >= 2 && factor * 2 ** (attempt - 1) >= max);
    const own = independentModel({
      delay: (attempt) => {
        const raw = attempt <= 1 ? 0 : factor * 2 ** (attempt - 1);
        return { rawMs: ms(raw), delayMs: ms(backoff(attempt, 0)), clamped: raw > max };
      },
      jitter:
        jitterSeconds > 0
          ? {
              bounds: (attempt) => ({ minMs: ms(backoff(attempt, 0)), maxMs: ms(backoff(attempt, RANDOM53_MAX)) }),
              mean: (attempt) => {
                if (attempt <= 1) return 0;
                const low = factor * 2 ** (attempt - 1) * 1000;
                // round half up of min(max, X) = min(floor(X + ½), the cap in whole ms)
                return meanFloorUniform(low + 0.5, low + jitterSeconds * 1000 + 0.5, capMs);
              },
              draw: (attempt, random) => ms(backoff(attempt, random53(random))),
            }
          : null,
      capMs,
      capReachedAt,
      steadyFrom: capReachedAt,
      retries: total,
      notes: overrides.baseMs === undefined ? ["urllib3: backoff_factor defaults to 0 in urllib3 (no waits at all); shown with backoff_factor=0.5."] : [],
      parameters: { backoff_factor: factor, backoff_max: max, backoff_jitter: jitterSeconds, total, ...(header === undefined && overrides.maxRetryAfterMs === undefined ? {} : { retry_after_max: retryAfterMax }) },
    });
    // parse_retry_after: seconds = int(retry_after); seconds = max(seconds, 0); if seconds > self.retry_after_max: seconds = self.retry_after_max
    // sleep_for_retry: if retry_after: time.sleep(retry_after); return True  (else Retry.sleep falls back to _sleep_backoff)
    return withRetryAfterWaits(
      own,
      header,
      (attempt, headerMs) => {
        const slept = Math.min(headerMs / 1000, retryAfterMax);
        if (slept === 0) return { delay: own.delay(attempt), bounds: own.bounds(attempt), meanMs: own.meanMs(attempt), fromDraw: (ownMs) => ownMs, change: "no" };
        const ms = wholeMs(slept * 1000);
        return { delay: unclamped(ms), bounds: { minMs: ms, maxMs: ms }, meanMs: ms, fromDraw: () => ms, change: replacedChange(own.bounds(attempt), ms) };
      },
      `urllib3 sleeps the Retry-After of every response it retries instead of its backoff (respect_retry_after_header), cut to retry_after_max (${humanDuration(retryAfterMax * 1000)}; 2.6.3 and later), and falls back to the backoff when it is 0`,
    );
  },
};
