import type { FlowLimit } from "../flow/flow-limit.js";
import type { ClientLimit } from "./limit.js";
import { SlidingCounts } from "./sliding-counts.js";

/**
 * A simple circuit breaker: closed, it counts the outcomes of the last `windowMs`; once
 * at least `minimumCalls` of them are in and failures make up `failureRatio` or more, it
 * opens for `breakMs` and every call is refused at the client. Then one call goes through
 * (half-open; the others are still refused): its success closes the breaker with fresh
 * counts, its failure opens it again. The shape of Polly's and resilience4j's breakers,
 * with our own defaults (50% over 10 s, at least 20 calls, 5 s open).
 */
export interface CircuitBreakerParameters {
  readonly failureRatio: number;
  readonly windowMs: number;
  readonly minimumCalls: number;
  readonly breakMs: number;
}

export const CIRCUIT_BREAKER_DEFAULTS: CircuitBreakerParameters = { failureRatio: 0.5, windowMs: 10_000, minimumCalls: 20, breakMs: 5_000 };

const CLOSED = 0;
const OPEN = 1;
const HALF_OPEN = 2;

export class CircuitBreaker implements ClientLimit, FlowLimit {
  readonly name: string;
  private readonly counts: SlidingCounts;
  private state = CLOSED;
  private openUntil = 0;
  private probeSentAt = -1;
  /** How many times it opened. */
  opened = 0;

  constructor(private readonly parameters: CircuitBreakerParameters = CIRCUIT_BREAKER_DEFAULTS) {
    const { failureRatio, windowMs, minimumCalls, breakMs } = parameters;
    if (!(failureRatio > 0 && failureRatio <= 1)) throw new RangeError(`a breaker's failure ratio must be in (0, 1], got ${failureRatio}`);
    if (!(windowMs > 0 && Number.isFinite(windowMs))) throw new RangeError(`a breaker's window must be positive, got ${windowMs}`);
    if (!(Number.isSafeInteger(minimumCalls) && minimumCalls >= 1)) throw new RangeError(`a breaker's minimum calls must be a whole number from 1, got ${minimumCalls}`);
    if (!(breakMs > 0 && Number.isFinite(breakMs))) throw new RangeError(`a breaker's open time must be positive, got ${breakMs}`);
    this.name = `circuit breaker ${Math.round(failureRatio * 1000) / 10}%`;
    this.counts = new SlidingCounts(windowMs);
  }

  /** Whether the breaker is open (refusing) at t, as its state stands. */
  isOpen(t: number): boolean {
    return this.state === OPEN ? t < this.openUntil : this.state === HALF_OPEN;
  }

  admit(t: number): boolean {
    if (this.state === CLOSED) return true;
    if (this.state === OPEN && t >= this.openUntil) {
      this.state = HALF_OPEN;
      this.probeSentAt = t;
      return true;
    }
    return false;
  }

  outcome(t: number, ok: boolean, _timedOut: boolean, sentMs: number): void {
    if (this.state === HALF_OPEN) {
      // Only the probe's outcome counts: calls sent before the breaker opened are ignored.
      if (sentMs < this.probeSentAt) return;
      if (ok) {
        this.state = CLOSED;
        this.counts.clear();
      } else this.open(t);
      return;
    }
    if (this.state === OPEN) return;
    if (ok) this.counts.addA(t);
    else this.counts.addB(t);
    const calls = this.counts.sumA + this.counts.sumB;
    if (calls >= this.parameters.minimumCalls && this.counts.sumB >= this.parameters.failureRatio * calls) this.open(t);
  }

  private open(t: number): void {
    this.state = OPEN;
    this.openUntil = t + this.parameters.breakMs;
    this.opened++;
  }

  /** The flow's probe: whether it was answered in time, and when its outcome reaches the client (−1: none in flight). */
  private probeOk = false;
  private probeAt = -1;
  private probeWanted = false;

  /** Applies the probe's outcome once its time has come: closed with fresh counts, or open again from then. */
  private settle(t: number): void {
    if (this.probeAt < 0 || t < this.probeAt) return;
    const at = this.probeAt;
    this.probeAt = -1;
    if (this.probeOk) {
      this.state = CLOSED;
      this.counts.clear();
    } else this.open(at);
  }

  /** Closed: all; open: none until the break ends, then one (the probe) and none while it is out. */
  flowAdmit(t: number, count: number): number {
    this.settle(t);
    if (this.state === CLOSED) return count;
    if (this.state === OPEN && t >= this.openUntil) {
      this.state = HALF_OPEN;
      this.probeSentAt = t;
      this.probeWanted = true;
      return Math.min(count, 1);
    }
    return 0;
  }

  flowFirstSent(_t: number, ok: boolean, atMs: number): void {
    if (!this.probeWanted) return;
    this.probeWanted = false;
    this.probeOk = ok;
    this.probeAt = atMs;
  }

  /** Closed, the outcomes of the last window count; half-open, only the probe's (flowFirstSent) does. */
  flowOutcome(t: number, okFirst: number, okAfterRetry: number, okAfterTimeoutRetry: number, failed: number): void {
    this.settle(t);
    if (this.state !== CLOSED) return;
    const ok = okFirst + okAfterRetry + okAfterTimeoutRetry;
    if (ok > 0) this.counts.addA(t, ok);
    if (failed > 0) this.counts.addB(t, failed);
    const calls = this.counts.sumA + this.counts.sumB;
    if (calls >= this.parameters.minimumCalls && this.counts.sumB >= this.parameters.failureRatio * calls) this.open(t);
  }
}
