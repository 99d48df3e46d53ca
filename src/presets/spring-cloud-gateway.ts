import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { PresetError } from "./errors.js";
import { independentModel } from "./kit/independent-model.js";
import { isJitterOff, parseFraction } from "./kit/jitter-setting.js";
import { lastRetryWithin } from "./kit/last-retry-within.js";
import { saturate, wholeMs } from "./kit/whole-ms.js";
import type { RandomSource } from "../core/model.js";
import type { Preset, PresetModel, PresetStop } from "./types.js";
import { SPRING_CLOUD_GATEWAY_DEFAULT_RETRY_ON } from "../core/conditions/defaults/spring-cloud-gateway.js";

/** RetryGatewayFilterFactory.RetryConfig: retries = 3; BackoffConfig: firstBackoff 5 ms, factor 2, no maxBackoff. */
const DEFAULT_RETRIES = 3;
const FIRST_BACKOFF_MS = 5;
const FACTOR = 2;
/** reactor.retry.Backoff.exponential: without maxBackoff the cap is Duration.ofMillis(Long.MAX_VALUE). */
const LONG_MAX_MS = 9_223_372_036_854_775_807;

/**
 * Spring Cloud Gateway's Retry filter (RetryGatewayFilterFactory, server-webflux), whose
 * waits are reactor-extra's (reactor-addons reactor/retry): Repeat/Retry with
 * Backoff.exponential(firstBackoff, maxBackoff, factor, basedOnPreviousValue) only when the
 * filter has a backoff, and Jitter.random(randomFactor) only when it has a jitter.
 */
export const springCloudGateway: Preset = {
  name: "spring-gateway",
  aliases: ["spring-cloud-gateway", "scg"],
  library: "Spring Cloud Gateway 5.0.3 and 4.1.7+ (Retry filter; reactor-extra 3.6 Backoff and Jitter)",
  repository: "spring-cloud/spring-cloud-gateway",
  source:
    "spring-cloud-gateway-server-webflux/src/main/java/org/springframework/cloud/gateway/filter/factory/RetryGatewayFilterFactory.java (shortcutFieldOrder, apply, exceedsMaxIterations, RetryConfig, BackoffConfig, JitterConfig), v5.0.3 and main at 5227205c (2026-08-21); reactor/reactor-addons reactor-extra/src/main/java/reactor/retry/Backoff.java (exponential), RandomJitter.java, AbstractRetry.java (calculateBackoff), DefaultRepeat.java, main at 865ac611 (3.6.0+)",
  formula:
    "without backoff: 0 (every retry at once); with it: min(firstBackoff × factor^(a−1), maxBackoff) ms (basedOnPreviousValue true: the previous wait × factor, the same without jitter)",
  defaults:
    "retries 3, series SERVER_ERROR, methods GET, exceptions IOException and TimeoutException, no backoff; a backoff's firstBackoff 5 ms, factor 2, maxBackoff none, basedOnPreviousValue true; a jitter's randomFactor 0.5; no timeout",
  jitter:
    "none unless jitter is given; then RandomJitter: offset = ⌊d × ⌊100 × randomFactor⌋ / 100⌋ ms, the wait d + a whole number of ms in [max(firstBackoff − d, −offset), min(maxBackoff − d, offset)), the upper end excluded (so [d, d + offset) at firstBackoff, [d − offset, d) at maxBackoff)",
  defaultRetries: DEFAULT_RETRIES,
  defaultAttempts: DEFAULT_RETRIES,
  conditions: SPRING_CLOUD_GATEWAY_DEFAULT_RETRY_ON,
  stopping: "retries 3",
  parameters: {
    baseMs: "backoff.firstBackoff (any backoff field turns the back-off on; default 5 ms)",
    capMs: "backoff.maxBackoff (default none)",
    factor: "backoff.factor (a whole number; default 2)",
    jitter: "jitter.randomFactor, from 0 to 1 (with backoff.basedOnPreviousValue false: with true, the default, each wait grows from the last jittered one, not modelled here)",
    retries: "retries (at least 1)",
    maxElapsedMs: "timeout: no retry whose wait would end past it (without jitter)",
  },
  quirks: [
    "Without a backoff the filter retries at once: 3 retries of a 5xx GET in quick succession; only a backoff (args.backoff, or the shortcut's 4th to 7th values) makes it wait.",
    "retries counts retries, not calls: 3 is 4 calls; it must be at least 1 (RetryConfig.validate).",
    "factor is an int: 1.5 fails to bind; basedOnPreviousValue true (the default) multiplies the previous wait, false takes firstBackoff × factor^(iteration − 1): the same waits without jitter.",
    "Only GET is retried by default, on 5xx responses (series SERVER_ERROR) and on IOException or TimeoutException; a response status outside statuses/series ends the retrying.",
    "The shortcut form is positional (retries, statuses, methods, backoff.firstBackoff, backoff.maxBackoff, backoff.factor, backoff.basedOnPreviousValue, jitter.randomFactor, timeout), and tokenizeToStringArray drops empty values, so \"Retry=3,,GET\" shifts GET into statuses.",
    "Durations are Spring's: 10ms, 2s, PT1S, or a bare number of milliseconds.",
    "timeout (4.1.7+) is counted from when the request enters the filter: a retry whose wait would end after it is not made (AbstractRetry.calculateBackoff), the calls' own time included (taken as 0 here).",
    "The jitter's offset takes ⌊100 × randomFactor⌋ in double arithmetic: 0.29 gives 28 %, not 29 %.",
  ],
  retryAfter: "Spring Cloud Gateway's Retry filter does not read Retry-After: the schedule is unchanged.",
  build(overrides) {
    const retries = overrides.retries ?? DEFAULT_RETRIES;
    if (retries < 1) throw new PresetError(["retries must be greater than 0 (RetryConfig.validate)"]);
    if (retries > 2_147_483_647) throw new PresetError([`retries is an int, at most 2,147,483,647, got ${groupDigits(retries)}`]);
    const backoff = overrides.baseMs !== undefined || overrides.capMs !== undefined || overrides.factor !== undefined;
    const randomFactor = overrides.jitter === undefined || isJitterOff(overrides.jitter) ? null : parseFraction(overrides.jitter, "jitter.randomFactor", { min: 0, max: 1, maxIncluded: true });
    // Repeat.timeout counts from the subscription, before the first call: a retry is made when its wait ends within it.
    const timed = (model: PresetModel): PresetModel =>
      overrides.maxElapsedMs === undefined
        ? model
        : { ...model, timed: { waits: model, stop: { rule: "fits", limitMs: overrides.maxElapsedMs, from: "first-try" }, deadlineMs: null, text: `the timeout (${groupDigits(overrides.maxElapsedMs)} ms)` } };
    if (!backoff) {
      // Backoff.zero(): every delay 0; RandomJitter short-circuits a zero delay.
      return timed(
        independentModel({
          delay: () => ({ rawMs: 0, delayMs: 0, clamped: false }),
          jitter: null,
          capMs: null,
          capReachedAt: null,
          steadyFrom: 1,
          retries,
          notes: ["spring-gateway: the filter has no backoff, so every retry is made at once."],
          parameters: { retries, backoff: null, jitter: randomFactor, timeout: overrides.maxElapsedMs ?? null },
        }),
      );
    }
    const firstMs = overrides.baseMs ?? FIRST_BACKOFF_MS;
    const maxMs = overrides.capMs ?? null;
    const factor = overrides.factor ?? FACTOR;
    if (!Number.isInteger(factor)) throw new PresetError([`backoff.factor is an int; ${factor} does not bind`]);
    if (factor < 0) throw new PresetError([`backoff.factor ${factor} is negative: not modelled (basedOnPreviousValue true would wait firstBackoff every time, false alternate)`]);
    if (firstMs <= 0) throw new PresetError([`backoff.firstBackoff must be > 0, got ${firstMs} ms`]);
    // Backoff.exponential: "maxBackoff must be >= firstBackoff".
    if (maxMs !== null && maxMs < firstMs) throw new PresetError([`backoff.maxBackoff must be >= firstBackoff (${groupDigits(firstMs)} ms), got ${groupDigits(maxMs)} ms`]);
    const capMs = maxMs ?? LONG_MAX_MS;
    const raw = (attempt: number) => firstMs * Math.pow(factor, attempt - 1);
    const waitMs = (attempt: number) => Math.max(firstMs, Math.min(raw(attempt), capMs));
    const capReachedAt = factor <= 1 ? (firstMs >= capMs ? 1 : null) : firstTrueFrom1((attempt) => raw(attempt) >= capMs, 1 << 24);
    const steadyFrom = factor <= 1 ? 1 : capReachedAt;
    let stop: PresetStop | null = null;
    if (overrides.maxElapsedMs !== undefined) {
      if (randomFactor !== null) throw new PresetError(["timeout with jitter is not modelled: where the retries end depends on the draws"]);
      const limitMs = overrides.maxElapsedMs;
      // In ns, as reactor's Durations are.
      const ns = (ms: number) => BigInt(Math.round(Math.min(ms, 9e15) * 1e6));
      const last = lastRetryWithin({ wait: (attempt) => ns(waitMs(attempt)), steadyFrom, limit: ns(limitMs), inclusive: true, retries });
      if (last === 0) throw new PresetError([`the first wait, ${groupDigits(firstMs)} ms, ends past the timeout (${groupDigits(limitMs)} ms): the filter makes no retry`]);
      if (last !== null) {
        const limitText = `the timeout (${groupDigits(limitMs)} ms)`;
        stop = { limit: limitText, limitMs, lastAttempt: last, fewest: last, most: last, reason: `spring-gateway makes no retry whose wait would end past ${limitText}: attempt ${last} is the last one retried.` };
      }
    }
    const delay = (attempt: number) => {
      const d = saturate(wholeMs(waitMs(attempt)));
      return { rawMs: saturate(wholeMs(raw(attempt))), delayMs: d, clamped: raw(attempt) > capMs };
    };
    // RandomJitter.apply: the whole-ms range [lo, hi] a draw falls in (nextLong's upper end excluded). Durations are ns:
    // delay.multipliedBy((long) (100 * randomFactor)).dividedBy(100).toMillis(), and (min − delay).toMillis().
    // Duration.toMillis truncates toward zero from Java 9 on (Spring Cloud Gateway 4 and 5 need Java 17): a −7.5 ms
    // (min − delay) is −7, so --base 7.5 --jitter 1 waits at least 8 ms at attempts 2 and 3, not 7.
    const toNs = (ms: number) => Math.round(ms * 1e6);
    const floorMs = (ns: number) => Math.trunc(ns / 1e6);
    const range = (attempt: number) => {
      const dNs = toNs(waitMs(attempt));
      const percent = Math.trunc(100 * randomFactor!);
      const offset = floorMs(Math.trunc((dNs * percent) / 100));
      const low = Math.max(floorMs(toNs(firstMs) - dNs), -offset);
      const high = Math.min(floorMs(toNs(capMs) - dNs), offset);
      if (high === low) return high === 0 ? { lo: 0, hi: 0 } : { lo: 0, hi: high - 1 };
      return { lo: low, hi: high - 1 };
    };
    const shown = (ms: number) => saturate(wholeMs(ms));
    const jitter =
      randomFactor === null || randomFactor === 0
        ? null
        : {
            bounds: (attempt: number) => {
              const { lo, hi } = range(attempt);
              return { minMs: shown(waitMs(attempt) + lo), maxMs: shown(waitMs(attempt) + hi) };
            },
            mean: (attempt: number) => {
              const { lo, hi } = range(attempt);
              return saturate(waitMs(attempt) + (lo + hi) / 2);
            },
            draw: (attempt: number, random: RandomSource) => {
              const { lo, hi } = range(attempt);
              return shown(waitMs(attempt) + random.integer(lo, hi));
            },
          };
    return timed(independentModel({
      delay,
      jitter,
      capMs: maxMs,
      capReachedAt: maxMs === null ? null : capReachedAt,
      steadyFrom,
      retries,
      stop,
      parameters: {
        retries,
        firstBackoff: firstMs,
        maxBackoff: maxMs,
        factor,
        randomFactor,
        timeout: overrides.maxElapsedMs ?? null,
      },
    }));
  },
};
