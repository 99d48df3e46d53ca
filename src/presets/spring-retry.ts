import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { isJitterOff } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { saturate } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";

/** Every refusal goes through here: one PresetError per bad value, in Spring Retry's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** The largest value of Java's Random.nextFloat(): multiples of 2^-24. */
const NEXT_FLOAT_MAX = 1 - 2 ** -24;

/** Java's (long) cast of a double: truncation, saturating at Long.MAX_VALUE (here: past 2^53, saturated). */
function javaLong(x: number): number {
  return saturate(x >= 2 ** 63 ? 2 ** 63 : Math.trunc(x));
}

function wholeMillis(setter: string, ms: number): number {
  if (!Number.isInteger(ms)) reject(`${setter} takes a long (whole milliseconds), got ${ms} ms`);
  return ms;
}

/** Spring Retry's ExponentialBackOffPolicy (and ExponentialRandomBackOffPolicy) under a SimpleRetryPolicy. */
export const springRetry: Preset = {
  name: "spring-retry",
  aliases: ["spring"],
  library: "spring-retry 2.0.12 (ExponentialBackOffPolicy, ExponentialRandomBackOffPolicy)",
  repository: "spring-projects/spring-retry",
  source: "src/main/java/org/springframework/retry/backoff/ExponentialBackOffPolicy.java, ExponentialRandomBackOffPolicy.java, policy/SimpleRetryPolicy.java",
  formula: "d₁ = initialInterval; d(a+1) = (long)(d(a) × multiplier), each wait min(d(a), maxInterval)",
  defaults: "initialInterval 100 ms, multiplier 2, maxInterval 30000 ms; SimpleRetryPolicy maxAttempts 3 (2 retries)",
  jitter: "random (ExponentialRandomBackOffPolicy): (long)(d × (1 + nextFloat() × (multiplier − 1))) in [d, d × multiplier), then at most maxInterval",
  defaultRetries: 2,
  // spring-retry 2.0.12 SimpleRetryPolicy(): retryableExceptions {Exception: true}.
  conditions: { words: ["retryableExceptions {Exception: true}"], from: "SimpleRetryPolicy's default", isDefault: true, conditions: [{ kind: "every-error", but: "Errors outside Exception" }] },
  defaultAttempts: 2,
  parameters: {
    baseMs: "initialInterval (a long, ms)",
    factor: "multiplier",
    capMs: "maxInterval (a long, ms)",
    jitter: "none (ExponentialBackOffPolicy) or random (ExponentialRandomBackOffPolicy)",
    retries: "SimpleRetryPolicy maxAttempts − 1 (maxAttempts counts the first call)",
  },
  quirks: [
    "The interval is truncated to a long at every step: multiplier 1.5 gives 100, 150, 225, 337, 505 ms (not 506.25).",
    "maxInterval caps the wait, and the interval stops growing once it passes it.",
    "ExponentialRandomBackOffPolicy draws a factor in [1, multiplier) for each wait and clamps to maxInterval afterwards: past the cap every wait is exactly maxInterval.",
    "@Backoff's defaults differ: delay 1000 ms and no multiplier, a fixed 1 s; RetryTemplate.builder().exponentialBackoff(initial, multiplier, max) sets these three.",
    "A multiplier ≤ 1 is replaced by 1 (constant), an initialInterval below 1 by 1 and a maxInterval below 1 by 1, each with a warning.",
    "nextFloat() has 2^24 values; the mean treats the draw as continuous (off by at most d × (multiplier − 1) / 2^24 ms).",
  ],
  retryAfter: "spring-retry does not read Retry-After: the schedule is unchanged.",
  build(overrides) {
    const initial = wholeMillis("setInitialInterval", overrides.baseMs ?? 100);
    const multiplier = overrides.factor ?? 2;
    const max = wholeMillis("setMaxInterval", overrides.capMs ?? 30_000);
    // 0 is the calculator's "none" too: the plain ExponentialBackOffPolicy.
    const kind = overrides.jitter === undefined || isJitterOff(overrides.jitter) ? "none" : overrides.jitter.trim().toLowerCase();
    if (kind !== "none" && kind !== "random") reject(`the back-off policy is none (ExponentialBackOffPolicy) or random (ExponentialRandomBackOffPolicy), got ${JSON.stringify(overrides.jitter)}`);
    const retries = overrides.retries ?? 2;
    if (retries + 1 > 2_147_483_647) reject(`SimpleRetryPolicy maxAttempts is an int, at most ${groupDigits(2_147_483_647)}, got ${groupDigits(retries + 1)}`);
    // ExponentialBackOffContext.getSleepAndIncrement: sleep = interval; if (sleep > max) sleep = max;
    //   else interval = (long) (interval * multiplier)
    const intervals: number[] = [initial];
    const interval = (attempt: number): number => {
      while (intervals.length < attempt) {
        const previous = intervals[intervals.length - 1]!;
        if (previous > max) break; // no longer incremented
        const next = javaLong(previous * multiplier);
        intervals.push(next);
        if (next === previous) break; // constant from here on
      }
      return intervals[Math.min(attempt, intervals.length) - 1]!;
    };
    const sleep = (attempt: number) => Math.min(interval(attempt), max);
    // ExponentialRandomBackOffContext: next = (long) (next * (1 + r.nextFloat() * (getMultiplier() - 1))); if (next > max) next = max
    const randomized = (attempt: number, f: number) => Math.min(javaLong(sleep(attempt) * (1 + f * (multiplier - 1))), max);
    const capReachedAt = firstTrueFrom1((attempt) => interval(attempt) >= max, 1 << 20);
    const random = kind === "random" && multiplier > 1;
    return independentModel({
      delay: (attempt) => clampedTo(interval(attempt), max),
      jitter: random
        ? {
            bounds: (attempt) => ({ minMs: randomized(attempt, 0), maxMs: randomized(attempt, NEXT_FLOAT_MAX) }),
            mean: (attempt) => {
              const d = sleep(attempt);
              return meanFloorUniform(d, d * multiplier, max);
            },
            draw: (attempt, source) => randomized(attempt, Math.floor(source.fraction() * 2 ** 24) / 2 ** 24),
          }
        : null,
      capMs: max,
      capReachedAt,
      steadyFrom: capReachedAt ?? (multiplier === 1 ? 1 : null),
      retries,
      parameters: { initialInterval: initial, multiplier, maxInterval: max, policy: kind === "random" ? "ExponentialRandomBackOffPolicy" : "ExponentialBackOffPolicy", maxAttempts: retries + 1 },
    });
  },
};
