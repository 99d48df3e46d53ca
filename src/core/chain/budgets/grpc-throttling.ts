import { type BudgetContext, type Grant, granted, nothingToLimit } from "./context.js";

/**
 * gRPC retry throttling, the service config's retryThrottling {maxTokens, tokenRatio}
 * (gRFC A6, grpc/proposal A6-client-retries.md): per server name a token_count starts at
 * maxTokens; every failed RPC takes 1, every successful one adds tokenRatio; while
 * token_count ≤ maxTokens / 2 nothing is retried. "Every failed RPC" is every attempt:
 * grpc-java counts each attempt that fails with a retryable code, the last one included
 * (core/src/main/java/io/grpc/internal/RetriableStream.java, makeRetryDecision and
 * Throttle, commit 003b8789), and keeps the counts in thousandths of a token, as ints
 * read from Java floats: (int)(maxTokens × 1000), threshold = that / 2, (int)(tokenRatio × 1000).
 */
export interface GrpcRetryThrottling {
  readonly kind: "grpc-throttling";
  readonly maxTokens: number;
  readonly tokenRatio: number;
}

/** grpc-java's integers: thousandths of a token, from Java floats (`(int)(value * 1000)` in float arithmetic). */
export function grpcThrottleCounts(budget: GrpcRetryThrottling): { readonly maxTokens: number; readonly threshold: number; readonly tokenRatio: number } {
  if (!(budget.maxTokens > 0 && budget.maxTokens <= 1000)) throw new RangeError(`maxTokens must be in (0, 1000], got ${String(budget.maxTokens)}`);
  if (!(budget.tokenRatio > 0 && Number.isFinite(budget.tokenRatio))) throw new RangeError(`tokenRatio must be greater than 0, got ${String(budget.tokenRatio)}`);
  const thousandths = (value: number) => Math.trunc(Math.fround(Math.fround(value) * 1000));
  const maxTokens = thousandths(budget.maxTokens);
  return { maxTokens, threshold: Math.trunc(maxTokens / 2), tokenRatio: thousandths(budget.tokenRatio) };
}

/**
 * Retries a full bucket allows at a full outage, calls arriving one after another with
 * `tries` tries each: every failed attempt takes a token (Throttle.onQualifiedFailureThenCheckIsAboveThreshold,
 * which decrements first and then asks whether the count is still above the threshold),
 * and no success ever puts one back. maxTokens 10: the counts go 9, 8, 7, 6 with a retry
 * after each, then 5, not above 5: 5 counted failures, 4 retries.
 */
export function grpcRetriesFromFullBucket(budget: GrpcRetryThrottling, tries: number): number {
  const { maxTokens, threshold } = grpcThrottleCounts(budget);
  let count = maxTokens;
  let retries = 0;
  for (;;) {
    // One call: its first try, then a retry after each failure while the count allows and tries remain.
    let attempt = 1;
    let retried = false;
    for (;;) {
      const decremented = count - 1000;
      const above = count !== 0 && decremented > threshold;
      if (count !== 0) count = Math.max(decremented, 0);
      if (!above || attempt >= tries) break;
      retries++;
      retried = true;
      attempt++;
    }
    // The count never rises at a full outage: once a call could not retry, none will.
    if (!retried) return retries;
  }
}

/**
 * The steady state at a failure rate: each try moves the count by tokenRatio on success and
 * −1 on failure, so per try the drift is (1 − f) × tokenRatio − f, whatever share of the
 * retries goes ahead. Positive (or zero) and the bucket stays full: every retry is let
 * through; negative and it falls past maxTokens / 2 and keeps falling: none is. With
 * tokenRatio 0.1 the line is at f = 0.1 / 1.1 ≈ 9.1% of tries failing.
 */
export function grpcThrottlingGrant(budget: GrpcRetryThrottling, context: BudgetContext): Grant {
  if (nothingToLimit(context)) return granted(1);
  const { tokenRatio } = grpcThrottleCounts(budget);
  const drift = (1 - context.tryFailure) * tokenRatio - context.tryFailure * 1000;
  return granted(drift >= 0 ? 1 : 0);
}
