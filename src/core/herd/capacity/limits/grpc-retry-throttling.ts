import type { FlowLimit } from "../flow/flow-limit.js";
import type { ClientLimit } from "./limit.js";

/**
 * gRPC's retry throttling (gRFC A6, "Throttling Retry Attempts and Hedged RPCs";
 * grpc/proposal A6-client-retries.md): token_count starts at maxTokens and stays within
 * [0, maxTokens]; every failed RPC (first try or retry) takes 1, every successful one
 * gives tokenRatio; no retry is made while token_count ≤ maxTokens / 2. tokenRatio has up
 * to 3 decimals, so tokens are kept in thousandths (whole numbers, no drift), as
 * grpc-java's RetryThrottle does. A6's example: maxTokens 10, tokenRatio 0.1.
 */
export interface GrpcRetryThrottlingParameters {
  readonly maxTokens: number;
  readonly tokenRatio: number;
}

export const GRPC_RETRY_THROTTLING_EXAMPLE: GrpcRetryThrottlingParameters = { maxTokens: 10, tokenRatio: 0.1 };

export class GrpcRetryThrottling implements ClientLimit, FlowLimit {
  readonly name = "gRPC retry throttling";
  private readonly max: number;
  private readonly ratio: number;
  private readonly threshold: number;
  /** token_count × 1000. */
  milliTokens: number;

  constructor(parameters: GrpcRetryThrottlingParameters = GRPC_RETRY_THROTTLING_EXAMPLE) {
    const { maxTokens, tokenRatio } = parameters;
    if (!(maxTokens > 0 && maxTokens <= 1000)) throw new RangeError(`maxTokens must be in (0, 1000], got ${maxTokens}`);
    if (!(tokenRatio > 0 && tokenRatio <= 1)) throw new RangeError(`tokenRatio must be in (0, 1], got ${tokenRatio}`);
    this.max = Math.round(maxTokens * 1000);
    this.ratio = Math.round(tokenRatio * 1000);
    this.threshold = this.max / 2;
    this.milliTokens = this.max;
  }

  outcome(_t: number, ok: boolean): void {
    this.milliTokens = ok ? Math.min(this.max, this.milliTokens + this.ratio) : Math.max(0, this.milliTokens - 1000);
  }

  mayRetry(): boolean {
    return this.milliTokens > this.threshold;
  }

  /** Tokens before the last failures were counted: the i-th of them is retried while what it left is above half. */
  private beforeFailures = 0;

  flowOutcome(_t: number, okFirst: number, okAfterRetry: number, okAfterTimeoutRetry: number, failed: number): void {
    const ok = okFirst + okAfterRetry + okAfterTimeoutRetry;
    if (ok > 0) this.milliTokens = Math.min(this.max, this.milliTokens + this.ratio * ok);
    this.beforeFailures = this.milliTokens;
    if (failed > 0) this.milliTokens = Math.max(0, this.milliTokens - 1000 * failed);
  }

  /** The failures that leave more than half the tokens: (tokens before them − half) of them. */
  flowAllow(_t: number, count: number): number {
    return Math.min(count, Math.max(0, (this.beforeFailures - this.threshold) / 1000));
  }
}
