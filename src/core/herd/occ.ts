import type { RandomSource } from "../model.js";
import { EventHeap } from "./event-heap.js";
import { type NetworkModel, NetworkDelay } from "./network.js";
import { type OccBackoff, OccWaits } from "./occ-backoff.js";
import { RunningStats, type Spread } from "./running-stats.js";

/** Draws are made this many at a time. */
const BLOCK = 4096;

/**
 * The AWS "Exponential Backoff And Jitter" experiment (Marc Brooker, AWS Architecture
 * Blog, 2015; aws-samples/aws-arch-backoff-simulator, src/backoff_simulator.py at 66cb169),
 * rebuilt from its description: N clients each update one row once by optimistic
 * concurrency control. A client reads the row (the server answers with its version), then
 * writes carrying that version; the write succeeds only if the version is unchanged (which
 * then goes up by one), otherwise the client waits and starts again from the read. Every
 * message takes one network delay. A run ends when every client has succeeded: its time is
 * the last event's (the last successful write's reply reaching its client), its calls are
 * the writes the server received.
 */
export interface OccExperiment {
  /** Clients contending for the row (a whole number from 1). */
  readonly clients: number;
  readonly network: NetworkModel;
  readonly backoff: OccBackoff;
}

/**
 * One write as the server handles it: whose, when its read reached the server, when the
 * write did, whether it succeeded, and when the reply reached the client.
 */
export type OccTrace = (client: number, readMs: number, writeMs: number, succeeded: boolean, replyMs: number) => void;

export interface OccRun {
  /** Writes the server received (the experiment's "calls"). */
  readonly calls: number;
  /** The last event's time, ms. */
  readonly completionMs: number;
  /** Messages delivered (four per write: read, its reply, the write, its reply). */
  readonly events: number;
}

/**
 * Runs that took more messages than the caller allowed (maxEvents): how long the clients
 * contend is known only by running them (N clients in lock-step take N(N+1)/2 writes a run,
 * clients that back off far fewer), so the time a sweep takes is bounded by stopping it
 * at its budget, not by refusing every input whose worst case is long.
 */
export class OccTooLongError extends Error {
  override readonly name = "OccTooLongError";
  constructor(
    /** The messages allowed, all points and runs together. */
    readonly maxEvents: number,
    /** The point (index into the points given) and the run (from 1) that passed the budget. */
    readonly point: number,
    readonly run: number,
  ) {
    super(`the runs took more than ${maxEvents} messages, at run ${run} of point ${point + 1}`);
  }
}

export function checkOccExperiment(experiment: OccExperiment): void {
  const { clients, network, backoff } = experiment;
  if (!Number.isSafeInteger(clients) || clients < 1) throw new RangeError(`clients must be a whole number from 1, got ${clients}`);
  if (!(network.meanMs >= 0 && Number.isFinite(network.meanMs))) throw new RangeError(`the network's mean must be 0 ms or more, got ${network.meanMs}`);
  if (!(network.sdMs >= 0 && Number.isFinite(network.sdMs))) throw new RangeError(`the network's sd must be 0 ms or more, got ${network.sdMs}`);
  if (!(backoff.baseMs > 0 && Number.isFinite(backoff.baseMs))) throw new RangeError(`base must be positive, got ${backoff.baseMs}`);
  if (!(backoff.capMs >= backoff.baseMs && Number.isFinite(backoff.capMs))) throw new RangeError(`cap must be at least the base, got ${backoff.capMs}`);
}

/**
 * Runs the experiment again and again on one set of arrays (nothing is allocated per
 * write or per run but the result).
 *
 * Only the writes need an event of their own. A read changes nothing: it notes the
 * version, and the write after it succeeds exactly when no other write succeeded between
 * the two. The server handles the writes in time order, so when it handles one, every
 * success before it is known, and the write succeeds when the latest of them came before
 * its read (a success and a read at the same instant: the read first). The replies change
 * nothing either: a client's next read and write are its last write's time plus the
 * network delays and the wait between them. So the heap holds one write per client, and a
 * write costs one heap step where the four messages cost four; the four messages are still
 * counted, and every delay is still drawn, per client in the order its messages go out
 * (reply, next read, the wait, the read's reply, the write). Delays and the waits'
 * fractions are drawn in blocks (the network's from the source, then the fractions, as
 * each block runs out; a few delays left at a block's end are passed over), so draws
 * of different clients interleave in the order the server handles the writes, not the
 * order the messages arrive: a seed gives other runs than a simulator with one event per
 * message (the same model: scripts/herd-occ.py is one, and
 * test/core/herd/occ-reference.test.ts holds the two together).
 */
export class OccSimulator {
  private readonly heap: EventHeap;
  private readonly readAt: Float64Array;
  private readonly failures: Float64Array;
  private readonly network: NetworkDelay;
  private readonly waits: OccWaits;
  /** Network delays and the waits' fractions, drawn BLOCK at a time (refilled as the runs use them up). */
  private readonly delays = new Float64Array(BLOCK);
  private readonly fractions = new Float64Array(BLOCK);
  private nextDelay = BLOCK;
  private nextFraction = BLOCK;

  constructor(
    private readonly experiment: OccExperiment,
    private readonly random: RandomSource,
  ) {
    checkOccExperiment(experiment);
    const n = experiment.clients;
    this.heap = new EventHeap(n);
    this.readAt = new Float64Array(n);
    this.failures = new Float64Array(n);
    this.network = new NetworkDelay(random, experiment.network.meanMs, experiment.network.sdMs);
    this.waits = new OccWaits(experiment.backoff, n);
  }

  /**
   * One run to its end, or an OccTooLongError (point 0, run 1: the caller knows which)
   * once it has taken more than maxCalls writes.
   */
  run(trace?: OccTrace, maxCalls = Infinity): OccRun {
    const n = this.experiment.clients;
    const { heap, readAt, failures, waits, delays, fractions } = this;
    const draws = waits.draws;
    heap.clear();
    waits.reset();
    failures.fill(0);
    // Delays are taken four at a time at most: the buffer is refilled when fewer are left.
    let d = this.nextDelay;
    let f = this.nextFraction;
    // Every client's first read, then its reply and the write, in client order.
    for (let c = 0; c < n; c++) {
      if (d > BLOCK - 4) d = this.refillDelays();
      const read = delays[d]!;
      readAt[c] = read;
      heap.push(c, read + delays[d + 1]! + delays[d + 2]!);
      d += 3;
    }
    let lastSuccess = -Infinity;
    let completion = 0;
    let calls = 0;
    while (heap.size > 0) {
      const c = heap.topId();
      const t = heap.topTime();
      if (++calls > maxCalls) throw new OccTooLongError(4 * maxCalls, 0, 1);
      if (d > BLOCK - 4) d = this.refillDelays();
      const ok = lastSuccess < readAt[c]!;
      const reply = t + delays[d]!;
      if (trace) trace(c, readAt[c]!, t, ok, reply);
      if (ok) {
        d += 1;
        lastSuccess = t;
        if (reply > completion) completion = reply;
        heap.pop();
        continue;
      }
      let fraction = 0;
      if (draws) {
        if (f === BLOCK) f = this.refillFractions();
        fraction = fractions[f++]!;
      }
      // The experiment's order: the next read's network delay, then the wait, then the read's reply and the write.
      const read = reply + delays[d + 1]! + waits.next(c, ++failures[c]!, fraction);
      readAt[c] = read;
      heap.rekeyTop(read + delays[d + 2]! + delays[d + 3]!);
      d += 4;
    }
    this.nextDelay = d;
    this.nextFraction = f;
    return { calls, completionMs: completion, events: 4 * calls };
  }

  private refillDelays(): number {
    this.network.fill(this.delays);
    return 0;
  }

  private refillFractions(): number {
    const { fractions, random } = this;
    if (random.fill !== undefined) random.fill(fractions);
    else for (let i = 0; i < BLOCK; i++) fractions[i] = random.fraction();
    return 0;
  }
}

/** Each of `runs` runs in turn, streamed (memory does not grow with the number of runs). */
export function* occRuns(experiment: OccExperiment, runs: number, random: RandomSource): Generator<OccRun, void, undefined> {
  if (!Number.isSafeInteger(runs) || runs < 1) throw new RangeError(`runs must be a whole number from 1, got ${runs}`);
  const simulator = new OccSimulator(experiment, random);
  for (let r = 0; r < runs; r++) yield simulator.run();
}

export interface OccSummary {
  readonly runs: number;
  /** Calls per run: mean, spread, range (the experiment publishes the mean). */
  readonly calls: Spread;
  /** Completion time per run (ms). */
  readonly completionMs: Spread;
  /** Messages delivered over every run. */
  readonly events: number;
}

/** The experiment's figures over `runs` runs: what the published graphs plot (means), with their spread. */
export function simulateOcc(experiment: OccExperiment, runs: number, random: RandomSource): OccSummary {
  const calls = new RunningStats();
  const time = new RunningStats();
  let events = 0;
  for (const run of occRuns(experiment, runs, random)) {
    calls.add(run.calls);
    time.add(run.completionMs);
    events += run.events;
  }
  return { runs, calls: calls.spread(), completionMs: time.spread(), events };
}

/** One point of a sweep: an experiment and the random source its runs draw from. */
export interface OccPoint {
  readonly experiment: OccExperiment;
  readonly random: RandomSource;
}

/**
 * simulateOcc for each point, the points' runs taken in turn (run 1 of every point, then
 * run 2, …): each point draws from its own source, so every summary is what simulateOcc
 * gives it alone, but the simulator's code meets every mode's path (the waits that draw,
 * decorrelated's) within its first runs. Point after point, V8 compiled that code again at
 * each new mode's first failure, running it unoptimised in between (issue 40, item 3: the
 * OCC experiment's five modes took a quarter more CPU that way).
 */
export function simulateOccPoints(points: readonly OccPoint[], runs: number, maxEvents = Infinity): OccSummary[] {
  if (!Number.isSafeInteger(runs) || runs < 1) throw new RangeError(`runs must be a whole number from 1, got ${runs}`);
  if (!(maxEvents >= 0)) throw new RangeError(`maxEvents must be 0 or more, got ${maxEvents}`);
  let spent = 0;
  const simulators = points.map((point) => new OccSimulator(point.experiment, point.random));
  const calls = points.map(() => new RunningStats());
  const times = points.map(() => new RunningStats());
  const events = points.map(() => 0);
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < simulators.length; i++) {
      let run: OccRun;
      try {
        run = simulators[i]!.run(undefined, Math.floor((maxEvents - spent) / 4));
      } catch (error) {
        if (error instanceof OccTooLongError) throw new OccTooLongError(maxEvents, i, r + 1);
        throw error;
      }
      spent += run.events;
      calls[i]!.add(run.calls);
      times[i]!.add(run.completionMs);
      events[i]! += run.events;
    }
  }
  return points.map((_, i) => ({ runs, calls: calls[i]!.spread(), completionMs: times[i]!.spread(), events: events[i]! }));
}
