import type { FlowLimit } from "../flow/flow-limit.js";
import type { ClientLimit } from "./limit.js";
import { SlidingCounts } from "./sliding-counts.js";

/**
 * A plain retry budget: a retry is made only while the retries of the last `windowMs`
 * (this one included) stay within `percent`% of the requests of the same window
 * (Google SRE book, ch. 21 "Handling Overload": a per-client budget of 10% of requests, read
 * as retries over the new requests, 1.1 tries per request at most, not over every request
 * with the retries, which would allow 1/0.9 = 1.111;
 * Finagle's RetryBudget and Linkerd default to 20% over 10 s, plus a floor of 10
 * retries per second this plain budget leaves out). Requests are counted when they
 * arrive, retries when they are granted; the window slides in 100 steps.
 */
export class RetryBudget implements ClientLimit, FlowLimit {
  readonly name: string;
  private readonly counts: SlidingCounts;

  constructor(
    private readonly percent: number,
    windowMs = 10_000,
  ) {
    if (!(percent >= 0 && Number.isFinite(percent))) throw new RangeError(`a retry budget must be 0% or more, got ${percent}`);
    if (!(windowMs > 0 && Number.isFinite(windowMs))) throw new RangeError(`a retry budget's window must be positive, got ${windowMs}`);
    this.name = `retry budget ${percent}%`;
    this.counts = new SlidingCounts(windowMs);
  }

  request(t: number): void {
    this.counts.addA(t);
  }

  mayRetry(t: number): boolean {
    this.counts.advance(t);
    // (retries + 1) ≤ percent/100 × requests, multiplied out so whole counts stay exact.
    return (this.counts.sumB + 1) * 100 <= this.percent * this.counts.sumA;
  }

  retry(t: number): void {
    this.counts.addB(t);
  }

  flowRequest(t: number, count: number): void {
    this.counts.addA(t, count);
  }

  /** As mayRetry for each in turn: retries while retries ≤ percent/100 × requests, so percent/100 × requests − retries of them. */
  flowAllow(t: number, count: number): number {
    this.counts.advance(t);
    return Math.min(count, Math.max(0, (this.percent * this.counts.sumA) / 100 - this.counts.sumB));
  }

  flowRetry(t: number, count: number): void {
    this.counts.addB(t, count);
  }
}
