import type { PresetTerms } from "../../core/check-report/terms.js";
import type { PresetError } from "../../presets/errors.js";
import type { OverrideName, Preset } from "../../presets/types.js";

/** The calculator's flag for each preset override: presets name options by these keys, the CLI by its flags. */
export const OVERRIDE_FLAGS: Readonly<Record<OverrideName, string>> = {
  baseMs: "--base",
  capMs: "--cap",
  factor: "--factor",
  jitter: "--jitter",
  retries: "--attempts",
  maxElapsedMs: "--max-elapsed",
  strategy: "--strategy",
  retryAfter: "--retry-after",
  maxRetryAfterMs: "--max-retry-after",
};

/** A preset's refusal as the CLI says it, each option by its flag ("--jitter is BullMQ's backoff.jitter, …"). */
export function presetErrorText(error: PresetError): string {
  return error.worded((option) => OVERRIDE_FLAGS[option]);
}

/** An option the preset offers, as "--cap (maxTimeout (ms))"; null when it has no counterpart. */
function offeredFlag(preset: Preset, option: OverrideName): string | null {
  const parameter = preset.parameters[option];
  return parameter === undefined ? null : `${OVERRIDE_FLAGS[option]}, the library's ${parameter}`;
}

/** A preset's levers as its check report names them: its cap, what bounds its retries, its jitter. */
export function presetTerms(preset: Preset, rule: string): PresetTerms {
  // A count that is "the range only" bounds nothing in the library itself.
  const retries = /range only/.test(preset.parameters.retries ?? "") ? null : offeredFlag(preset, "retries");
  const limits = [retries, offeredFlag(preset, "maxElapsedMs")].filter((flag): flag is string => flag !== null);
  return { name: preset.name, rule, cap: offeredFlag(preset, "capMs"), limits, jitter: offeredFlag(preset, "jitter"), countsTries: countsTries(preset) };
}

/**
 * Whether a library counts tries, the first included: its retry count's parameter says so
 * ("maxAttempts − 1 (maxAttempts counts the first call)"). test/cli/shared/preset-flags.test.ts
 * lists the presets it holds for.
 */
export function countsTries(preset: Preset): boolean {
  return /\bcounts the first\b/.test(preset.parameters.retries ?? "");
}
