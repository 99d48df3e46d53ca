export type { Fraction } from "./exact.js";
export { MAX_EXACT_MS, SATURATED_MS, isSaturated } from "./limits.js";
export { DEFAULT_FACTOR, STRATEGIES, type Policy, type PolicyInput, type Strategy, normalizePolicy, linearComparison } from "./policy.js";
export { type AttemptDelay, attemptDelay, capReachedAt, delayMs, rawDelayMs } from "./delay.js";
export { type AttemptRange, type ScheduleRow, type ScheduleSummary, cumulativeMs, scheduleRows, scheduleSummary } from "./schedule.js";
