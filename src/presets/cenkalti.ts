import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
import { ELAPSED_WALK_LIMIT, type ElapsedLimitSpec, elapsedLimit, elapsedModelParts, drawnWaits, elapsedStop } from "./kit/elapsed-limit.js";
import { PresetError, option, parts } from "./errors.js";
import { parseFraction } from "./kit/jitter-setting.js";
import { random53, RANDOM53_MAX } from "./kit/random-grid.js";
import { nsToMs } from "./kit/whole-ms.js";
import type { Preset, PresetModel, PresetOverrides } from "./types.js";
import { wholeSecondsHeader } from "./kit/retry-after.js";
import { replacedChange } from "../core/retry-after/change.js";
import { retryAfterAt } from "../core/retry-after/header.js";

const NS_PER_MS = 1e6;
/** Intervals and totals are walked this far at most (the interval is constant long before). */
const WALK_LIMIT = 1 << 20;

/** Go's conversion of a float64 to time.Duration (int64 ns): truncation toward zero. */
function duration(x: number): number {
  return Math.trunc(x);
}

/**
 * What cenkalti/backoff's releases do with a Retry-After, the one thing they compute otherwise:
 * v7.0.0's RetryAfter(d time.Duration, cause error) takes any duration (error.go), v5.0.0–v6.0.0's
 * RetryAfter(seconds int) whole seconds (time.Duration(seconds) * time.Second), v4 none. The
 * intervals (exponential.go NextBackOff, incrementCurrentInterval, getRandomValueFromInterval)
 * and Retry's elapsed-time rule are the same in v4.3, v5, v6 and v7 (CHANGELOG.md: v6.0.0 and
 * v7.0.0 change only Retry's errors and RetryAfter's signature).
 */
type CenkaltiRetryAfter = "duration" | "whole-seconds" | "none";

/** cenkalti/backoff v7 `ExponentialBackOff.NextBackOff` (v5 moved MaxElapsedTime from it to Retry; v4's formula is the same). */
/**
 * NewExponentialBackOff's defaults (exponential.go DefaultInitialInterval, DefaultMultiplier,
 * DefaultRandomizationFactor, DefaultMaxInterval, DefaultMaxElapsedTime), which the systems
 * built on it (Dapr, Traefik) keep where they set nothing.
 */
export const CENKALTI_DEFAULTS = { initialMs: 500, multiplier: 1.5, randomization: "0.5", maxIntervalMs: 60_000, maxElapsedMs: 15 * 60_000 } as const;

export const cenkalti: Preset = {
  name: "cenkalti",
  aliases: ["backoff"],
  library: "github.com/cenkalti/backoff/v7 7.0.0 (the intervals of v4 and v5)",
  repository: "cenkalti/backoff",
  source: "exponential.go (NextBackOff, incrementCurrentInterval, getRandomValueFromInterval), retry.go (Retry), error.go (RetryAfter, Permanent), v7.0.0",
  formula: "I₁ = InitialInterval; I(a+1) = MaxInterval if I(a) ≥ MaxInterval / Multiplier, else Duration(I(a) × Multiplier) (ns)",
  defaults: "InitialInterval 500 ms, RandomizationFactor 0.5, Multiplier 1.5, MaxInterval 60 s, MaxElapsedTime 15 min",
  stopping: "MaxElapsedTime 15 min",
  jitter: "Duration(I(1−rf) + r × (2·rf·I + 1)) ns around the capped interval: up to 90 s against a 60 s MaxInterval",
  defaultRetries: null,
  // cenkalti/backoff v7 retry.go (Retry) and error.go: every error the operation returns is retried until the BackOff stops, but one
  // wrapped by Permanent(err) (v7: ErrPermanent; v4 and v5: *PermanentError, the same Permanent(err) call).
  conditions: { words: ["every error the operation returns"], from: "Retry's default", isDefault: true, conditions: [{ kind: "every-error", but: "Permanent(err)" }] },
  retriesNote: "unlimited by count; the schedule ends where MaxElapsedTime (15 min) stops it",
  defaultAttempts: 10,
  parameters: {
    baseMs: "InitialInterval",
    capMs: "MaxInterval",
    factor: "Multiplier",
    jitter: "RandomizationFactor, from 0 to 1",
    retries: "WithMaxRetries(b, N)",
    maxElapsedMs: "MaxElapsedTime (v5+: Retry's WithMaxElapsedTime)",
  },
  quirks: [
    "It stops when elapsed + next > MaxElapsedTime (15 min): the schedule ends at the last retry that fits; elapsed includes the operations' own run time (0 here unless a try time is given).",
    "MaxInterval caps the interval before the jitter, so a wait can reach MaxInterval × (1 + rf): 90 s by default.",
    "Intervals are whole nanoseconds, truncated at every step (1687.5 ms exactly, 19221.679687 ms at attempt 10); shown rounded half up to whole ms.",
    "Once the interval is at least MaxInterval / Multiplier it jumps straight to MaxInterval (43.25 s → 60 s at attempt 13).",
    "RandomizationFactor 0 returns the interval exactly, without drawing.",
  ],
  retryAfter:
    "v7's Retry waits a RetryAfter(d time.Duration, cause error) error's d (any duration: a sub-second Retry-After exists, error.go at v7.0.0) instead of NextBackOff, resets the backoff to InitialInterval, and gives up when elapsed + that wait passes MaxElapsedTime, so a Retry-After longer than MaxElapsedTime makes no retry at all (cenkalti/backoff#159). v5 and v6 took RetryAfter(seconds int), whole seconds (cenkalti@5); v4 has none (cenkalti@4).",
  versions: [
    {
      version: "5",
      releases: "github.com/cenkalti/backoff/v5 5.0.0 to v6 6.0.0",
      changed:
        "a Retry-After was RetryAfter(seconds int), time.Duration(seconds) * time.Second: whole seconds only, so a wait of 1.5 s could not be asked for; v7.0.0 made it RetryAfter(d time.Duration, cause error). The intervals and MaxElapsedTime are the same",
      sources: [
        "cenkalti/backoff error.go at v5.0.0 and v6.0.0 (func RetryAfter(seconds int) error { return &RetryAfterError{Duration: time.Duration(seconds) * time.Second} }) against v7.0.0 (func RetryAfter(d time.Duration, cause error) error)",
        "cenkalti/backoff CHANGELOG.md, 7.0.0 (2026-06-30): 'RetryAfter now takes a time.Duration and a required cause error' (#184)",
      ],
      defaults: {},
      described: {
        source: "exponential.go (NextBackOff, incrementCurrentInterval, getRandomValueFromInterval), retry.go (Retry), error.go (RetryAfter), v5.0.0",
        retryAfter:
          "v5's Retry waits a RetryAfter(seconds int) error's seconds (whole seconds: error.go in v5 and v6) instead of NextBackOff, resets the backoff to InitialInterval, and gives up when elapsed + that wait passes MaxElapsedTime, so a Retry-After longer than MaxElapsedTime makes no retry at all (cenkalti/backoff#159).",
      },
      build: (overrides) => cenkaltiModel(overrides, "whole-seconds"),
    },
    {
      version: "4",
      releases: "github.com/cenkalti/backoff/v4 4.x (4.3.0 the last)",
      changed:
        "no Retry-After: v4's Retry only sleeps NextBackOff (RetryAfterError came in 5.0.0), so a server's Retry-After changes nothing; MaxElapsedTime was ExponentialBackOff's own (NextBackOff returns Stop once elapsed + next passes it, elapsed from Reset, which Retry calls before the first try): the same rule as v5's Retry",
      sources: [
        "cenkalti/backoff retry.go and exponential.go at v4.3.0 (doRetryNotify: next = b.NextBackOff(); NextBackOff: if b.MaxElapsedTime != 0 && elapsed+next > b.MaxElapsedTime { return b.Stop })",
        "cenkalti/backoff CHANGELOG.md, 5.0.0 (2024-12-19): 'RetryAfterError can be returned from an operation'",
      ],
      defaults: {},
      described: {
        source: "exponential.go (NextBackOff, incrementCurrentInterval, getRandomValueFromInterval), 4.3.0",
        retryAfter: "v4 has no Retry-After: the schedule is unchanged (its Retry only sleeps NextBackOff).",
      },
      build: (overrides) => cenkaltiModel(overrides, "none"),
    },
  ],
  build: (overrides) => cenkaltiModel(overrides, "duration"),
};

function cenkaltiModel(overrides: PresetOverrides, retryAfterKind: CenkaltiRetryAfter): PresetModel {
  const initialNs = Math.round((overrides.baseMs ?? CENKALTI_DEFAULTS.initialMs) * NS_PER_MS);
  const maxNs = Math.round((overrides.capMs ?? CENKALTI_DEFAULTS.maxIntervalMs) * NS_PER_MS);
  const multiplier = overrides.factor ?? CENKALTI_DEFAULTS.multiplier;
  const rf = overrides.jitter === undefined ? Number(CENKALTI_DEFAULTS.randomization) : parseFraction(overrides.jitter, "cenkalti's RandomizationFactor", { min: 0, max: 1, maxIncluded: true });
  const maxElapsedNs = Math.round((overrides.maxElapsedMs ?? CENKALTI_DEFAULTS.maxElapsedMs) * NS_PER_MS);
  const retries = overrides.retries ?? null;

  // incrementCurrentInterval, walked once; `raw` is the same walk without MaxInterval.
  const intervals: number[] = [initialNs];
  const raws: number[] = [initialNs];
  let steadyAt: number | null = null;
  const walk = (attempt: number) => {
    while (intervals.length < attempt && steadyAt === null) {
      const current = intervals[intervals.length - 1]!;
      const next = current >= maxNs / multiplier ? maxNs : duration(current * multiplier);
      intervals.push(next);
      raws.push(duration(raws[raws.length - 1]! * multiplier));
      if (next === maxNs || next === current) steadyAt = intervals.length;
    }
  };
  const intervalNs = (attempt: number) => {
    walk(attempt);
    return intervals[Math.min(attempt, intervals.length) - 1]!;
  };
  const rawNs = (attempt: number) => {
    walk(attempt);
    return attempt <= raws.length ? raws[attempt - 1]! : raws[raws.length - 1]! * multiplier ** (attempt - raws.length);
  };
  // getRandomValueFromInterval(rf, random, currentInterval)
  const randomValueNs = (attempt: number, random: number) => {
    const current = intervalNs(attempt);
    if (rf === 0) return current;
    const delta = rf * current;
    const minInterval = current - delta;
    const maxInterval = current + delta;
    return duration(minInterval + random * (maxInterval - minInterval + 1));
  };
  const lowNs = (attempt: number) => randomValueNs(attempt, 0);
  const highNs = (attempt: number) => randomValueNs(attempt, RANDOM53_MAX);

  // v5 Retry: next := b.NextBackOff(); if errors.As(err, &retryAfter) { next = retryAfter.Duration; b.Reset() }
  //   if MaxElapsedTime > 0 && time.Since(startedAt)+next > MaxElapsedTime { return res, err }
  // So a retry whose failure carries the header waits it (v7: any duration; cenkalti@5: whole seconds, RetryAfter(seconds int)), and the
  // intervals start again from InitialInterval after it: retry B + k, past a header before retries A..B, uses interval k.
  // v7: RetryAfter(d time.Duration, …), any duration in whole ns; v5–v6: RetryAfter(seconds int); v4: none, the header changes nothing.
  const header =
    retryAfterKind === "none" ? undefined : retryAfterKind === "whole-seconds" ? wholeSecondsHeader(overrides.retryAfter, "v5's RetryAfter(seconds int) takes whole seconds (cenkalti@5; v7's RetryAfter takes a time.Duration)") : overrides.retryAfter;
  const headerNs = header === undefined ? 0 : Math.round(header.ms * NS_PER_MS);
  const carried = (attempt: number) => header !== undefined && retryAfterAt(header, attempt) !== null;
  const afterHeader = header?.attempts ?? null;
  const own = (attempt: number) => (afterHeader !== null && attempt > afterHeader.last ? attempt - afterHeader.last : attempt);
  const limitSpec: ElapsedLimitSpec = {
    rule: "fits",
    limit: maxElapsedNs,
    retries,
    plain: (attempt) => (carried(attempt) ? headerNs : intervalNs(own(attempt))),
    low: (attempt) => (carried(attempt) ? headerNs : lowNs(own(attempt))),
    high: (attempt) => (carried(attempt) ? headerNs : highNs(own(attempt))),
    draw: rf === 0 ? null : (attempt, random) => (carried(attempt) ? headerNs : randomValueNs(own(attempt), random53(random))),
    mean: (attempt) => (carried(attempt) ? header!.ms : intervalNs(own(attempt)) / NS_PER_MS),
    toMs: nsToMs,
    unitsPerMs: NS_PER_MS,
    tooMany: () =>
      new PresetError(
        parts`cenkalti can retry more than ${groupDigits(ELAPSED_WALK_LIMIT)} times before MaxElapsedTime stops it (the lowest draws wait almost nothing); give a smaller ${option("maxElapsedMs")}, a smaller ${option("jitter")} or ${option("retries")}`,
      ),
  };
  const limit = elapsedLimit(limitSpec);
  const limitText = `MaxElapsedTime (${humanDuration(nsToMs(maxElapsedNs))})`;
  const rule = `cenkalti stops when elapsed + next${header === undefined ? "" : " (the Retry-After, where the failure carries one)"} > ${limitText}`;
  const stop = elapsedStop(limit, { limitText, limitMs: nsToMs(maxElapsedNs), rule, jitterName: "jitter", retries, retriesName: "MaxRetries" });
  walk(WALK_LIMIT);
  const capMs = nsToMs(maxNs);
  const ownCapAt = intervals.indexOf(maxNs) + 1 || null;
  // With a header, the first retry whose own interval (counted again from 1 after the header) is MaxInterval.
  const capReachedAt =
    header === undefined || ownCapAt === null ? ownCapAt : header.attempts === null ? null : header.attempts.first > ownCapAt ? ownCapAt : header.attempts.last + ownCapAt;
  const worstNs = duration(maxNs - rf * maxNs + RANDOM53_MAX * (2 * rf * maxNs + 1));
  const rounding =
    "cenkalti keeps time in nanoseconds: each total here is its own sum rounded half up to whole ms, and each wait the step from the total before it, " +
    "so the waits add up to the totals; a wait so shown is its own time rounded down or up (from the second attempt its range is the lowest rounded down to the highest rounded up).";
  const model: PresetModel = {
    delay: (attempt) => {
      const delayMs = limit.plainWaitMs(attempt);
      if (carried(attempt)) return { rawMs: delayMs, delayMs, clamped: false };
      const clamped = rawNs(own(attempt)) > intervalNs(own(attempt));
      // Below the cap the raw delay is the delay, shown as the same step.
      return { rawMs: clamped || attempt > limit.plainLast ? nsToMs(rawNs(own(attempt))) : delayMs, delayMs, clamped };
    },
    jittered: rf > 0,
    ...elapsedModelParts(limit),
    capMs,
    capReachedAt: () => capReachedAt,
    // Past the most retries every figure is 0.
    steadyFrom: () => limit.most + 1,
    mayExceedCap: rf > 0,
    retries,
    stop,
    // NextBackOff gives up when elapsed + next > MaxElapsedTime, elapsed counted from before the first try (v5 Retry's
    // startedAt, v4's Reset): retry a is made when it would start by the limit, the tries' time counted.
    timed: {
      waits: drawnWaits(limitSpec, { capMs, steadyFrom: header === undefined ? steadyAt : null }),
      stop: { rule: "fits", limitMs: nsToMs(maxElapsedNs), from: "first-try" },
      deadlineMs: null,
      text: limitText,
    },
    notes: [
      ...(rf > 0 ? [`cenkalti: MaxInterval caps the interval before the jitter; the worst wait is ${groupDigits(worstNs)} ns (${humanDuration(nsToMs(worstNs))}) against a ${groupDigits(capMs)} ms cap.`] : []),
      rounding,
    ],
    parameters: {
      InitialInterval: initialNs / NS_PER_MS,
      RandomizationFactor: rf,
      Multiplier: multiplier,
      MaxInterval: capMs,
      MaxElapsedTime: maxElapsedNs / NS_PER_MS,
      MaxRetries: retries,
    },
    ...(header === undefined
      ? {}
      : {
          retryAfter: {
            header,
            rule: `cenkalti (${retryAfterKind === "duration" ? "v7's Retry, RetryAfter(d time.Duration, cause error)" : "v5's Retry, RetryAfter(seconds int)"}; v4 has no Retry-After) waits the Retry-After instead of NextBackOff and restarts the intervals from InitialInterval, and gives up when elapsed + that wait passes ${limitText}: a Retry-After longer than it makes no retry at all (cenkalti/backoff#159)`,
            change: (attempt: number) => {
              if (!carried(attempt)) return null;
              const ownBounds = { minMs: nsToMs(lowNs(own(attempt))), maxMs: nsToMs(highNs(own(attempt))) };
              return replacedChange(ownBounds, header.ms);
            },
            givesUpAt: null,
          },
        }),
  };
  return model;
}
