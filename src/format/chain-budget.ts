import type { RetryBudget } from "../core/chain/budgets/budget.js";
import { finagleRetriesPerRequest } from "../core/chain/budgets/finagle.js";
import { groupDigits } from "../core/text/digits.js";
import { humanDuration } from "../core/text/duration.js";
import { ratioText } from "./numbers.js";

// How `backoff chain` names a budget: in words for people, and as its parameters for the
// machine formats, each under the system's own name for it.

/** "AWS SDK retry quota (500 tokens, 14 a retry)". */
export function budgetText(budget: RetryBudget): string {
  switch (budget.kind) {
    case "envoy-budget":
      return budget.budgetIntervalMs === undefined
        ? `Envoy retry budget (${ratioText(budget.budgetPercent)}% of active requests, at least ${groupDigits(budget.minRetryConcurrency)} retries in flight)`
        : `Envoy retry budget (retries in flight under ${ratioText(budget.budgetPercent)}% of the requests of the last ${humanDuration(budget.budgetIntervalMs)}, at least ${groupDigits(budget.minRetryConcurrency)})`;
    case "envoy-max-retries":
      return `Envoy max_retries breaker (${groupDigits(budget.maxRetries)} retries in flight)`;
    case "grpc-throttling":
      return `gRPC retry throttling (maxTokens ${ratioText(budget.maxTokens)}, tokenRatio ${budget.tokenRatio})`;
    case "aws-quota":
      return `AWS SDK retry quota (${groupDigits(budget.tokens)} tokens, ${groupDigits(budget.cost)} a retry)`;
    case "finagle":
      return `Finagle retry budget (${ratioText(finagleRetriesPerRequest(budget) * 100)}% of requests + ${groupDigits(budget.minRetriesPerSec)}/s over ${groupDigits(budget.ttlSeconds)} s)`;
    case "ratio":
      return `retry budget (${ratioText(budget.percent)}% of requests)`;
  }
}

/** The short name in a table cell and a CSV field: "aws-quota", "envoy-budget 20%". */
export function budgetCell(budget: RetryBudget): string {
  switch (budget.kind) {
    case "envoy-budget":
      return `envoy ${ratioText(budget.budgetPercent)}%/${budget.minRetryConcurrency}${budget.budgetIntervalMs === undefined ? "" : `/${humanDuration(budget.budgetIntervalMs).replace(/ /g, "")}`}`;
    case "envoy-max-retries":
      return `max_retries ${budget.maxRetries}`;
    case "grpc-throttling":
      return `grpc ${ratioText(budget.maxTokens)}/${budget.tokenRatio}`;
    case "aws-quota":
      return `aws ${budget.tokens}/${budget.cost}`;
    case "finagle":
      return `finagle ${ratioText(budget.percentCanRetry * 100)}%+${budget.minRetriesPerSec}/s`;
    case "ratio":
      return `ratio ${ratioText(budget.percent)}%`;
  }
}

/** The budget's parameters for JSON, by the system's own names. */
export function budgetJson(budget: RetryBudget): Record<string, string | number> {
  switch (budget.kind) {
    case "envoy-budget":
      return { kind: budget.kind, budget_percent: budget.budgetPercent, min_retry_concurrency: budget.minRetryConcurrency, ...(budget.budgetIntervalMs === undefined ? {} : { budget_interval_ms: budget.budgetIntervalMs }) };
    case "envoy-max-retries":
      return { kind: budget.kind, max_retries: budget.maxRetries };
    case "grpc-throttling":
      return { kind: budget.kind, maxTokens: budget.maxTokens, tokenRatio: budget.tokenRatio };
    case "aws-quota":
      return { kind: budget.kind, tokens: budget.tokens, cost: budget.cost };
    case "finagle":
      return { kind: budget.kind, percentCanRetry: budget.percentCanRetry, minRetriesPerSec: budget.minRetriesPerSec, ttl_s: budget.ttlSeconds };
    case "ratio":
      return { kind: budget.kind, percent: budget.percent };
  }
}
