import type { OptionValues } from "./option-values.js";
import { parseTimeout } from "./values.js";

/**
 * The times around the tries, from --attempt-time and --deadline: how long each try runs
 * before it fails, and the overall timeout from the first try's start. Both whole ms.
 */
export interface TryTiming {
  readonly attemptTimeMs: number;
  readonly deadlineMs: number | null;
}

/** The timing the values give, or null when neither option is there (the schedule is then as it has always been). */
export function timingFromValues(values: OptionValues): TryTiming | null {
  if (values.attemptTime === undefined && values.deadline === undefined) return null;
  return {
    attemptTimeMs: values.attemptTime === undefined ? 0 : parseTimeout("--attempt-time", values.attemptTime, true),
    deadlineMs: values.deadline === undefined ? null : parseTimeout("--deadline", values.deadline, false),
  };
}
