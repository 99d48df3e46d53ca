import type { ConfigShape } from "../shape.js";

/**
 * BullMQ's job options (`{"attempts": 5, "backoff": {"type": "exponential", "delay": 1000}}`),
 * alone in a file or as a policy of backoff's own config. They are read with that config
 * (schema.ts, by shapes/backoff.ts, which reports such a policy as this system's), so this
 * shape reads nothing itself: it names the system, and its options name the bullmq preset.
 * Its keys and conditions: config/bullmq-options.ts.
 */
export const bullmq: ConfigShape = {
  system: "bullmq",
  label: "BullMQ job options",
  preset: null,
  recognised: "BullMQ job options",
  levers: { cap: null, limits: ["attempts in the job options (counts the first try)"], jitter: "backoff.jitter in the job options" },
  docs: {
    system: "BullMQ job options",
    where: '`{"attempts": 5, "backoff": {"type": "exponential", "delay": 1000}}`',
    policy:
      "`attempts` (counts the first try: attempts − 1 retries; without it BullMQ never retries, an invalid policy here), `backoff.type` (`exponential` or `fixed`), `backoff.delay` (ms), `backoff.jitter` (0 to 1, downward); a key JobsOptions or BackoffOptions does not define (`atempts`, `backoff.dealy`) is an unknown key, named with the key meant (while scanning, a file is taken for job options when its other keys are BullMQ's or near one); preset `bullmq`",
    conditions: "every error the processor throws but `UnrecoverableError` (Job.shouldRetryJob); the job options have no key for it. No budget",
  },
  // The `backoff` key: among backoff's own words (shapes/backoff.ts).
  words: {},
};
