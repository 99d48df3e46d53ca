import { unclamped } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { saturate } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";

/** Sidekiq's default retry delay (job_retry.rb), in seconds, converted to ms exactly. */
export const sidekiq: Preset = {
  name: "sidekiq",
  library: "sidekiq 8.x",
  repository: "sidekiq/sidekiq",
  source: "lib/sidekiq/job_retry.rb (delay_for, process_retry)",
  formula: "(a−1)^4 + 15 seconds (count = a − 1)",
  defaults: "retry: 25 (26 runs); no cap; jitter always on",
  stopping: "retry: 25",
  jitter: "+ rand(10 × (count + 1)) seconds: a whole number of seconds in [0, 10a − 1]",
  defaultRetries: 25,
  defaultAttempts: 25,
  parameters: {
    retries: "sidekiq_options retry: N",
  },
  quirks: [
    "The 25 default retries take about 20.4 days (1,763,395 s without jitter).",
    "Sidekiq 6.2.2–7.x added rand(10) × (count + 1) seconds instead, ≤ 6.2.1 rand(30) × (count + 1).",
    "The jitter is added to a custom sidekiq_retry_in value too.",
    "Retries are enqueued at a float timestamp and picked up by the scheduled-set poller, so real waits are a few seconds longer.",
  ],
  build(overrides) {
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
