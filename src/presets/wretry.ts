import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { WRETRY_DEFAULT_RETRY_ON } from "../core/conditions/defaults/wretry.js";

/** Every refusal goes through here: one PresetError per bad value, in the action's own input names. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** Node's setTimeout holds at most 2^31 − 1 ms. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Wandalen/wretry.action, the GitHub Action that retries another action or a command
 * (v3.8.0, its JavaScript at the tag v3.8.0_js_action, 71a909eb: src/Retry.js), on
 * wTools' _.retry (Wandalen/wConsequence proto/wtools/abase/l9/consequence/Namespace.s).
 */
export const wretry: Preset = {
  name: "wretry",
  library: "Wandalen/wretry.action v3.8.0 (GitHub Action)",
  repository: "Wandalen/wretry.action",
  source: "src/Retry.js at v3.8.0_js_action (attempt_limit || 2, attempt_delay || 0, time_out), action.yml; _.retry in Wandalen/wConsequence proto/wtools/abase/l9/consequence/Namespace.s (attemptDelayMultiplier 1)",
  formula: "attempt_delay ms before every retry (a fixed wait)",
  defaults: "attempt_limit 2 (counting the first try), attempt_delay 0 ms, time_out none",
  jitter: "none",
  defaultRetries: 1,
  defaultAttempts: 1,
  conditions: WRETRY_DEFAULT_RETRY_ON,
  stopping: "attempt_limit 2",
  parameters: {
    baseMs: "attempt_delay (milliseconds; 0, the default, retries at once)",
    retries: "attempt_limit − 1 (attempt_limit counts the first try)",
  },
  quirks: [
    "attempt_limit counts the first try: the default 2 is one retry. Retry.js reads it as _.number.from(…) || 2, so 0 is 2.",
    "attempt_delay is in milliseconds, not seconds, and defaults to 0: without it every retry is made at once.",
    "_.retry multiplies the delay by attemptDelayMultiplier from the second retry on; wretry.action passes none, so the default 1 keeps every wait at attempt_delay.",
    "_.retry waits attempt_delay after the last failed try too before it reports the attempts exhausted.",
    "time_out (ms) bounds the whole step, every try included: each try is started with what is left of it, and no retry starts once it has run out. There is no per-try timeout.",
    "retry_condition (an expression) can stop the retries early; pre_retry_command runs after the attempt_delay wait, as the first step of the next try (githubOutputCleanRoutine, src/Retry.js:176–203 at v3.8.0_js_action, which _.retry calls once the wait is over), so its time adds to the gap between tries; when it fails that try still runs, but is the last (shouldRetry = false, Retry.js:197).",
  ],
  retryAfter: "wretry.action reruns an action or a command; it reads no Retry-After: the schedule is unchanged.",
  build(overrides) {
    const delayMs = overrides.baseMs ?? 0;
    if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_DELAY_MS) reject(`attempt_delay is a whole number of milliseconds from 0 to ${groupDigits(MAX_DELAY_MS)}, got ${groupDigits(delayMs)} ms`);
    const retries = overrides.retries ?? 1;
    // _retry: if (attempt >= 2) attemptDelay = attemptDelay * o.attemptDelayMultiplier (1); attempt += 1; _.time.out(attemptDelay, () => _run(o))
    return independentModel({
      delay: () => ({ rawMs: delayMs, delayMs, clamped: false }),
      jitter: null,
      capMs: null,
      capReachedAt: null,
      steadyFrom: 1,
      retries,
      ...(delayMs === 0 ? { notes: ["wretry: attempt_delay 0 (the default): every retry is made at once."] } : {}),
      parameters: { attempt_limit: retries + 1, attempt_delay: delayMs },
    });
  },
};
