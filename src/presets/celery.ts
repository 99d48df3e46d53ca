import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { parseSwitch } from "./kit/jitter-setting.js";
import { wholeUnits } from "./kit/whole-units.js";
import type { Preset } from "./types.js";

/** Celery autoretry with retry_backoff=True (get_exponential_backoff_interval), in seconds. */
export const celery: Preset = {
  name: "celery",
  library: "celery 5.x (autoretry_for with retry_backoff=True)",
  repository: "celery/celery",
  source: "celery/utils/time.py (get_exponential_backoff_interval), celery/app/autoretry.py, celery/app/task.py",
  formula: "min(retry_backoff_max, int(retry_backoff) × 2^(a−1)) seconds",
  defaults: "retry_backoff True (1 s), retry_backoff_max 600 s, retry_jitter True, max_retries 3",
  jitter: "retry_jitter: random.randrange(countdown + 1), a whole number of seconds in [0, countdown], after the cap",
  defaultRetries: 3,
  defaultAttempts: 3,
  parameters: {
    baseMs: "retry_backoff (whole seconds; celery reads it with int())",
    capMs: "retry_backoff_max (whole seconds)",
    jitter: "retry_jitter (on or off)",
    retries: "max_retries",
  },
  quirks: [
    "retry_backoff defaults to False: with only autoretry_for, celery waits default_retry_delay = 180 s every time.",
    "The factor is int(retry_backoff): retry_backoff=0.5 becomes 0 and turns exponential backoff off.",
    "retry_jitter is on by default, so the wait is anywhere from 0 to the countdown (it can be 0 s).",
  ],
  build(overrides) {
    const factor = wholeUnits("baseMs", "celery's retry_backoff", overrides.baseMs ?? 1000, 1000);
    const maximum = wholeUnits("capMs", "celery's retry_backoff_max", overrides.capMs ?? 600_000, 1000);
    const jitter = overrides.jitter === undefined ? true : parseSwitch(overrides.jitter, "celery's retry_jitter");
    const retries = overrides.retries ?? 3;
    // time.py: countdown = min(maximum, factor * (2 ** retries)), retries = a − 1; full_jitter: random.randrange(countdown + 1)
    const raw = (attempt: number) => factor * 2 ** (attempt - 1);
    const countdown = (attempt: number) => Math.min(maximum, raw(attempt));
    const capReachedAt = firstTrueFrom1((attempt) => raw(attempt) >= maximum);
    const capMs = maximum * 1000;
    return independentModel({
      delay: (attempt) => clampedTo(Math.min(raw(attempt) * 1000, Number.MAX_SAFE_INTEGER + 1), capMs),
      jitter: jitter
        ? {
            bounds: (attempt) => ({ minMs: 0, maxMs: countdown(attempt) * 1000 }),
            mean: (attempt) => (countdown(attempt) * 1000) / 2,
            draw: (attempt, random) => random.integer(0, countdown(attempt)) * 1000,
          }
        : null,
      capMs,
      capReachedAt,
      steadyFrom: capReachedAt,
      retries,
      parameters: { retry_backoff: factor, retry_backoff_max: maximum, retry_jitter: jitter, max_retries: retries },
    });
  },
};
