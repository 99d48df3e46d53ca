import type { RetryOn } from "../condition.js";

/**
 * A nick-fields/retry step without retry_on or retry_on_exit_code (v4.0.0, ad984534,
 * src/index.ts runAction): retry_on is `getInput('retry_on') || 'any'`, and any retries a timeout
 * and a non-zero exit alike. One definition for src/presets/nick-fields-retry.ts and
 * src/config/shapes/nick-fields-retry.ts: presets cannot import config.
 */
export const NICK_FIELDS_RETRY_DEFAULT_RETRY_ON: RetryOn = { words: ["any"], from: "the action's default retry_on", isDefault: true, conditions: [{ kind: "every-error" }] };
