import type { CapacitySetup } from "../setup.js";
import { ARRIVALS, CALLS, CALL_COUNTERS, DENIED, GAVE_UP, OUTAGE, REFUSED, REJECTED, RETRIES, SUCCEEDED, TIMED_OUT, countedFields } from "../counters.js";
import { checkCapacitySetup } from "../setup.js";
import type { CapacityTotals, CapacityWindow } from "../simulate.js";
import { type DelaySpread, longestWait } from "./delay-spread.js";
import type { FlowLimit } from "./flow-limit.js";
import { FluidServer } from "./fluid-server.js";
import { MassRing, ringSize } from "./mass-ring.js";

/**
 * The capacity model's set-up for the flow model: the same server, arrivals, outage and
 * time, the retries as the distribution of each one's wait (retry n waits spreads[n − 1];
 * as many retries as spreads), and the limits as flow limits.
 */
export interface FlowSetup extends Omit<CapacitySetup, "retry" | "limits"> {
  readonly spreads: readonly DelaySpread[];
  readonly limits: readonly FlowLimit[];
}

/** Steps (whole milliseconds × call classes) a flow run may take at most; checked before it starts. */
export function flowWork(setup: Pick<FlowSetup, "durationMs"> & { readonly retries: number }): number {
  return Math.ceil(setup.durationMs) * (2 * setup.retries + 1);
}

/**
 * How far ahead of now each ring of a flow run holds counts (ms): the server's (a call
 * stays in it at most its queue's work, a service and the stall), the answers' (the
 * timeout, or as long as a call stays in the server), the timeouts' and, per kind of
 * call, the retries' (the retry's longest wait).
 */
export function flowHorizons(setup: Pick<FlowSetup, "server" | "outage" | "timeoutMs" | "spreads">): { inServerMs: number; answerMs: number; timeoutMs: number | null; pendingMs: number[] } {
  const { server, outage, spreads } = setup;
  const stallMs = outage?.kind === "stall" ? outage.endMs - outage.startMs : 0;
  const rate = server.concurrency / server.serviceMs;
  const inServerMs = (server.concurrency + server.queue) / rate + server.serviceMs + stallMs + 2;
  const finite = Number.isFinite(setup.timeoutMs);
  const pendingMs = Array.from({ length: 2 * spreads.length + 1 }, (_, c) => {
    const n = (c + 1) >> 1; // the retry this kind of call is
    return n === 0 ? 1 : longestWait(spreads[n - 1]!) + 2;
  });
  return { inServerMs, answerMs: finite ? setup.timeoutMs + 2 : inServerMs, timeoutMs: finite ? setup.timeoutMs + 2 : null, pendingMs };
}

/** The bins (two doubles each) the rings of a flow run hold in all: what its memory grows with. */
export function flowRingBins(setup: Pick<FlowSetup, "server" | "outage" | "timeoutMs" | "spreads" | "durationMs">): number {
  const end = Math.ceil(setup.durationMs);
  const { inServerMs, answerMs, timeoutMs, pendingMs } = flowHorizons(setup);
  let bins = 2 * ringSize(inServerMs, end) + 3 * ringSize(answerMs, end);
  for (const horizon of pendingMs) bins += ringSize(horizon, end) + (timeoutMs === null ? 0 : ringSize(timeoutMs, end));
  return bins;
}

/**
 * The capacity model as expected counts: what the per-call model (simulate.ts) gives on
 * average over its random draws, worked out a millisecond at a time. The calls of one
 * millisecond that share an attempt are interchangeable, so the state is, per
 * millisecond ahead, how many calls of each attempt arrive, answer or time out, never one
 * entry per call: the cost grows with the simulated time × the retries, not with the
 * requests. A millisecond's failures reach the later ones through each retry's wait
 * distribution (delay-spread.ts); the server is a fluid (fluid-server.ts); each limit
 * applies its own rule to the counts (flow-limit.ts). Poisson and evenly spaced arrivals
 * have the same expectation, rps / 1000 a millisecond; evenly spaced ones are counted
 * exactly (requests at 0, 1000/rps, … ms), so hand-worked cases come out whole.
 *
 * What a mean of counts leaves out: the spread between runs, and the extremes a lone
 * request meets (one unlucky client's fourth timeout); and a sum of waits is carried as
 * each retry's own distribution (decorrelated jitter's waits depend on each other).
 * Times are resolved to the millisecond: a call counts as sent at the start of the
 * millisecond it is sent in, and within one the retries and new requests go out before
 * the answers and timeouts that reach the client in it are counted. Windows are yielded as they complete; returns the totals.
 */
export function* capacityFlowWindows(setup: FlowSetup): Generator<CapacityWindow, CapacityTotals, undefined> {
  const run = new FlowRun(setup);
  for (let window = run.nextWindow(); window !== null; window = run.nextWindow()) yield window;
  return run.totals();
}

// counters.ts's layout, then the server's busy time (ms, a fraction of the window's capacity).
const BUSY = CALL_COUNTERS;
const COUNTERS = CALL_COUNTERS + 1;

/**
 * Calls are grouped in classes by where their request stands: class 0 its first try,
 * class 2n − 1 its retry n after an error or a rejection, class 2n its retry n after a
 * timeout (the AWS quota gives back a different amount for each).
 */
class FlowRun {
  private readonly retries: number;
  private readonly server: FluidServer;
  /** Per class: retries waiting to go out, per ms ahead. */
  private readonly pending: MassRing[] = [];
  /** Per class: calls that will time out, per ms ahead. */
  private readonly timeouts: MassRing[] | null;
  /** Answers in time, per ms ahead: of first tries, of retries after an error, after a timeout. */
  private readonly answers: [MassRing, MassRing, MassRing];
  private readonly timeoutMs: number;
  private readonly outageStart: number;
  private readonly outageEnd: number;
  private readonly onRequest: readonly FlowLimit[];
  private readonly onAdmit: readonly FlowLimit[];
  private readonly onOutcome: readonly FlowLimit[];
  private readonly onAllow: readonly FlowLimit[];
  private readonly onRetry: readonly FlowLimit[];
  private readonly onFirst: readonly FlowLimit[];
  private readonly deniedBy: Float64Array;
  private readonly window = new Float64Array(COUNTERS);
  private readonly total = new Float64Array(COUNTERS);
  private readonly endMs: number;
  private readonly arrivalGap: number;
  private arrivalsSoFar = 0;
  private waiting = 0;
  private t = 0;
  private index = 0;
  private windowStart = 0;

  constructor(private readonly setup: FlowSetup) {
    checkCapacitySetup({ ...setup, retry: () => () => null, limits: [] });
    const { server, outage, durationMs, limits, spreads } = setup;
    this.retries = spreads.length;
    this.endMs = Math.ceil(durationMs);
    this.timeoutMs = setup.timeoutMs;
    this.outageStart = outage?.kind === "errors" ? outage.startMs : Infinity;
    this.outageEnd = outage?.kind === "errors" ? outage.endMs : -Infinity;
    const stall = outage?.kind === "stall" ? outage : null;
    const { inServerMs, answerMs, timeoutMs, pendingMs } = flowHorizons(setup);
    this.server = new FluidServer(server, stall, inServerMs, this.endMs);
    this.answers = [new MassRing(answerMs, this.endMs), new MassRing(answerMs, this.endMs), new MassRing(answerMs, this.endMs)];
    this.timeouts = timeoutMs === null ? null : pendingMs.map(() => new MassRing(timeoutMs, this.endMs));
    for (const horizon of pendingMs) this.pending.push(new MassRing(horizon, this.endMs));
    this.onRequest = limits.filter((limit) => limit.flowRequest);
    this.onAdmit = limits.filter((limit) => limit.flowAdmit);
    this.onOutcome = limits.filter((limit) => limit.flowOutcome);
    this.onAllow = limits.filter((limit) => limit.flowAllow);
    this.onRetry = limits.filter((limit) => limit.flowRetry);
    this.onFirst = limits.filter((limit) => limit.flowFirstSent);
    this.deniedBy = new Float64Array(this.onAllow.length);
    this.arrivalGap = 1000 / setup.rps;
  }

  nextWindow(): CapacityWindow | null {
    const { durationMs, windowMs } = this.setup;
    if (this.windowStart >= durationMs) return null;
    const windowEnd = Math.min(this.windowStart + windowMs, durationMs);
    const classes = 2 * this.retries + 1;
    const window = this.window;
    while (this.t < windowEnd) {
      const t = this.t;
      // Retries and new requests go out first; then what reaches the client in this millisecond (answers, timeouts),
      // which includes the answers of calls sent in it when the service and the timeout are shorter than a millisecond.
      for (let c = 1; c < classes; c++) {
        const due = this.pending[c]!.take(t);
        if (due > 0) {
          this.waiting -= due;
          this.send(c, due, t);
        }
      }
      const arrivals = this.arrivalsIn(t);
      if (arrivals > 0) {
        window[ARRIVALS]! += arrivals;
        for (const limit of this.onRequest) limit.flowRequest!(t, arrivals);
        this.send(0, arrivals, t);
      }
      const ok0 = this.answers[0].take(t);
      const ok1 = this.answers[1].take(t);
      const ok2 = this.answers[2].take(t);
      const ok = ok0 + ok1 + ok2;
      if (ok > 0) {
        window[SUCCEEDED]! += ok;
        for (const limit of this.onOutcome) limit.flowOutcome!(t, ok0, ok1, ok2, 0);
      }
      if (this.timeouts !== null) {
        for (let c = 0; c < classes; c++) {
          const late = this.timeouts[c]!.take(t);
          if (late > 0) {
            window[TIMED_OUT]! += late;
            this.fail(c, late, t, true);
          }
        }
      }
      this.server.depart(t);
      window[BUSY]! += this.server.busyIn(t);
      this.t = t + 1;
    }
    return this.closeWindow(windowEnd);
  }

  /** New requests in [t, t + 1): rps / 1000 on average; evenly spaced, the whole count of k·gap in it. */
  private arrivalsIn(t: number): number {
    if (this.setup.arrivals === "poisson") return this.setup.rps / 1000;
    const upTo = Math.ceil((t + 1) / this.arrivalGap);
    const count = upTo - this.arrivalsSoFar;
    this.arrivalsSoFar = upTo;
    return count;
  }

  /** `mass` calls of class c go out at t. */
  private send(c: number, mass: number, t: number): void {
    const window = this.window;
    for (const limit of this.onAdmit) {
      const admitted = limit.flowAdmit!(t, mass);
      if (admitted < mass) {
        window[REFUSED]! += mass - admitted;
        window[GAVE_UP]! += mass - admitted;
        mass = admitted;
      }
    }
    if (!(mass > 0)) return;
    window[CALLS]! += mass;
    if (c > 0) window[RETRIES]! += mass;
    if (t >= this.outageStart && t < this.outageEnd) {
      window[OUTAGE]! += mass;
      for (const limit of this.onFirst) limit.flowFirstSent!(t, false, t);
      this.fail(c, mass, t, false);
      return;
    }
    const server = this.server;
    const rejected = server.admit(t, mass);
    const deadline = t + this.timeoutMs;
    const answers = this.answers[c === 0 ? 0 : 2 - (c & 1)]!;
    const s = server.model.serviceMs;
    let late = 0;
    for (let k = 0; k < server.segmentCount; k++) {
      const from = server.segments[3 * k]! + s;
      const to = server.segments[3 * k + 1]! + s;
      const m = server.segments[3 * k + 2]!;
      // Finishes spread evenly over [from, to): those by the deadline are answered in time.
      const inTime = from > deadline ? 0 : to <= deadline ? m : (m * (deadline - from)) / (to - from);
      if (inTime > 0) answers.addSpan(from, Math.min(to, deadline), inTime);
      late += m - inTime;
    }
    if (this.onFirst.length > 0) {
      const first = server.segmentCount === 0 ? null : server.segments[0]! + s;
      const fate = first === null ? { ok: false, at: t } : first <= deadline ? { ok: true, at: first } : { ok: false, at: deadline };
      for (const limit of this.onFirst) limit.flowFirstSent!(t, fate.ok, fate.at);
    }
    if (late > 0) this.timeouts![c]!.addAt(deadline, late);
    if (rejected > 0) {
      window[REJECTED]! += rejected;
      this.fail(c, rejected, t, false);
    }
  }

  /** `mass` calls of class c failed at t: the limits hear of it, then what the policy and every limit allow is retried. */
  private fail(c: number, mass: number, t: number, timedOut: boolean): void {
    const window = this.window;
    for (const limit of this.onOutcome) limit.flowOutcome!(t, 0, 0, 0, mass);
    const retry = ((c + 1) >> 1) + 1;
    if (retry > this.retries) {
      window[GAVE_UP]! += mass;
      return;
    }
    let granted = mass;
    const allow = this.onAllow;
    for (let i = 0; i < allow.length; i++) {
      const allowed = Math.min(granted, allow[i]!.flowAllow!(t, granted, timedOut));
      this.deniedBy[i]! += granted - allowed;
      granted = allowed;
    }
    if (granted < mass) {
      window[DENIED]! += mass - granted;
      window[GAVE_UP]! += mass - granted;
    }
    if (!(granted > 0)) return;
    for (const limit of this.onRetry) limit.flowRetry!(t, granted, timedOut);
    this.waiting += granted;
    const ring = this.pending[timedOut ? 2 * retry : 2 * retry - 1]!;
    const spread = this.setup.spreads[retry - 1]!;
    // A failure in [t, t + 1) waiting d whole ms is sent in [t + d, t + d + 1).
    for (let k = 0; k < spread.lo.length; k++) {
      const lo = spread.lo[k]!;
      const w = Math.max(lo, 1); // a retry goes out after the failure that made it: in a later millisecond
      ring.addWhole(t + w, t + Math.max(spread.hi[k]!, w), granted * spread.weight[k]!);
    }
  }

  private closeWindow(windowEnd: number): CapacityWindow {
    const { window, total, index, windowStart } = this;
    const busyMs = window[BUSY]!;
    const result: CapacityWindow = {
      index,
      startMs: windowStart,
      endMs: windowEnd,
      ...countedFields(window),
      busyMs,
      utilisation: Math.min(1, busyMs / (this.setup.server.concurrency * (windowEnd - windowStart))),
      inServer: this.server.inside,
      waiting: Math.max(0, this.waiting),
    };
    for (let i = 0; i < COUNTERS; i++) total[i]! += window[i]!;
    window.fill(0);
    this.index = index + 1;
    this.windowStart = windowEnd;
    return result;
  }

  totals(): CapacityTotals {
    const total = this.total;
    const ended = total[SUCCEEDED]! + total[GAVE_UP]!;
    return {
      windows: this.index,
      ...countedFields(total),
      unfinished: Math.max(0, total[ARRIVALS]! - ended),
      busyMs: total[BUSY]!,
      deniedBy: this.onAllow.map((limit, i) => ({ name: limit.name, denied: this.deniedBy[i]! })),
      events: this.t,
    };
  }
}

/** A window of expected counts as reports print it: each count to the nearest whole call (utilisation, a share, as it is). */
export function wholeWindow(w: CapacityWindow): CapacityWindow {
  const r = Math.round;
  return {
    ...w,
    arrivals: r(w.arrivals),
    calls: r(w.calls),
    retries: r(w.retries),
    succeeded: r(w.succeeded),
    failed: r(w.outageFailures) + r(w.rejected) + r(w.timedOut),
    outageFailures: r(w.outageFailures),
    rejected: r(w.rejected),
    timedOut: r(w.timedOut),
    refused: r(w.refused),
    denied: r(w.denied),
    gaveUp: r(w.gaveUp),
    busyMs: r(w.busyMs),
    inServer: r(w.inServer),
    waiting: r(w.waiting),
  };
}

/** The totals of expected counts, each to the nearest whole call. */
export function wholeTotals(t: CapacityTotals): CapacityTotals {
  const r = Math.round;
  return {
    ...t,
    arrivals: r(t.arrivals),
    calls: r(t.calls),
    retries: r(t.retries),
    succeeded: r(t.succeeded),
    failed: r(t.outageFailures) + r(t.rejected) + r(t.timedOut),
    outageFailures: r(t.outageFailures),
    rejected: r(t.rejected),
    timedOut: r(t.timedOut),
    refused: r(t.refused),
    denied: r(t.denied),
    gaveUp: r(t.gaveUp),
    unfinished: r(t.unfinished),
    busyMs: r(t.busyMs),
    deniedBy: t.deniedBy.map((d) => ({ name: d.name, denied: r(d.denied) })),
  };
}
