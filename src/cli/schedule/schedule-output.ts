import { type DeadlineSummary, deadlineSummary } from "../../core/deadline/summary.js";
import type { DeadlineInput } from "../../core/deadline/input.js";
import { timedScheduleRows } from "../../core/deadline/timed-rows.js";
import { isSaturated } from "../../core/limits.js";
import { type AttemptRange, type ScheduleRow, type ScheduleSummary, scheduleRows, scheduleSummary } from "../../core/schedule.js";
import type { DeadlineContext } from "../../core/text/deadline-verdict.js";
import { deadlineSummaryJson, deadlineSummaryLines } from "../../format/deadline-summary.js";
import type { RetryAfterView } from "../../core/retry-after/model.js";
import { withRetryAfter } from "../../core/retry-after/rows.js";
import { retryAfterSummaryJson, retryAfterSummaryLines } from "../../format/retry-after-summary.js";
import { SATURATED_TEXT } from "../../format/numbers.js";
import type { ScheduleOutput } from "../../format/renderer.js";
import type { Io } from "../shared/io.js";
import { seededRandom } from "../../core/random.js";
import { checkAttemptCount, type OutputSwitches, outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { checkTableRows } from "../shared/table-rows.js";
import { checkWalk } from "../shared/walk.js";

/** What a schedule takes for the deadline model: its input, and what its sentences need. */
export interface DeadlineView {
  readonly input: DeadlineInput;
  readonly context: DeadlineContext;
}

/**
 * What is written: a model over a range, and what to say about it (the rows are drawn by writeSchedule);
 * with --attempt-time or --deadline, the deadline model's view (the rows then carry their timing).
 */
export type ScheduleView = Pick<ScheduleOutput, "model" | "comparison" | "range" | "seed" | "text" | "renderTable" | "page"> & {
  readonly deadline?: DeadlineView | null;
  /** With --retry-after: what the client does with the header (the model's waits already include it). */
  readonly retryAfter?: RetryAfterView | null;
  /** Whether --cap is accepted for this schedule (false for a preset that has no cap); true unless said. */
  readonly capOffered?: boolean;
};

/**
 * Passes rows through, remembering the first attempt whose totals saturate (warned about once
 * the rows are written, see saturationWarning) and the last sampled total for the summary (one
 * pass, one generator).
 */
function* watchRows(rows: Iterable<ScheduleRow>, sample: RowsSeen): Generator<ScheduleRow> {
  for (const row of rows) {
    if (sample.saturatedAt === null && (isSaturated(row.cumulativeMs) || isSaturated(row.linearCumulativeMs))) sample.saturatedAt = row.attempt;
    sample.totalMs = row.sampleCumulativeMs;
    yield row;
  }
}

/** What watchRows saw of the rows that were drawn. */
interface RowsSeen {
  totalMs: number | null;
  saturatedAt: number | null;
}

/**
 * The 2^53 warning, said after the output rather than when the row is drawn: rows are drawn a
 * chunk ahead of what is written, so a reader that went away after three rows (`| head -3`)
 * would be warned about attempt 44 it never saw. A closed stdout ends the run quietly instead.
 */
function saturationWarning(seen: RowsSeen, io: Io): void {
  if (seen.saturatedAt === null || io.stdout.destroyed === true) return;
  io.stderr.write(
    `warning: from attempt ${seen.saturatedAt} the totals reach 2^53 ms (about 285,616 years) and cannot be exact; they are shown as ${SATURATED_TEXT}\n`,
  );
}

/** Writes a schedule in the chosen format: the one output path of the calculator's schedules and the presets'. */
export async function writeSchedule(view: ScheduleView, options: OutputSwitches, io: Io): Promise<void> {
  const renderer = await outputRenderer("schedule", options);
  const { model, comparison, range, seed } = view;
  const count = range.last - range.first + 1;
  checkAttemptCount(count, renderer.maxAttempts, `--format ${options.format}`);
  checkWalk(view, renderer.readsLastRow === true, view.capOffered ?? true);
  if (renderer.boxTable) checkTableRows(range.first, range.last);
  // Every pass over the rows draws the same sample: a fresh source from the same seed.
  const deadline = view.deadline ?? null;
  const retryAfter = view.retryAfter ?? null;
  const freshRows = (r: AttemptRange = range) => {
    const random = seed === null ? null : seededRandom(seed);
    const timed = deadline === null ? scheduleRows(model, comparison, r, random) : timedScheduleRows(model, comparison, r, random, deadline.input);
    return retryAfter === null ? timed : withRetryAfter(timed, retryAfter);
  };
  const sample: RowsSeen = { totalMs: null, saturatedAt: null };
  let summaryOnce: ScheduleSummary | undefined;
  const summary = () => (summaryOnce ??= scheduleSummary(model, comparison, range));
  let deadlineOnce: DeadlineSummary | undefined;
  const timing = () => (deadlineOnce ??= deadlineSummary(deadline!.input));
  const schedule: ScheduleOutput = {
    ...view,
    deadline: deadline === null ? null : deadline.input,
    retryAfter,
    rows: watchRows(freshRows(), sample),
    freshRows,
    summaryLines: () => [
      ...view.text.summaryLines(summary(), sample.totalMs),
      ...(retryAfter === null ? [] : retryAfterSummaryLines(retryAfter)),
      ...(deadline === null ? [] : deadlineSummaryLines(timing(), deadline.context)),
    ],
    summaryJson: () => ({
      ...view.text.summaryJson(summary(), sample.totalMs),
      ...(retryAfter === null ? {} : { retry_after: retryAfterSummaryJson(retryAfter) }),
      ...(deadline === null ? {} : { deadline: deadlineSummaryJson(timing(), deadline.context) }),
    }),
  };
  await writeRendered(await renderer.render(schedule, renderContext(io, options)), io);
  saturationWarning(sample, io);
}
