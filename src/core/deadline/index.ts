// The deadline model: when each retry starts once tries take time, which ones a deadline
// or a library's elapsed-time stop leaves unfired or cuts short, and when the whole
// sequence gives up. Used by the schedule, compare, solve and check alike.
export { retryTimingAt } from "./at.js";
export { type ElapsedRule, type ElapsedStop, stopEdgeMs } from "./elapsed-stop.js";
export { FIRES_VALUES, type Fires, firesInEveryRun } from "./fires.js";
export { type GiveUp, giveUp, lastMade } from "./give-up.js";
export { type DeadlineInput, checkDeadlineInput } from "./input.js";
export { type RetryTiming } from "./timing.js";
export { retryTimings } from "./rows.js";
export { type DeadlineSummary, deadlineSummary } from "./summary.js";
export { withTimings } from "./timed-rows.js";
export { type RetriesWithin, retriesWithin } from "./fit.js";
