import { AWS_RETRY_QUOTA, AwsRetryQuota } from "../../core/herd/capacity/limits/aws-retry-quota.js";
import { CIRCUIT_BREAKER_DEFAULTS, CircuitBreaker } from "../../core/herd/capacity/limits/circuit-breaker.js";
import { GRPC_RETRY_THROTTLING_EXAMPLE, GrpcRetryThrottling } from "../../core/herd/capacity/limits/grpc-retry-throttling.js";
import type { FlowLimit } from "../../core/herd/capacity/flow/flow-limit.js";
import type { ClientLimit } from "../../core/herd/capacity/limits/limit.js";
import { RetryBudget } from "../../core/herd/capacity/limits/retry-budget.js";
import { didYouMean } from "../../core/text/closest.js";
import { UsageError, shown } from "../shared/errors.js";
import { parseDuration } from "../../config/values.js";
import { parsePercent, parsePositive, parseRatio, parseWholeIn, splitParameters } from "./herd-values.js";

/**
 * The client-side limits as the command line names them. Each is a factory: a limit
 * carries state, so every run (every variant of --compare) gets fresh ones.
 */
export interface LimitChoice {
  /** How reports name it ("retry budget 10%"). */
  readonly name: string;
  /** A fresh limit, for the per-call model or the flow model (--expected). */
  readonly make: () => ClientLimit & FlowLimit;
}

/** `--retry-budget R%`: retries ≤ R% of the requests of the last 10 s. */
export function retryBudgetChoice(option: string, text: string): LimitChoice {
  const percent = parsePercent(option, text);
  if (!(percent >= 0)) throw new UsageError(`${option} must be 0% or more, got ${shown(text)}`);
  return { name: `retry budget ${percent}%`, make: () => new RetryBudget(percent) };
}

/** `--retry-quota [TOKENS/COST/TIMEOUT_COST]`: the AWS SDKs' bucket, 500/5/10 by default (botocore). */
export function retryQuotaChoice(option: string, text: string | true): LimitChoice {
  const [tokens, cost, timeoutCost] = text === true ? [] : splitParameters(option, text, ["TOKENS", "COST", "TIMEOUT_COST"]);
  const parameters = {
    capacity: tokens === undefined ? AWS_RETRY_QUOTA.capacity : parseWholeIn(`${option}'s tokens`, tokens, 1, 1_000_000_000),
    retryCost: cost === undefined ? AWS_RETRY_QUOTA.retryCost : parseWholeIn(`${option}'s cost`, cost, 1, 1_000_000_000),
    timeoutRetryCost: timeoutCost === undefined ? AWS_RETRY_QUOTA.timeoutRetryCost : parseWholeIn(`${option}'s timeout cost`, timeoutCost, 1, 1_000_000_000),
    noRetryIncrement: AWS_RETRY_QUOTA.noRetryIncrement,
  };
  const custom = text !== true;
  const name = `AWS retry quota${custom ? ` ${parameters.capacity}/${parameters.retryCost}/${parameters.timeoutRetryCost}` : ""}`;
  return { name, make: () => new AwsRetryQuota(parameters) };
}

/** `--retry-throttling [MAX_TOKENS/TOKEN_RATIO]`: gRPC's, 10/0.1 by default (gRFC A6's example). */
export function retryThrottlingChoice(option: string, text: string | true): LimitChoice {
  const [max, ratio] = text === true ? [] : splitParameters(option, text, ["MAX_TOKENS", "TOKEN_RATIO"]);
  const maxTokens = max === undefined ? GRPC_RETRY_THROTTLING_EXAMPLE.maxTokens : parsePositive(`${option}'s max tokens`, max, "a number in (0, 1000] such as 10");
  const tokenRatio = ratio === undefined ? GRPC_RETRY_THROTTLING_EXAMPLE.tokenRatio : parsePositive(`${option}'s token ratio`, ratio, "a number in (0, 1] such as 0.1");
  if (maxTokens > 1000) throw new UsageError(`${option}'s max tokens must be at most 1000 (gRFC A6), got ${shown(max!)}`);
  if (tokenRatio > 1 || Math.round(tokenRatio * 1000) !== tokenRatio * 1000) throw new UsageError(`${option}'s token ratio must be at most 1 with up to 3 decimals (gRFC A6), got ${shown(ratio!)}`);
  return { name: `gRPC retry throttling ${maxTokens}/${tokenRatio}`, make: () => new GrpcRetryThrottling({ maxTokens, tokenRatio }) };
}

/** `--circuit-breaker [RATIO/OPEN]`: opens at RATIO of failures over 10 s (20 calls at least) for OPEN; 50%/5s by default. */
export function circuitBreakerChoice(option: string, text: string | true): LimitChoice {
  const [ratio, open] = text === true ? [] : splitParameters(option, text, ["RATIO", "OPEN"]);
  const parameters = {
    ...CIRCUIT_BREAKER_DEFAULTS,
    failureRatio: ratio === undefined ? CIRCUIT_BREAKER_DEFAULTS.failureRatio : parseRatio(`${option}'s ratio`, ratio),
    breakMs: open === undefined ? CIRCUIT_BREAKER_DEFAULTS.breakMs : parseDuration(`${option}'s open time`, open),
  };
  return { name: `circuit breaker ${Math.round(parameters.failureRatio * 1000) / 10}%`, make: () => new CircuitBreaker(parameters) };
}

/** One --compare variant: its name, whether it retries at all, and its limits. */
export interface VariantChoice {
  readonly name: string;
  readonly retries: boolean;
  readonly limits: readonly LimitChoice[];
}

/**
 * `--compare` items, comma-separated: `none` (the policy without limits), `no-retries`, or
 * limits joined by `+`: `budget=10%`, `quota[=T/C/TC]`, `throttling[=M/R]`, `breaker[=R/O]`
 * (`budget=10%+breaker`).
 */
/** The words of --compare's items, for "did you mean". */
const COMPARE_ITEMS = ["none", "no-retries", "budget", "quota", "throttling", "breaker"];

export function parseCompare(option: string, text: string): VariantChoice[] {
  const items = text.split(",").map((item) => item.trim());
  if (items.some((item) => item === "")) throw new UsageError(`${option} takes a comma-separated list such as none,budget=10%,quota, got ${shown(text)}`);
  return items.map((item) => {
    if (item === "none") return { name: "no limit", retries: true, limits: [] };
    if (item === "no-retries") return { name: "no retries", retries: false, limits: [] };
    const limits = item.split("+").map((part) => {
      const [key, value] = part.includes("=") ? [part.slice(0, part.indexOf("=")), part.slice(part.indexOf("=") + 1)] : [part, undefined];
      const label = `${option} ${key}`;
      switch (key) {
        case "budget":
          if (value === undefined) throw new UsageError(`${option} budget needs a percentage: budget=10%`);
          return retryBudgetChoice(label, value);
        case "quota":
          return retryQuotaChoice(label, value ?? true);
        case "throttling":
          return retryThrottlingChoice(label, value ?? true);
        case "breaker":
          return circuitBreakerChoice(label, value ?? true);
        case "none":
        case "no-retries":
          // Each is a variant on its own (the policy without limits, or without retries): there is nothing to join it to.
          throw new UsageError(`${option} ${part} cannot be combined with + (it is a variant on its own); give it as its own item, comma-separated: ${part},${item.split("+").filter((p) => p !== part).join("+")}`);
        default:
          throw new UsageError(`${option} items are none, no-retries, budget=R%, quota, throttling and breaker (limits joined by +), got ${shown(part)}${didYouMean(key, COMPARE_ITEMS)}`);
      }
    });
    return { name: limits.map((limit) => limit.name).join(" + "), retries: true, limits };
  });
}
