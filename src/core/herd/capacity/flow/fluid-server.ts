import type { ServerModel } from "../server.js";
import { MassRing } from "./mass-ring.js";

/**
 * The FIFO server of src/core/herd/capacity/server.ts as a flow: calls are mass, served in
 * order at its capacity C = concurrency / serviceMs calls per ms. A batch admitted at t
 * starts where the calls before it leave off (or at t when the server is free), one call
 * every 1/C ms, each finishing serviceMs after its start; a start whose service would
 * overlap a stall waits for the stall's end, as FifoServer pushes it. Occupancy (calls
 * being served or waiting) rises as calls are admitted and falls as they finish; a batch
 * finding concurrency + queue calls inside is rejected. The server does not know about
 * timeouts: it serves a call whose client has given up.
 */
export class FluidServer {
  /** Calls per ms when busy. */
  readonly rate: number;
  private readonly limit: number;
  /** Calls finishing per ms bin. */
  private readonly departures: MassRing;
  /** Server time per ms bin (summed over its slots): a batch of m calls fills the server for m / rate ms from its start. */
  private readonly busy: MassRing;
  /** When the next admitted call could start. */
  private free = 0;
  /** Calls in the server (served or waiting). */
  inside = 0;
  /** The spans of start times of the last batch admitted: [from, to) holding mass, up to two (split by a stall). */
  readonly segments = new Float64Array(6);
  segmentCount = 0;

  constructor(
    readonly model: ServerModel,
    private readonly stall: { readonly startMs: number; readonly endMs: number } | null,
    horizonMs: number,
    endMs: number,
  ) {
    this.rate = model.concurrency / model.serviceMs;
    this.limit = model.concurrency + model.queue;
    this.departures = new MassRing(horizonMs, endMs);
    this.busy = new MassRing(horizonMs, endMs);
  }

  /** The server time spent in bin t (ms, summed over the slots). */
  busyIn(t: number): number {
    return this.busy.take(t);
  }

  /** The calls that finish in bin t, which leave the server. */
  depart(t: number): number {
    const gone = this.departures.take(t);
    this.inside = Math.max(0, this.inside - gone);
    return gone;
  }

  /**
   * Admits up to `mass` calls arriving at t (the rest are rejected: returned) and records
   * their start spans in `segments` (from, to, mass; segmentCount of them).
   */
  admit(t: number, mass: number): number {
    const admitted = Math.min(mass, Math.max(0, this.limit - this.inside));
    this.segmentCount = 0;
    if (admitted <= 0) return mass;
    const s = this.model.serviceMs;
    const rate = this.rate;
    let start = Math.max(t, this.free);
    let left = admitted;
    const stall = this.stall;
    if (stall !== null && start < stall.endMs) {
      const lastClear = stall.startMs - s;
      if (start >= lastClear) start = stall.endMs;
      else {
        const before = Math.min(left, (lastClear - start) * rate);
        this.segment(start, before);
        left -= before;
        start = left > 0 ? stall.endMs : start + before / rate;
      }
    }
    if (left > 0) {
      this.segment(start, left);
      start += left / rate;
    }
    this.free = start;
    this.inside += admitted;
    return mass - admitted;
  }

  private segment(from: number, mass: number): void {
    const to = from + mass / this.rate;
    const k = 3 * this.segmentCount++;
    this.segments[k] = from;
    this.segments[k + 1] = to;
    this.segments[k + 2] = mass;
    const s = this.model.serviceMs;
    this.departures.addSpan(from + s, to + s, mass);
    this.busy.addSpan(from, to, mass * s);
  }
}
