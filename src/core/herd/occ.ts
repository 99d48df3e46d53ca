import type { RandomSource } from "../model.js";
import { EventHeap } from "./event-heap.js";
import { type NetworkModel, NetworkDelay } from "./network.js";
import { type OccBackoff, OccWaits } from "./occ-backoff.js";
import { RunningStats, type Spread } from "./running-stats.js";

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

/** One message's arrival, as a trace shows it. */
export type OccStep = "read" | "read-reply" | "write" | "write-reply";
const STEPS: readonly OccStep[] = ["read", "read-reply", "write", "write-reply"];

/** What a trace is told of each event: when, whose message, which, and for a write whether it succeeded. */
export type OccTrace = (timeMs: number, client: number, step: OccStep, succeeded: boolean) => void;

export interface OccRun {
  /** Writes the server received (the experiment's "calls"). */
  readonly calls: number;
  /** The last event's time, ms. */
  readonly completionMs: number;
  /** Messages delivered (four per write: read, its reply, the write, its reply). */
  readonly events: number;
}

export function checkOccExperiment(experiment: OccExperiment): void {
  const { clients, network, backoff } = experiment;
  if (!Number.isSafeInteger(clients) || clients < 1) throw new RangeError(`clients must be a whole number from 1, got ${clients}`);
  if (!(network.meanMs >= 0 && Number.isFinite(network.meanMs))) throw new RangeError(`the network's mean must be 0 ms or more, got ${network.meanMs}`);
  if (!(network.sdMs >= 0 && Number.isFinite(network.sdMs))) throw new RangeError(`the network's sd must be 0 ms or more, got ${network.sdMs}`);
  if (!(backoff.baseMs > 0 && Number.isFinite(backoff.baseMs))) throw new RangeError(`base must be positive, got ${backoff.baseMs}`);
  if (!(backoff.capMs >= backoff.baseMs && Number.isFinite(backoff.capMs))) throw new RangeError(`cap must be at least the base, got ${backoff.capMs}`);
}

const READ = 0;
const READ_REPLY = 1;
const WRITE = 2;
const WRITE_REPLY = 3;

/**
 * Runs the experiment again and again on one set of arrays (nothing is allocated per
 * event or per run but the result). Each client has exactly one message in flight, so
 * the event queue is a heap of clients keyed by that message's arrival. Draws, in event
 * order (which a seed reproduces): one network delay per message; after a failed write's
 * reply, the next read's network delay and then the wait. A run starts with every
 * client's first read, in client order.
 */
export class OccSimulator {
  private readonly heap: EventHeap;
  private readonly step: Uint8Array;
  private readonly seenVersion: Float64Array;
  private readonly succeeded: Uint8Array;
  private readonly failures: Float64Array;
  private readonly network: NetworkDelay;
  private readonly waits: OccWaits;

  constructor(
    private readonly experiment: OccExperiment,
    random: RandomSource,
  ) {
    checkOccExperiment(experiment);
    const n = experiment.clients;
    this.heap = new EventHeap(n);
    this.step = new Uint8Array(n);
    this.seenVersion = new Float64Array(n);
    this.succeeded = new Uint8Array(n);
    this.failures = new Float64Array(n);
    this.network = new NetworkDelay(random, experiment.network.meanMs, experiment.network.sdMs);
    this.waits = new OccWaits(experiment.backoff, n, random);
  }

  run(trace?: OccTrace): OccRun {
    const n = this.experiment.clients;
    const { heap, step, seenVersion, succeeded, failures, network, waits } = this;
    heap.clear();
    waits.reset();
    failures.fill(0);
    step.fill(READ);
    for (let c = 0; c < n; c++) heap.push(c, network.next());
    let version = 0;
    let calls = 0;
    let events = 0;
    let now = 0;
    while (heap.size > 0) {
      const c = heap.topId();
      now = heap.topTime();
      events++;
      switch (step[c]) {
        case READ:
          seenVersion[c] = version;
          step[c] = READ_REPLY;
          if (trace) trace(now, c, "read", false);
          heap.rekeyTop(now + network.next());
          break;
        case READ_REPLY:
          step[c] = WRITE;
          if (trace) trace(now, c, "read-reply", false);
          heap.rekeyTop(now + network.next());
          break;
        case WRITE: {
          calls++;
          const ok = seenVersion[c] === version;
          if (ok) version++;
          succeeded[c] = ok ? 1 : 0;
          step[c] = WRITE_REPLY;
          if (trace) trace(now, c, "write", ok);
          heap.rekeyTop(now + network.next());
          break;
        }
        default: {
          const ok = succeeded[c] === 1;
          if (trace) trace(now, c, STEPS[WRITE_REPLY]!, ok);
          if (ok) {
            heap.pop();
            break;
          }
          const n = ++failures[c]!;
          step[c] = READ;
          // The experiment's order: the read's network delay is drawn before the wait.
          const delay = network.next();
          heap.rekeyTop(now + delay + waits.next(c, n));
        }
      }
    }
    return { calls, completionMs: now, events };
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
