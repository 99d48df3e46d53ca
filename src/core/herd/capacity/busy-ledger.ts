/**
 * Busy server time per window, exactly: each admitted call adds its service interval to
 * the windows it overlaps. Calls are served at most a bounded time ahead of their arrival
 * (the queue is finite), so a ring of the windows ahead suffices.
 */
export class BusyLedger {
  private readonly busy: Float64Array;

  /** `aheadMs`: the furthest past its arrival a call can still be in service. */
  constructor(
    private readonly windowMs: number,
    aheadMs: number,
  ) {
    this.busy = new Float64Array(Math.ceil(aheadMs / windowMs) + 2);
  }

  add(startMs: number, endMs: number): void {
    const w = this.windowMs;
    const size = this.busy.length;
    let k = Math.floor(startMs / w);
    let from = startMs;
    while (from < endMs) {
      const to = Math.min(endMs, (k + 1) * w);
      this.busy[k % size]! += to - from;
      from = to;
      k++;
    }
  }

  /** The busy time of window k (it must be complete), which is then cleared for reuse. */
  take(k: number): number {
    const i = k % this.busy.length;
    const value = this.busy[i]!;
    this.busy[i] = 0;
    return value;
  }
}
