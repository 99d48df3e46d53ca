import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo, unclamped } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { isJitterOff, parseFraction } from "./kit/jitter-setting.js";
import { saturate } from "./kit/whole-ms.js";
import { wholeUnits } from "./kit/whole-units.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset } from "./types.js";

/**
 * EchoMQ (Elixir port of BullMQ). Two functions: the documented job config
 * `%{type: :exponential, delay: 1_000, jitter: 0.2}` goes through `calculate/4`
 * (symmetric jitter, no cap); `delay_ms/2` takes `{:exponential, base, cap}` and
 * `{:jitter, inner}` (full jitter under the cap). --cap selects `delay_ms/2`.
 */
export const echomq: Preset = {
  name: "echomq",
  library: "EchoMQ (jonny-novikov/fiberfx, echo apps)",
  repository: "jonny-novikov/fiberfx",
  source: "echo/apps/echomq/lib/echomq/backoff.ex (calculate/4); echo/apps/echo_mq/lib/echo_mq/backoff.ex (delay_ms/2, when a cap is given); echo/apps/echomq/lib/echomq/worker.ex (handle_job_failure: the conditions)",
  formula: "calculate/4: trunc(2^(a−1) × delay); delay_ms/2 (when a cap is given): min(base × 2^(a−1), cap)",
  defaults: "the documented config %{type: :exponential, delay: 1_000, jitter: 0.2}; no default retry count (docs use 5)",
  stopping: "the backoff module has no retry count",
  jitter: "calculate/4: lo = trunc(d(1−j)), uniform integer in [lo, lo + trunc(2dj)]; delay_ms/2 {:jitter, inner}: uniform integer in [0, capped d]",
  defaultRetries: null,
  // jonny-novikov/fiberfx at 9891a88, echo/apps/echomq/lib/echomq/worker.ex: a processor's {:error, reason}, a raise, an exit, a
  // throw and a crashed task all go to handle_job_failure, which retries while Job.should_retry?/1 (lib/echomq/job.ex:377, attempts_made + 1 < attempts)
  // holds; nothing is excluded by its kind (no UnrecoverableError in this worker).
  conditions: { words: ["{:error, reason}", "a raise, an exit or a throw"], from: "EchoMQ's worker", isDefault: true, conditions: [{ kind: "every-error" }] },
  defaultAttempts: 5,
  parameters: {
    baseMs: "delay (calculate/4) or base (delay_ms/2), whole ms",
    capMs: "cap of delay_ms({:exponential, base, cap}); selects delay_ms/2",
    jitter: "calculate/4: jitter fraction in (0, 1] (0 = none); with a cap: full or none ({:jitter, inner})",
    retries: "the range only (the backoff module has no retry count)",
  },
  quirks: [
    "calculate/4 has no cap; delay_ms/2 requires one, so giving a cap switches to delay_ms/2.",
    "calculate/4 ignores a jitter outside (0, 1] (no jitter), and accepts attempt 0 (trunc(0.5 × delay)).",
    "delay_ms/2 clamps before the full jitter, so a jittered wait never passes the cap.",
    "An unknown strategy falls back to the base delay; a nil config gives 0.",
    "The worker in the public source (jonny-novikov/fiberfx at 9891a88, echo/apps/echomq lib/echomq/worker.ex, handle_job_failure) calls Job.calculate_backoff/1 (lib/echomq/job.ex), not Backoff.calculate/4; this preset follows the design documents' calculate/4. calculate_backoff/1 counts attempts_made from 0 at the first failure, trunc(2^(attempts_made − 1) × delay), so its first wait is half the delay, and its jitter only lowers a wait: trunc(b(1 − j)) + a uniform integer from 0 to trunc(b × j); a wait of 0 becomes 1 ms. For the documented config: 400–500, 800–1000, 1600–2000 ms.",
  ],
  retryAfter: "EchoMQ does not read Retry-After: the schedule is unchanged.",
  build(overrides) {
    const base = wholeUnits("baseMs", "EchoMQ's delay (an integer)", overrides.baseMs ?? 1000);
    if (overrides.capMs === undefined) {
      const jitter = overrides.jitter === undefined ? 0.2 : parseFraction(overrides.jitter, "calculate/4's jitter", { min: 0, max: 1, maxIncluded: true });
      // calculate(:exponential, attempt, base_delay, opts): trunc(:math.pow(2, attempt - 1) * base_delay)
      const delay = (attempt: number) => Math.trunc(Math.pow(2, attempt - 1) * base);
      // apply_jitter: min_delay = trunc(delay * (1 - jitter)); jitter_range = trunc(delay * jitter * 2); min_delay + :rand.uniform(jitter_range + 1) - 1
      const low = (attempt: number) => Math.trunc(delay(attempt) * (1 - jitter));
      const span = (attempt: number) => Math.trunc(delay(attempt) * jitter * 2);
      return independentModel({
        delay: (attempt) => unclamped(saturate(delay(attempt))),
        jitter:
          jitter > 0
            ? {
                bounds: (attempt) => ({ minMs: saturate(low(attempt)), maxMs: saturate(low(attempt) + span(attempt)) }),
                mean: (attempt) => saturate(low(attempt) + span(attempt) / 2),
                draw: (attempt, random) => {
                  const lo = low(attempt);
                  const width = span(attempt);
                  return !Number.isSafeInteger(lo + width) ? saturate(lo + width) : lo + random.integer(0, width);
                },
              }
            : null,
        capMs: null,
        capReachedAt: null,
        steadyFrom: null,
        retries: null,
        parameters: { function: "calculate/4", delay: base, jitter },
      });
    }
    const cap = wholeUnits("capMs", "delay_ms/2's cap (an integer)", overrides.capMs);
    const full = overrides.jitter === undefined ? false : overrides.jitter.trim().toLowerCase() === "full" ? true : isJitterOff(overrides.jitter) ? false : null;
    if (full === null) {
      throw new PresetError(
        parts`${option("jitter")} under echomq with ${option("capMs")} is delay_ms/2's {:jitter, inner}: full or none, got ${JSON.stringify(overrides.jitter)} (a fraction is calculate/4's jitter, which has no cap)`,
      );
    }
    // delay_ms({:exponential, base, cap}, attempts): min(base * Bitwise.bsl(1, attempts - 1), cap), exact integers
    const raw = (attempt: number) => base * 2 ** (attempt - 1);
    const capped = (attempt: number) => Math.min(raw(attempt), cap);
    const capReachedAt = firstTrueFrom1((attempt) => raw(attempt) >= cap);
    return independentModel({
      delay: (attempt) => clampedTo(saturate(raw(attempt)), cap),
      // delay_ms({:jitter, inner}): :rand.uniform(bound + 1) - 1, a uniform integer in 0..bound
      jitter: full
        ? {
            bounds: (attempt) => ({ minMs: 0, maxMs: capped(attempt) }),
            mean: (attempt) => capped(attempt) / 2,
            draw: (attempt, random) => random.integer(0, capped(attempt)),
          }
        : null,
      capMs: cap,
      capReachedAt,
      steadyFrom: capReachedAt,
      retries: null,
      parameters: { function: "delay_ms/2", base, cap, jitter: full ? "full" : "none" },
    });
  },
};
