import type { RetryOn } from "../condition.js";

/**
 * A wretry.action step without retry_condition (Wandalen/wretry.action src/Retry.js at
 * v3.8.0_js_action, 71a909eb): `getInput('retry_condition') || true`, action.yml's default true,
 * so every failed try is retried. One definition for src/presets/wretry.ts and
 * src/config/shapes/wretry.ts: presets cannot import config.
 */
export const WRETRY_DEFAULT_RETRY_ON: RetryOn = { words: ["true"], from: "the action's default retry_condition", isDefault: true, conditions: [{ kind: "every-error" }] };
