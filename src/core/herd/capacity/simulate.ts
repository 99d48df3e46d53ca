import type { RandomSource } from "../../model.js";
import { ARRIVALS, CALLS, CALL_COUNTERS, DENIED, GAVE_UP, OUTAGE, REFUSED, REJECTED, RETRIES, SUCCEEDED, TIMED_OUT, countedFields } from "./counters.js";
import { EventHeap } from "../event-heap.js";
import { Arrivals } from "./arrivals.js";
import { BusyLedger } from "./busy-ledger.js";
import { IdQueue } from "./id-queue.js";
import type { ClientLimit } from "./limits/limit.js";
import type { RetryRun } from "./retry-policy.js";
import { FifoServer } from "./server.js";
import { type CapacitySetup, checkCapacitySetup } from "./setup.js";

/** The random numbers a run draws, one stream per purpose, so that policies compared on one seed meet the same arrivals. */
export interface CapacityRandom {
  readonly arrivals: RandomSource;
  readonly delay: RandomSource;
}

/** What happened in one reporting window [startMs, endMs). Calls are counted when they go out, outcomes when they reach the client. */
export interface CapacityWindow {
  readonly index: number;
  readonly startMs: number;
  readonly endMs: number;
  /** New requests. */
  readonly arrivals: number;
  /** Calls that reached the server: first tries and retries (the offered load). */
  readonly calls: number;
  /** Of those, retries. */
  readonly retries: number;
  /** Calls answered in time. */
  readonly succeeded: number;
  /** Calls that failed: errors of the outage, rejected by a full server, or timed out. */
  readonly failed: number;
  readonly outageFailures: number;
  readonly rejected: number;
  readonly timedOut: number;
  /** Calls refused at the client (an open breaker); each ends its request. */
  readonly refused: number;
  /** Retries the policy wanted and a limit refused. */
  readonly denied: number;
  /** Requests that ended without success (policy exhausted, retry denied, call refused). */
  readonly gaveUp: number;
  /** Server time spent serving, summed over its concurrency (ms). */
  readonly busyMs: number;
  /** busyMs / (concurrency × the window's length): 1 is saturated. */
  readonly utilisation: number;
  /** Calls in the server (served or waiting) at the window's end. */
  readonly inServer: number;
  /** Retries scheduled and not yet sent at the window's end. */
  readonly waiting: number;
}

export interface CapacityTotals {
  readonly windows: number;
  readonly arrivals: number;
  readonly calls: number;
  readonly retries: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly outageFailures: number;
  readonly rejected: number;
  readonly timedOut: number;
  readonly refused: number;
  readonly denied: number;
  readonly gaveUp: number;
  /** Requests neither succeeded nor given up when time ran out. */
  readonly unfinished: number;
  readonly busyMs: number;
  /** Per limit (in the order given): the retries it refused. */
  readonly deniedBy: readonly { readonly name: string; readonly denied: number }[];
  /** Events handled: arrivals, answers, timeouts and retries. */
  readonly events: number;
}

// Counters, per window and per run, in one typed array (stores into it never allocate): counters.ts's layout.
const COUNTERS = CALL_COUNTERS;

/**
 * Runs the capacity model and yields each window as it completes (memory does not grow
 * with the simulated time: requests live in reused slots of typed arrays, events in FIFO
 * rings and one heap of pending retries); returns the totals. Events at the same time are
 * handled answers first, then timeouts, retries and new arrivals. Draws: each new
 * arrival's gap from `random.arrivals` (Poisson), each failed request's retry run from
 * `random.delay`, in the order the failures happen.
 */
export function* capacityWindows(setup: CapacitySetup, random: CapacityRandom): Generator<CapacityWindow, CapacityTotals, undefined> {
  const run = new CapacityRun(setup, random);
  for (let window = run.nextWindow(); window !== null; window = run.nextWindow()) yield window;
  return run.totals();
}

/** The state of one run; nextWindow() handles events up to the next window's end. */
class CapacityRun {
  private readonly outageStart: number;
  private readonly outageEnd: number;
  private readonly arrivals: Arrivals;
  private readonly server: FifoServer;
  private readonly ledger: BusyLedger;
  private readonly answers = new IdQueue();
  private readonly timeouts = new IdQueue();
  private readonly pending = new EventHeap();
  private readonly onRequest: readonly ClientLimit[];
  private readonly onAdmit: readonly ClientLimit[];
  private readonly onOutcome: readonly ClientLimit[];
  private readonly onMayRetry: readonly ClientLimit[];
  private readonly onRetry: readonly ClientLimit[];
  private readonly deniedBy: Float64Array;
  private readonly window = new Float64Array(COUNTERS);
  private readonly total = new Float64Array(COUNTERS);
  private busyTotal = 0;
  private events = 0;
  private index = 0;
  private windowStart = 0;
  private windowEnd: number;
  private nextArrival: number;
  private finished = false;

  // Requests in flight, one slot each, reused through a free list.
  private size = 1024;
  private retried = new Int32Array(this.size);
  private lastTimedOut = new Uint8Array(this.size);
  private sentAt = new Float64Array(this.size);
  private runs: (RetryRun | undefined)[] = new Array<RetryRun | undefined>(this.size);
  private free = new Int32Array(this.size);
  private freeCount = 0;
  private used = 0;
  private live = 0;

  constructor(
    private readonly setup: CapacitySetup,
    private readonly random: CapacityRandom,
  ) {
    checkCapacitySetup(setup);
    const { outage, server, limits, windowMs, durationMs } = setup;
    // An outage of errors fails calls as they arrive; a stall is the server's own business.
    this.outageStart = outage?.kind === "errors" ? outage.startMs : Infinity;
    this.outageEnd = outage?.kind === "errors" ? outage.endMs : -Infinity;
    this.arrivals = new Arrivals(setup.rps, setup.arrivals, random.arrivals);
    this.server = new FifoServer(server, outage?.kind === "stall" ? outage : null);
    const stallMs = outage?.kind === "stall" ? outage.endMs - outage.startMs : 0;
    const aheadMs = (Math.ceil((server.concurrency + server.queue) / server.concurrency) + 1) * server.serviceMs + stallMs;
    this.ledger = new BusyLedger(windowMs, aheadMs + windowMs);
    this.onRequest = limits.filter((limit) => limit.request);
    this.onAdmit = limits.filter((limit) => limit.admit);
    this.onOutcome = limits.filter((limit) => limit.outcome);
    this.onMayRetry = limits.filter((limit) => limit.mayRetry);
    this.onRetry = limits.filter((limit) => limit.retry);
    this.deniedBy = new Float64Array(this.onMayRetry.length);
    this.windowEnd = Math.min(windowMs, durationMs);
    this.nextArrival = this.arrivals.next();
  }

  /** Handles every event before the current window's end and returns the window; null once time has run out. */
  nextWindow(): CapacityWindow | null {
    const durationMs = this.setup.durationMs;
    if (this.windowStart >= durationMs) return null;
    const { answers, timeouts, pending, window } = this;
    const windowEnd = this.windowEnd;
    if (!this.finished) {
      for (;;) {
        const ta = answers.firstTime();
        const to = timeouts.firstTime();
        const tr = pending.topTime();
        let t = this.nextArrival;
        if (tr <= t) t = tr;
        if (to <= t) t = to;
        if (ta <= t) t = ta;
        if (!(t < durationMs)) {
          this.finished = true;
          break;
        }
        if (t >= windowEnd) break;
        this.events++;
        if (ta === t) {
          const slot = answers.shift();
          window[SUCCEEDED]!++;
          for (const limit of this.onOutcome) limit.outcome!(t, true, false, this.sentAt[slot]!, this.retried[slot]!, this.lastTimedOut[slot] === 1);
          this.release(slot);
        } else if (to === t) {
          window[TIMED_OUT]!++;
          this.fail(timeouts.shift(), t, true);
        } else if (tr === t) {
          this.send(pending.pop(), t, true);
        } else {
          window[ARRIVALS]!++;
          const slot = this.take();
          this.retried[slot] = 0;
          this.lastTimedOut[slot] = 0;
          for (const limit of this.onRequest) limit.request!(t);
          this.send(slot, t, false);
          this.nextArrival = this.arrivals.next();
        }
      }
    }
    return this.closeWindow();
  }

  private closeWindow(): CapacityWindow {
    const { window, total, index, windowStart, windowEnd } = this;
    const busyMs = this.ledger.take(index);
    const result: CapacityWindow = {
      index,
      startMs: windowStart,
      endMs: windowEnd,
      ...countedFields(window),
      busyMs,
      utilisation: busyMs / (this.setup.server.concurrency * (windowEnd - windowStart)),
      inServer: this.server.occupancy(windowEnd),
      waiting: this.pending.size,
    };
    for (let i = 0; i < COUNTERS; i++) total[i]! += window[i]!;
    window.fill(0);
    this.busyTotal += busyMs;
    this.index = index + 1;
    this.windowStart = windowEnd;
    this.windowEnd = Math.min((index + 2) * this.setup.windowMs, this.setup.durationMs);
    return result;
  }

  totals(): CapacityTotals {
    const total = this.total;
    return {
      windows: this.index,
      ...countedFields(total),
      unfinished: this.live,
      busyMs: this.busyTotal,
      deniedBy: this.onMayRetry.map((limit, i) => ({ name: limit.name, denied: this.deniedBy[i]! })),
      events: this.events,
    };
  }

  /** A call of `slot` failed at t: tell the limits, then retry if the policy and every limit allow. */
  private fail(slot: number, t: number, timedOut: boolean): void {
    const before = this.retried[slot]!;
    for (const limit of this.onOutcome) limit.outcome!(t, false, timedOut, this.sentAt[slot]!, before, this.lastTimedOut[slot] === 1);
    const run = (this.runs[slot] ??= this.setup.retry(this.random.delay));
    const wait = run(before + 1);
    if (wait === null) {
      this.window[GAVE_UP]!++;
      this.release(slot);
      return;
    }
    const mayRetry = this.onMayRetry;
    for (let i = 0; i < mayRetry.length; i++) {
      if (!mayRetry[i]!.mayRetry!(t, timedOut)) {
        this.deniedBy[i]!++;
        this.window[DENIED]!++;
        this.window[GAVE_UP]!++;
        this.release(slot);
        return;
      }
    }
    for (const limit of this.onRetry) limit.retry!(t, timedOut);
    this.retried[slot] = before + 1;
    this.lastTimedOut[slot] = timedOut ? 1 : 0;
    this.pending.push(slot, t + wait);
  }

  /** `slot` sends a call at t (its first try, or a retry). */
  private send(slot: number, t: number, retry: boolean): void {
    const window = this.window;
    for (const limit of this.onAdmit) {
      if (!limit.admit!(t)) {
        window[REFUSED]!++;
        window[GAVE_UP]!++;
        this.release(slot);
        return;
      }
    }
    window[CALLS]!++;
    if (retry) window[RETRIES]!++;
    this.sentAt[slot] = t;
    if (t >= this.outageStart && t < this.outageEnd) {
      window[OUTAGE]!++;
      this.fail(slot, t, false);
      return;
    }
    const finish = this.server.admit(t);
    if (finish < 0) {
      window[REJECTED]!++;
      this.fail(slot, t, false);
      return;
    }
    this.ledger.add(this.server.lastStart, finish);
    const timeoutMs = this.setup.timeoutMs;
    if (finish - t > timeoutMs) this.timeouts.push(slot, t + timeoutMs);
    else this.answers.push(slot, finish);
  }

  private take(): number {
    this.live++;
    if (this.freeCount > 0) return this.free[--this.freeCount]!;
    if (this.used === this.size) this.grow();
    return this.used++;
  }

  private release(slot: number): void {
    this.live--;
    this.runs[slot] = undefined;
    this.free[this.freeCount++] = slot;
  }

  private grow(): void {
    const size = 2 * this.size;
    const retried = new Int32Array(size);
    retried.set(this.retried);
    this.retried = retried;
    const lastTimedOut = new Uint8Array(size);
    lastTimedOut.set(this.lastTimedOut);
    this.lastTimedOut = lastTimedOut;
    const sentAt = new Float64Array(size);
    sentAt.set(this.sentAt);
    this.sentAt = sentAt;
    this.runs.length = size;
    const free = new Int32Array(size);
    free.set(this.free);
    this.free = free;
    this.size = size;
  }
}
