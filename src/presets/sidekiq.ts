import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
import { unclamped } from "./kit/attempt-delay.js";
import { ELAPSED_WALK_LIMIT, type ElapsedLimitSpec, elapsedLimit, elapsedModelParts, drawnWaits, elapsedStop } from "./kit/elapsed-limit.js";
import { independentModel } from "./kit/independent-model.js";
import { saturate } from "./kit/whole-ms.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset, PresetModel } from "./types.js";

/** job_util.rb: "retry_for must be a relative amount of time, e.g. 48.hours" above this many seconds. */
const MAX_RETRY_FOR_SECONDS = 1_000_000_000;

/** Sidekiq's default retry delay (job_retry.rb), in seconds, converted to ms exactly. */
export const sidekiq: Preset = {
  name: "sidekiq",
  library: "sidekiq 8.x",
  repository: "sidekiq/sidekiq",
  source: "lib/sidekiq/job_retry.rb (delay_for, process_retry; local: rescue Exception, the conditions), lib/sidekiq/job_util.rb (retry_for)",
  formula: "(a−1)^4 + 15 seconds (count = a − 1)",
  defaults: "retry: 25 (26 runs); no cap; jitter always on",
  stopping: "retry: 25",
  jitter: "+ rand(10 × (count + 1)) seconds: a whole number of seconds in [0, 10a − 1]",
  defaultRetries: 25,
  // sidekiq 8.1.7 lib/sidekiq/job_retry.rb (JobRetry#local and #global): rescue Exception => e retries every exception the job
  // raises, but Sidekiq::Shutdown (and an exception caused by it), which is re-raised and pushed back onto the queue.
  conditions: { words: ["rescue Exception"], from: "Sidekiq's JobRetry", isDefault: true, conditions: [{ kind: "every-error", but: "Sidekiq::Shutdown" }] },
  defaultAttempts: 25,
  parameters: {
    retries: "sidekiq_options retry: N",
    maxElapsedMs: "retry_for (7.1.3+, whole seconds; from 8.1.0 it replaces retry)",
  },
  quirks: [
    "The 25 default retries take about 20.4 days (1,763,395 s without jitter).",
    "Sidekiq 6.2.2–7.x added rand(10) × (count + 1) seconds instead, ≤ 6.2.1 rand(30) × (count + 1).",
    "The jitter is added to a custom sidekiq_retry_in value too.",
    "Retries are enqueued at a float timestamp and picked up by the scheduled-set poller, so real waits are a few seconds longer.",
    "retry_for (7.1.3+) is checked at each failure, before the wait: a retry is made while failed_at + retry_for is not before now, so the last wait ends past retry_for. From 8.1.0 it replaces the retry count; 7.1.3–8.0.x stop at whichever comes first.",
  ],
  retryAfter: "Sidekiq does not read Retry-After: the schedule is unchanged (sidekiq_retry_in can return a wait of its own).",
  build(overrides) {
    if (overrides.maxElapsedMs !== undefined) return withRetryFor(overrides.maxElapsedMs, overrides.retries);
    const retries = overrides.retries ?? 25;
    // job_retry.rb: delay = (count**4) + 15; jitter = rand(10 * (count + 1)); count = retry_count = a − 1
    const seconds = (attempt: number) => (attempt - 1) ** 4 + 15;
    const ms = (s: number) => saturate(s * 1000);
    return independentModel({
      delay: (attempt) => unclamped(ms(seconds(attempt))),
      jitter: {
        bounds: (attempt) => ({ minMs: ms(seconds(attempt)), maxMs: ms(seconds(attempt) + 10 * attempt - 1) }),
        mean: (attempt) => ms(seconds(attempt) + (10 * attempt - 1) / 2),
        draw: (attempt, random) => ms(seconds(attempt) + random.integer(0, 10 * attempt - 1)),
      },
      capMs: null,
      capReachedAt: null,
      steadyFrom: null,
      retries,
      parameters: { retry: retries },
    });
  },
};

// job_retry.rb: delay = (count**4) + 15; jitter = rand(10 * (count + 1)); count = retry_count = a − 1 (in seconds).
const seconds = (attempt: number) => (attempt - 1) ** 4 + 15;
const jitterTop = (attempt: number) => 10 * attempt - 1;

/**
 * Sidekiq 8.1+ with retry_for (process_retry): at each failure, `if rf; return
 * retries_exhausted if (time_for(failed_at) + rf) < Time.now`, before the wait; the
 * retry count is then ignored. failed_at is the first failure, so with calls taking no
 * time the elapsed time is the waits so far, in whole seconds: the kit's "while" rule.
 */
function withRetryFor(maxElapsedMs: number, retries: number | undefined): PresetModel {
  const reject = (text: string): never => {
    throw new PresetError(parts`${option("maxElapsedMs")} is sidekiq's retry_for, ${text}`);
  };
  if (maxElapsedMs % 1000 !== 0) reject(`which sidekiq reads with to_i: give whole seconds, got ${groupDigits(maxElapsedMs / 1000)} s`);
  const retryFor = maxElapsedMs / 1000;
  if (retryFor > MAX_RETRY_FOR_SECONDS) reject(`at most ${groupDigits(MAX_RETRY_FOR_SECONDS)} s (job_util.rb refuses more), got ${groupDigits(retryFor)} s`);
  if (retries !== undefined) {
    throw new PresetError(parts`${option("maxElapsedMs")} (retry_for) and ${option("retries")} (retry) are exclusive since Sidekiq 8.1.0: with retry_for set, the retry count is ignored`);
  }
  const ms = (s: number) => saturate(s * 1000);
  const limitSpec: ElapsedLimitSpec = {
    rule: "while",
    limit: retryFor,
    retries: null,
    plain: seconds,
    low: seconds,
    high: (attempt) => seconds(attempt) + jitterTop(attempt),
    draw: (attempt, random) => seconds(attempt) + random.integer(0, jitterTop(attempt)),
    mean: (attempt) => ms(seconds(attempt) + jitterTop(attempt) / 2),
    toMs: ms,
    unitsPerMs: 1 / 1000,
    // (a − 1)^4 alone passes 10^9 s within 180 retries: never reached.
    tooMany: () => new PresetError(parts`sidekiq retries more than ${groupDigits(ELAPSED_WALK_LIMIT)} times within this ${option("maxElapsedMs")}`),
  };
  const limit = elapsedLimit(limitSpec);
  const limitText = `retry_for (${humanDuration(maxElapsedMs)})`;
  const rule = `sidekiq retries while the time since the first failure is at most ${limitText}, checked before each wait, so the last wait ends past it`;
  // The count never ends first here: --attempts with retry_for is refused above.
  const stop = elapsedStop(limit, { limitText, limitMs: maxElapsedMs, rule, jitterName: "jitter", retries: null, overrun: true })!;
  return {
    delay: (attempt) => unclamped(limit.plainWaitMs(attempt)),
    jittered: true,
    ...elapsedModelParts(limit),
    capMs: null,
    capReachedAt: () => null,
    steadyFrom: () => limit.most + 1,
    mayExceedCap: false,
    retries: null,
    stop,
    // failed_at is the first failure: the job's time counts from the end of its first run.
    timed: { waits: drawnWaits(limitSpec, { capMs: null, steadyFrom: null }), stop: { rule: "while", limitMs: maxElapsedMs, from: "first-failure" }, deadlineMs: null, text: limitText },
    notes: ["sidekiq with retry_for: the mean is integrated numerically over the elapsed time of every run."],
    parameters: { retry_for: retryFor },
  };
}
