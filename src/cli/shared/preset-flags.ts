import type { PresetError } from "../../presets/errors.js";
import type { OverrideName } from "../../presets/types.js";

/** The calculator's flag for each preset override: presets name options by these keys, the CLI by its flags. */
export const OVERRIDE_FLAGS: Readonly<Record<OverrideName, string>> = {
  baseMs: "--base",
  capMs: "--cap",
  factor: "--factor",
  jitter: "--jitter",
  retries: "--attempts",
  maxElapsedMs: "--max-elapsed",
  strategy: "--strategy",
};

/** A preset's refusal as the CLI says it, each option by its flag ("--jitter is BullMQ's backoff.jitter, …"). */
export function presetErrorText(error: PresetError): string {
  return error.worded((option) => OVERRIDE_FLAGS[option]);
}
