/**
 * The server: `concurrency` calls served at once, each taking `serviceMs`, first come
 * first served, with room for `queue` more calls waiting; a call that finds the server
 * and its queue full is rejected at once. Its capacity is concurrency / serviceMs calls
 * per ms. It does not know about client timeouts: a call whose client has given up is
 * still served (the wasted work that sustains a retry storm).
 */
export interface ServerModel {
  /** Calls served at once (a whole number from 1). */
  readonly concurrency: number;
  /** Time to serve one call, ms (> 0). */
  readonly serviceMs: number;
  /** Calls that may wait beyond those being served (a whole number from 0). */
  readonly queue: number;
}

/** Calls per second the server completes when busy. */
export function serverCapacity(server: ServerModel): number {
  return (server.concurrency * 1000) / server.serviceMs;
}

/**
 * The server's state for calls arriving in ascending time. With identical service times
 * and one queue, the call admitted i-th starts at max(its arrival, the finish of the call
 * admitted `concurrency` before it), and finish times never decrease, so the calls in the
 * server are the last ones admitted, a ring of their finish times says everything, and a
 * call's answer time is known the moment it arrives.
 */
export class FifoServer {
  private finishes: Float64Array;
  private head = 0;
  private count = 0;
  private readonly limit: number;
  /** Where the call admitted last started being served (for the busy-time ledger). */
  lastStart = 0;

  /** `stall`: a span [startMs, endMs) in which the server serves nothing (a service that would overlap it waits for its end). */
  constructor(
    private readonly model: ServerModel,
    private readonly stall: { readonly startMs: number; readonly endMs: number } | null = null,
  ) {
    this.limit = model.concurrency + model.queue;
    let size = 16;
    while (size < this.limit) size *= 2;
    this.finishes = new Float64Array(Math.min(size, 1 << 20));
  }

  /** Calls in the server at time t (being served or waiting): finished ones are let go. */
  occupancy(t: number): number {
    const mask = this.finishes.length - 1;
    while (this.count > 0 && this.finishes[this.head]! <= t) {
      this.head = (this.head + 1) & mask;
      this.count--;
    }
    return this.count;
  }

  /** Admits a call arriving at t and returns when it is answered, or −1 when it is rejected. */
  admit(t: number): number {
    const inside = this.occupancy(t);
    if (inside >= this.limit) return -1;
    const c = this.model.concurrency;
    const mask0 = this.finishes.length - 1;
    // The call admitted `concurrency` before this one is still inside when inside ≥ c.
    let start = inside >= c ? this.finishes[(this.head + inside - c) & mask0]! : t;
    // Pushing every start that would overlap the stall to its end keeps starts in order.
    if (this.stall !== null && start < this.stall.endMs && start + this.model.serviceMs > this.stall.startMs) start = this.stall.endMs;
    const finish = start + this.model.serviceMs;
    if (this.count === this.finishes.length) this.grow();
    const mask = this.finishes.length - 1;
    this.finishes[(this.head + this.count) & mask] = finish;
    this.count++;
    this.lastStart = start;
    return finish;
  }

  private grow(): void {
    const size = this.finishes.length;
    const finishes = new Float64Array(2 * size);
    for (let i = 0; i < this.count; i++) finishes[i] = this.finishes[(this.head + i) & (size - 1)]!;
    this.finishes = finishes;
    this.head = 0;
  }
}
