import { columnsOf } from "../../columns.js";
import { renderJson } from "../../json.js";
import type { ScheduleRenderer } from "../../renderer.js";

/** What closes a JSON schedule cut short by Ctrl-C after its last whole row: no summary (the rows stopped early). */
const JSON_INTERRUPTED_TAIL = '\n],\n"summary":null,"interrupted":true}\n';

/** The schedule as one JSON document: the policy, the rows as they stream, then the summary. */
export const renderer: ScheduleRenderer = {
  render: (schedule) => ({
    pieces: renderJson(schedule.text.policyJson(), schedule.rows, columnsOf(schedule), schedule.summaryJson),
    interruptible: { tail: () => JSON_INTERRUPTED_TAIL },
  }),
};
