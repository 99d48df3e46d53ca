import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";

// The preset tests' shorthands: a preset's model by name, its delays at some attempts, its bounds at one.

/** The named preset's model with these overrides (the name must be a preset's). */
export function model(name: string, overrides: PresetOverrides = {}) {
  return findPreset(name)!.build(overrides);
}

/** The whole-ms delays the named preset's model gives at these attempts. */
export const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => {
  const m = model(name, overrides);
  return attempts.map((a) => m.delay(a).delayMs);
};

/** The named preset's jitter bounds at one attempt. */
export const bounds = (name: string, overrides: PresetOverrides, attempt: number) => model(name, overrides).bounds(attempt);
