import { MAX_WALKED_ATTEMPTS } from "../../core/limits.js";
import type { ScheduleModel } from "../../core/model.js";
import type { AttemptRange } from "../../core/schedule.js";
import { groupDigits } from "../../core/text/digits.js";
import { UsageError } from "./errors.js";

/**
 * Refuses, before anything is written, a range whose totals would be added up one attempt at a
 * time past core's MAX_WALKED_ATTEMPTS (core/limits.ts): the un-jittered schedules have closed
 * forms; a jittered or library schedule is summed attempt by attempt until its delays stop
 * changing (its cap), and a seeded sample is always drawn from attempt 1. Used by the schedule
 * and by compare (each of its policies).
 *
 * `readsLastRow`: the format needs the totals at the last attempt before its first row (see ScheduleRenderer).
 * `capOffered`: whether --cap is accepted here (a preset without a cap, such as sidekiq, refuses it), so
 * the advice never suggests what would be refused.
 */
export function checkWalk(view: { readonly model: ScheduleModel; readonly range: AttemptRange; readonly seed: number | null }, readsLastRow: boolean, capOffered = true): void {
  const { model, range, seed } = view;
  const limit = groupDigits(MAX_WALKED_ATTEMPTS);
  if (seed !== null && range.first > MAX_WALKED_ATTEMPTS) {
    throw new UsageError(`--seed draws the sequence from attempt 1, so --attempts must start at most at ${limit} with it, got ${groupDigits(range.first)}`);
  }
  const walks = model.jittered || !model.cumulativeMs;
  const steady = model.steadyFrom();
  const furthest = readsLastRow ? range.last : range.first;
  if (walks && (steady === null || steady > MAX_WALKED_ATTEMPTS) && furthest > MAX_WALKED_ATTEMPTS) {
    const cap = !capOffered ? null : model.capMs === null ? "a --cap (the delays then stop changing)" : `a lower --cap (the delays reach ${groupDigits(model.capMs)} ms only after attempt ${limit})`;
    throw new UsageError(
      `--attempts reaches attempt ${groupDigits(furthest)}, but with jitter or a preset the totals are added up attempt by attempt, up to ${limit}; ` +
        (cap === null ? `give a range within ${limit}` : `give ${cap} or a range within ${limit}`),
    );
  }
}
