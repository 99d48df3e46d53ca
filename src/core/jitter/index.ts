// The jitter modes: what each draws (one file per mode), the plan a simulation samples
// from, and the calculator's jittered policy as a schedule model.
export { DecorrelatedSchedule, decorrelatedRange, EXACT_MEAN_VALUES } from "./decorrelated.js";
export { equalRange } from "./equal.js";
export { fullRange } from "./full.js";
export { jitteredPolicyModel } from "./jittered-policy-model.js";
export { type Jitter, NO_JITTER, jitterDescription, jitterName } from "./mode.js";
export { noneRange } from "./none.js";
export { type JitterPlan, jitterPlan } from "./plan.js";
export { isJitterFraction, proportionalRange } from "./proportional.js";
export { type DrawRange, ceilingOf, draw, drawBounds, drawMean } from "./uniform.js";
