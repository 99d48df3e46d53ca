import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { NICK_FIELDS_RETRY_DEFAULT_RETRY_ON } from "../core/conditions/defaults/nick-fields-retry.js";

/** Every refusal goes through here: one PresetError per bad value, in the action's own input names. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** The action's inputs are parsed with Number.parseInt: a wait is whole seconds. */
const MAX_WAIT_SECONDS = 2_147_483;

/**
 * nick-fields/retry, the GitHub Action that reruns a step's command (v4.0.0, ad984534; the
 * same inputs and loop since v2.9): src/index.ts runAction/runCmd, src/inputs.ts getInputs,
 * action.yml's defaults.
 */
export const nickFieldsRetry: Preset = {
  name: "nick-fields-retry",
  library: "nick-fields/retry v4.0.0 (GitHub Action; same loop since v2.9)",
  repository: "nick-fields/retry",
  source: "src/index.ts (runAction, runCmd), src/inputs.ts (getInputs, getTimeout), action.yml (max_attempts 3, retry_wait_seconds 10)",
  formula: "retry_wait_seconds s before every retry (a fixed wait)",
  defaults: "max_attempts 3 (counting the first try), retry_wait_seconds 10, polling_interval_seconds 1; timeout_minutes or timeout_seconds required",
  jitter: "none",
  defaultRetries: 2,
  defaultAttempts: 2,
  conditions: NICK_FIELDS_RETRY_DEFAULT_RETRY_ON,
  stopping: "max_attempts 3",
  parameters: {
    baseMs: "retry_wait_seconds (whole seconds; 0 or unset is 10)",
    retries: "max_attempts − 1 (max_attempts counts the first try)",
  },
  quirks: [
    "max_attempts counts the first try: the default 3 is 2 retries. getInputs reads it as parseInt(…) || 3, so 0 is 3, and retry_wait_seconds as parseInt(…) || 10, so 0 waits 10 s; only a negative retry_wait_seconds (getInputNumber accepts it; setTimeout then waits 1 ms) makes the retries immediate.",
    "The wait comes after every failed try, the last one included (runCmd waits retry_wait_seconds, then throws): a step that fails every try ends one wait after its last try.",
    "timeout_minutes or timeout_seconds (exactly one is required) bounds each try: runCmd polls every polling_interval_seconds (1 s) and kills the command at the first poll past the timeout, so a try takes the timeout rounded up to the polling interval.",
    "Inputs go through Number.parseInt: 1.5 is 1, \"10s\" is 10. retry_on (any, timeout, error) and retry_on_exit_code choose which failures are retried; the others end the step at once.",
    "The step's own timeout-minutes bounds the whole step, every try and wait included.",
  ],
  retryAfter: "nick-fields/retry reruns a command; it reads no Retry-After: the schedule is unchanged.",
  build(overrides) {
    const waitMs = overrides.baseMs ?? 10_000;
    const seconds = waitMs / 1000;
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_WAIT_SECONDS) reject(`retry_wait_seconds is a whole number of seconds from 1 to ${groupDigits(MAX_WAIT_SECONDS)} (0 means 10), got ${groupDigits(waitMs)} ms`);
    const retries = overrides.retries ?? 2;
    // runAction: for (let attempt = 1; attempt <= inputs.max_attempts; attempt++) { … await retryWait(ms.seconds(inputs.retry_wait_seconds)) … }
    return independentModel({
      delay: () => ({ rawMs: waitMs, delayMs: waitMs, clamped: false }),
      jitter: null,
      capMs: null,
      capReachedAt: null,
      steadyFrom: 1,
      retries,
      parameters: { max_attempts: retries + 1, retry_wait_seconds: seconds },
    });
  },
};
