// The capacity model: arrivals into a server of finite capacity, an outage, retries by a
// policy within client-side limits, reported per window, and whether the system recovers.
export { type ArrivalProcess, Arrivals } from "./arrivals.js";
export { AWS_RETRY_QUOTA, AwsRetryQuota, type AwsRetryQuotaParameters } from "./limits/aws-retry-quota.js";
export { CIRCUIT_BREAKER_DEFAULTS, CircuitBreaker, type CircuitBreakerParameters } from "./limits/circuit-breaker.js";
export { GRPC_RETRY_THROTTLING_EXAMPLE, GrpcRetryThrottling, type GrpcRetryThrottlingParameters } from "./limits/grpc-retry-throttling.js";
export type { ClientLimit } from "./limits/limit.js";
export { RetryBudget } from "./limits/retry-budget.js";
export { HEALTHY_FAILURE_RATIO, type Recovery, RecoveryWatch, windowHealthy } from "./recovery.js";
export { NO_RETRIES, type RetryPolicy, type RetryRun, scheduleRetries } from "./retry-policy.js";
export { FifoServer, type ServerModel, serverCapacity } from "./server.js";
export { type CapacitySetup, MAX_WINDOWS, type Outage, type OutageKind, checkCapacitySetup } from "./setup.js";
export { type CapacityRandom, type CapacityTotals, type CapacityWindow, capacityWindows } from "./simulate.js";
export { type CapacityResult, simulateCapacity } from "./run.js";
export { type DelaySpread, decorrelatedSpreads, delaySpread, policySpreads, rangeSpread } from "./flow/delay-spread.js";
export type { FlowLimit } from "./flow/flow-limit.js";
export { type FlowSetup, capacityFlowWindows, flowWork, wholeTotals, wholeWindow } from "./flow/simulate-flow.js";
export { capacityResult } from "./run.js";
