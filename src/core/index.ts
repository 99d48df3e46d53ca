export type { Fraction } from "./exact.js";
export { MAX_EXACT_MS, SATURATED_MS, isSaturated } from "./limits.js";
export { DEFAULT_FACTOR, STRATEGIES, type Policy, type PolicyInput, type Strategy, normalizePolicy, linearComparison } from "./policy.js";
export { type AttemptDelay, attemptDelay, capReachedAt, delayMs, rawDelayMs } from "./delay.js";
export type { DelayBounds, RandomSource, ScheduleModel } from "./model.js";
export { policyModel } from "./policy-model.js";
export {
  type AttemptRange,
  type ScheduleRow,
  type ScheduleSummary,
  type Totals,
  cumulativeMs,
  modelTotals,
  scheduleRows,
  scheduleSummary,
} from "./schedule.js";
export {
  type DrawRange,
  type Jitter,
  type JitterPlan,
  NO_JITTER,
  jitterDescription,
  jitterName,
  jitterPlan,
  jitteredPolicyModel,
} from "./jitter/index.js";
export {
  type AttemptLoad,
  type Cohort,
  type CohortRandom,
  type CohortResult,
  loadHistogram,
  loadHistograms,
  mergeSorted,
  peakLoad,
  percentile,
  simulateCohort,
} from "./simulate.js";
export { type CheckResult, type CheckSubject, type Limits, checkExitCode, checkPolicy } from "./check.js";
export { type Solved, solveAttempts, solveBase, solveFactor } from "./solve.js";
