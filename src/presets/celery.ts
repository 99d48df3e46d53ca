import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { parseSwitch } from "./kit/jitter-setting.js";
import type { Preset } from "./types.js";

/** Celery autoretry with retry_backoff=True (get_exponential_backoff_interval), in seconds. */
export const celery: Preset = {
  name: "celery",
  library: "celery 5.6.3 (autoretry_for with retry_backoff=True; retry_backoff read as a float since 5.3.1)",
  repository: "celery/celery",
  source: "celery/utils/time.py (get_exponential_backoff_interval), celery/app/autoretry.py, celery/app/task.py",
  formula: "min(retry_backoff_max, int(max(1.0, retry_backoff)) × 2^(a−1)) seconds (5.3.1+)",
  defaults: "retry_backoff True (1 s), retry_backoff_max 600 s, retry_jitter True, max_retries 3",
  stopping: "max_retries 3",
  jitter: "retry_jitter: random.randrange(countdown + 1), a whole number of seconds in [0, countdown], after the cap",
  defaultRetries: 3,
  // celery 5.6.3 celery/app/autoretry.py (add_autoretry_behaviour): autoretry_for = tuple(options.get('autoretry_for', getattr(task, 'autoretry_for', ())))
  // — empty by default, and then run is not wrapped: a task is retried only when its own code calls self.retry() (celery/app/task.py, Task.retry).
  conditions: {
    words: ["autoretry_for ()"],
    from: "Celery's default",
    isDefault: true,
    conditions: [{ kind: "code", why: "the task's self.retry(), or the exceptions given to autoretry_for, none by default" }],
  },
  defaultAttempts: 3,
  parameters: {
    baseMs: "retry_backoff (seconds; 5.3.1+ takes int(max(1.0, retry_backoff)) as the factor)",
    capMs: "retry_backoff_max (seconds, read with int())",
    jitter: "retry_jitter (on or off)",
    retries: "max_retries",
  },
  quirks: [
    "retry_backoff defaults to False: with only autoretry_for, celery waits default_retry_delay = 180 s every time.",
    "Since 5.3.1 (autoretry.py) retry_backoff is read with float() and the factor is int(max(1.0, retry_backoff)): 0.5 waits like 1, 2.5 like 2 (truncated, not refused).",
    "5.3.0 and earlier read it with int(): retry_backoff=0.5 became 0, which turned exponential backoff off (default_retry_delay, 180 s, every time).",
    "retry_backoff_max is read with int() in every 5.x release: a fraction of a second is truncated.",
    "retry_jitter is on by default, so the wait is anywhere from 0 to the countdown (it can be 0 s).",
  ],
  retryAfter: "Celery does not read Retry-After: the schedule is unchanged (a task that must wait longer passes countdown to self.retry itself).",
  build(overrides) {
    // autoretry.py (5.3.1+): retry_backoff = float(…); factor=int(max(1.0, retry_backoff)); retry_backoff_max = int(…)
    const retryBackoff = (overrides.baseMs ?? 1000) / 1000;
    const factor = Math.trunc(Math.max(1.0, retryBackoff));
    const maximum = Math.trunc((overrides.capMs ?? 600_000) / 1000);
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
      parameters: { retry_backoff: retryBackoff, factor, retry_backoff_max: maximum, retry_jitter: jitter, max_retries: retries },
    });
  },
};
