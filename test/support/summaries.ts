import type { ScheduleSummary } from "../../src/core/schedule.js";

// Doubling from 100 ms capped at 400 ms, attempts 1..4: 100, 200, 400, 400 ms (1.1 s in all);
// linear 100 ms a step (1 s in all); the cap first reached at attempt 3.
/** A schedule's summary, for the summary renderers' tests. */
export const SUMMARY: ScheduleSummary = {
  first: 1,
  last: 4,
  totalMs: 1100,
  linearTotalMs: 1000,
  totalMinMs: 1100,
  totalMaxMs: 1100,
  capReachedAt: 3,
  ratioToLinear: 1,
  lastDelayMs: 400,
  lastLinearMs: 400,
  saturated: false,
};
