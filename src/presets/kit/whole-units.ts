import { PresetParameterError } from "../errors.js";
import type { OverrideName } from "../types.js";

/**
 * A duration override as a whole number of the library's unit (ms, or seconds with
 * `unitMs` 1000), for libraries holding a long or an int; refused otherwise, naming
 * the library's parameter.
 */
export function wholeUnits(override: OverrideName, parameter: string, ms: number, unitMs = 1): number {
  if (!Number.isInteger(ms / unitMs)) {
    const unit = unitMs === 1000 ? "seconds" : "milliseconds";
    throw new PresetParameterError(override, parameter, `a whole number of ${unit}`, `${ms} ms`);
  }
  return ms / unitMs;
}
