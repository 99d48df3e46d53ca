import type { DeadlineInput } from "../../core/deadline/input.js";
import type { ScheduleModel } from "../../core/model.js";
import type { AttemptRange } from "../../core/schedule.js";
import type { DeadlineContext } from "../../format/deadline-summary.js";
import type { OptionValues } from "../../config/option-values.js";
import { parseTimeout } from "../../config/values.js";

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

/** What a schedule takes for the deadline model: its input, and what its sentences need. */
export interface DeadlineView {
  readonly input: DeadlineInput;
  readonly context: DeadlineContext;
}

/** The calculator's own policy: it makes exactly the retries shown (the range's last attempt). */
export function policyDeadline(timing: TryTiming | null, model: ScheduleModel, range: AttemptRange): DeadlineView | null {
  if (timing === null) return null;
  return { input: { waits: model, retries: range.last, ...timing, stop: null }, context: { ...timing, stopText: null, lastShown: range.last } };
}
