import { availableParallelism } from "node:os";
import { Worker, parentPort, workerData } from "node:worker_threads";
import type { Candidate, DiscoverySkip } from "./discover.js";
import { type FileOutcome, type ScanSettings, scanFile } from "./scan-file.js";

/**
 * The files of `check PATH…` read and checked on every core. Reading, parsing and checking
 * a file (scan-file.ts) is all CPU and independent of every other file, so a tree of
 * files is shared out in small batches among worker threads and the main thread itself:
 * one worker fewer than cores, the main thread reading a batch whenever the workers have
 * theirs (from the start, while the workers are still loading). The main thread also
 * walks the directories, hands the outcomes on strictly in the order the walk found the
 * files (so stderr, the report and the first error read exactly as one file after another
 * would give them) and renders the report. Few batches are in flight at any time, so
 * memory stays flat however many files there are.
 *
 * Below POOL_MIN_FILES files, or on one core, or when not running from the bundle (the
 * tests run the TypeScript sources, which a worker cannot load), every file is read on
 * the main thread: starting a worker (a V8 isolate that loads dist/files.cjs, about
 * 40 ms of CPU) costs more than a few files do.
 */
export type WalkEvent = { readonly kind: "candidate"; readonly candidate: Candidate } | { readonly kind: "skip"; readonly skip: DiscoverySkip };
export type ScanEvent = { readonly kind: "outcome"; readonly candidate: Candidate; readonly outcome: FileOutcome } | { readonly kind: "skip"; readonly skip: DiscoverySkip };

const POOL_MIN_FILES = 64;
/** Files per message: enough to make a message's cost small against the files' own. */
const BATCH_FILES = 8;
/** Batches given to a worker before its first comes back: it never waits for the main thread. */
const BATCHES_PER_WORKER = 3;
/** Files read but not yet handed on, beyond which the main thread reads no more itself (memory stays flat). */
const MAX_QUEUED = 256;

type Crash = { readonly crash: string };
interface Batch {
  readonly id: number;
  readonly candidates: readonly Candidate[];
}
interface Answer {
  readonly id: number;
  readonly outcomes: ReadonlyArray<FileOutcome | Crash>;
}

/** The bundle this code runs from (dist/files.cjs), or null when running from the sources. */
function bundlePath(): string | null {
  return typeof __filename === "string" && __filename.endsWith(".cjs") ? __filename : null;
}

/**
 * Each walk event in order, a candidate as its outcome. `inline` reads a candidate on
 * this thread (standard input among them); errors the walk throws come out in their place.
 */
export async function* scanInOrder(walk: Iterator<WalkEvent>, settings: ScanSettings, inline: (candidate: Candidate) => Promise<FileOutcome>, pool: boolean): AsyncGenerator<ScanEvent> {
  const bundle = bundlePath();
  const threads = Math.min(availableParallelism(), 4);
  const head: Array<WalkEvent | { kind: "error"; error: unknown }> = [];
  let ended = false;
  const pull = (): WalkEvent | { kind: "error"; error: unknown } | null => {
    if (ended) return null;
    try {
      const next = walk.next();
      if (next.done === true) {
        ended = true;
        return null;
      }
      return next.value;
    } catch (error) {
      ended = true;
      return { kind: "error", error };
    }
  };
  if (pool && bundle !== null && threads > 1) {
    // Look ahead far enough to know whether the pool pays.
    let files = 0;
    while (files < POOL_MIN_FILES) {
      const event = pull();
      if (event === null) break;
      head.push(event);
      if (event.kind === "candidate") files++;
      if (event.kind === "error") break;
    }
    if (files >= POOL_MIN_FILES) {
      yield* pooled(bundle, threads - 1, head, pull, settings);
      return;
    }
  }
  for (let event = head.shift() ?? pull(); event !== null && event !== undefined; event = head.shift() ?? pull()) {
    if (event.kind === "error") throw event.error;
    if (event.kind === "skip") yield event;
    else yield { kind: "outcome", candidate: event.candidate, outcome: await inline(event.candidate) };
  }
}

type Slot =
  | { readonly kind: "skip"; readonly skip: DiscoverySkip }
  | { readonly kind: "error"; readonly error: unknown }
  | { readonly kind: "file"; readonly candidate: Candidate; outcome: FileOutcome | Crash | null };

async function* pooled(
  bundle: string,
  workerCount: number,
  head: Array<WalkEvent | { kind: "error"; error: unknown }>,
  pull: () => WalkEvent | { kind: "error"; error: unknown } | null,
  settings: ScanSettings,
): AsyncGenerator<ScanEvent> {
  const queue: Slot[] = [];
  const batches = new Map<number, Array<Slot & { kind: "file" }>>();
  let nextId = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const workers = Array.from({ length: workerCount }, () => {
    const worker = new Worker(`require(${JSON.stringify(bundle)}).check_files.serveScans()`, {
      eval: true,
      workerData: { settings },
      // A smaller young generation than the default: as fast here and 25-30 MB less resident (check DIR on the bench tree).
      resourceLimits: { maxYoungGenerationSizeMb: 24 },
    });
    const state = { worker, inFlight: 0 };
    worker.on("message", (answer: Answer) => {
      state.inFlight--;
      const slots = batches.get(answer.id)!;
      batches.delete(answer.id);
      answer.outcomes.forEach((outcome, i) => (slots[i]!.outcome = outcome));
      wake?.();
    });
    worker.on("error", (error) => {
      failure ??= error;
      wake?.();
    });
    return state;
  });
  let exhausted = false;
  let pending: Array<Slot & { kind: "file" }> = [];
  const send = () => {
    const target = workers.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
    const id = nextId++;
    batches.set(id, pending);
    target.inFlight++;
    const batch: Batch = { id, candidates: pending.map((slot) => slot.candidate) };
    target.worker.postMessage(batch);
    pending = [];
  };
  /** The walk's next event, queued in order: its file's slot, null for a skip or an error, undefined at the end. */
  const advance = (): (Slot & { kind: "file" }) | null | undefined => {
    const event = head.shift() ?? pull();
    if (event === null) {
      exhausted = true;
      return undefined;
    }
    if (event.kind === "candidate") {
      const slot = { kind: "file" as const, candidate: event.candidate, outcome: null };
      queue.push(slot);
      return slot;
    }
    queue.push(event);
    if (event.kind === "error") exhausted = true;
    return null;
  };
  /** Walks on until every worker has its batches (or the walk ends). */
  const fill = () => {
    while (!exhausted && workers.some((w) => w.inFlight < BATCHES_PER_WORKER)) {
      const slot = advance();
      if (slot === undefined) break;
      if (slot === null) continue;
      pending.push(slot);
      if (pending.length >= BATCH_FILES) send();
    }
    if (exhausted && pending.length > 0) send();
  };
  /** The next files of the walk (those fill() held back first), for the main thread to read itself. */
  const takeOwn = (): Array<Slot & { kind: "file" }> => {
    const own = pending;
    pending = [];
    while (!exhausted && own.length < BATCH_FILES && queue.length < MAX_QUEUED) {
      const slot = advance();
      if (slot === undefined) break;
      if (slot !== null) own.push(slot);
    }
    return own;
  };
  try {
    for (;;) {
      fill();
      while (queue.length > 0) {
        const slot = queue[0]!;
        if (slot.kind === "file" && slot.outcome === null) break;
        queue.shift();
        if (slot.kind === "error") throw slot.error;
        if (slot.kind === "skip") {
          yield slot;
          continue;
        }
        const outcome = slot.outcome!;
        if ("crash" in outcome) throw new Error(outcome.crash);
        yield { kind: "outcome", candidate: slot.candidate, outcome };
      }
      if (queue.length === 0 && exhausted) return;
      if (failure !== null) throw failure;
      if (queue.length > 0 && queue[0]!.kind === "file" && (queue[0] as { outcome: unknown }).outcome === null) {
        const own = takeOwn();
        if (own.length > 0) {
          // Read here, as a worker reads them ...
          for (const slot of own) slot.outcome = scanOrCrash(slot.candidate, settings);
          // ... then let the workers' answers in before the next round.
          await new Promise<void>((resolve) => setImmediate(resolve));
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    }
  } finally {
    for (const { worker } of workers) void worker.terminate();
  }
}

/** A file's outcome, or what went wrong reading it: thrown when its turn comes, after the files before it. */
function scanOrCrash(candidate: Candidate, settings: ScanSettings): FileOutcome | Crash {
  try {
    return scanFile(candidate, settings);
  } catch (error) {
    return { crash: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** A worker's side: batches of candidates in, their outcomes out (see scanInOrder). */
export function serveScans(): void {
  const port = parentPort;
  if (port === null) throw new Error("serveScans runs in a worker thread");
  const { settings } = workerData as { settings: ScanSettings };
  port.on("message", (batch: Batch) => {
    const outcomes = batch.candidates.map((candidate) => scanOrCrash(candidate, settings));
    const answer: Answer = { id: batch.id, outcomes };
    port.postMessage(answer);
  });
}
