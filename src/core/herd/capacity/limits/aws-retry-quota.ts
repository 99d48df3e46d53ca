import type { FlowLimit } from "../flow/flow-limit.js";
import type { ClientLimit } from "./limit.js";

/**
 * The AWS SDKs' retry quota (botocore retries/standard.py RetryQuotaChecker and
 * retries/quota.py RetryQuota; smithy-typescript util-retry has the same constants): a
 * bucket of 500 tokens; a retry takes 5 (10 after a timeout) and is not made when the
 * bucket holds less; a success gives back 1 when its request made no retry, otherwise
 * what the request's last retry took; the bucket never holds more than it started with.
 * Failures give nothing back.
 */
export interface AwsRetryQuotaParameters {
  readonly capacity: number;
  readonly retryCost: number;
  readonly timeoutRetryCost: number;
  readonly noRetryIncrement: number;
}

/** botocore's values: RetryQuota.INITIAL_CAPACITY 500, _RETRY_COST 5, _TIMEOUT_RETRY_REQUEST 10, _NO_RETRY_INCREMENT 1. */
export const AWS_RETRY_QUOTA: AwsRetryQuotaParameters = { capacity: 500, retryCost: 5, timeoutRetryCost: 10, noRetryIncrement: 1 };

export class AwsRetryQuota implements ClientLimit, FlowLimit {
  readonly name = "AWS retry quota";
  /** Tokens in the bucket now. */
  available: number;

  constructor(private readonly parameters: AwsRetryQuotaParameters = AWS_RETRY_QUOTA) {
    for (const [key, value] of Object.entries(parameters)) {
      if (!(value >= 0 && Number.isFinite(value))) throw new RangeError(`the retry quota's ${key} must be 0 or more, got ${value}`);
    }
    this.available = parameters.capacity;
  }

  private cost(timedOut: boolean): number {
    return timedOut ? this.parameters.timeoutRetryCost : this.parameters.retryCost;
  }

  mayRetry(_t: number, timedOut: boolean): boolean {
    return this.cost(timedOut) <= this.available;
  }

  retry(_t: number, timedOut: boolean): void {
    this.available -= this.cost(timedOut);
  }

  outcome(_t: number, ok: boolean, _timedOut: boolean, _sentMs: number, retries: number, lastRetryTimedOut: boolean): void {
    if (!ok) return;
    const back = retries === 0 ? this.parameters.noRetryIncrement : this.cost(lastRetryTimedOut);
    this.available = Math.min(this.parameters.capacity, this.available + back);
  }

  /** Each success gives back as outcome() does: 1 without retries, else its last retry's cost. */
  flowOutcome(_t: number, okFirst: number, okAfterRetry: number, okAfterTimeoutRetry: number): void {
    const { noRetryIncrement, retryCost, timeoutRetryCost, capacity } = this.parameters;
    const back = okFirst * noRetryIncrement + okAfterRetry * retryCost + okAfterTimeoutRetry * timeoutRetryCost;
    if (back > 0) this.available = Math.min(capacity, this.available + back);
  }

  /** As many as the bucket pays for. */
  flowAllow(_t: number, count: number, timedOut: boolean): number {
    const cost = this.cost(timedOut);
    return cost === 0 ? count : Math.min(count, Math.max(0, this.available / cost));
  }

  flowRetry(_t: number, count: number, timedOut: boolean): void {
    this.available -= count * this.cost(timedOut);
  }
}
