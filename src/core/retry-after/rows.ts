import type { ScheduleRow } from "../schedule.js";
import { retryAfterAt } from "./header.js";
import type { RetryAfterView } from "./model.js";

/** The rows with what the header did at each beside them (rows whose failure carries none get none). */
export function* withRetryAfter(rows: Iterable<ScheduleRow>, view: RetryAfterView): Generator<ScheduleRow> {
  for (const row of rows) {
    const headerMs = retryAfterAt(view.header, row.attempt);
    yield headerMs === null ? row : { ...row, retryAfter: { headerMs, change: view.change(row.attempt)! } };
  }
}
