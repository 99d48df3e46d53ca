import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker, parentPort, workerData } from "node:worker_threads";
import type { Candidate, DiscoverySkip } from "./discover.js";
import { type FileOutcome, type ScanSettings, emptyOutcome, scanFile } from "./scan-file.js";

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
 *
 * One file can never end the scan (issue 38, item 2). The readers bound what they read
 * (depth, keys, documents, aliases: src/config/read), and behind them each worker runs
 * under a heap limit and each file under a time budget (FileBudget): a worker that runs out
 * of memory, or spends longer than the budget on one file, is ended and replaced, the file
 * it was reading (each worker says which file it starts) is reported as skipped ("not
 * read: …"), and the files it had not answered yet are read again by the others. So that
 * the main thread, which nothing can interrupt, never reads such a file, it reads only
 * files below ISOLATE_BYTES; larger ones go to a worker even when there are too few files
 * for a pool (one worker, started for the first of them).
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
/** Files this large or larger are read on a worker, never on the main thread (see above). */
export const ISOLATE_BYTES = 64 * 1024;

/** What one file may cost a worker: its time, and the worker's old-generation heap. */
export interface FileBudget {
  readonly ms: number;
  readonly heapMb: number;
}
/** Ten seconds for one file (the slowest real file read takes well under one), 512 MB of heap per worker. */
export const FILE_BUDGET: FileBudget = { ms: 10_000, heapMb: 512 };

type Crash = { readonly crash: string };
interface Batch {
  readonly id: number;
  readonly candidates: readonly Candidate[];
}
interface Answer {
  readonly id: number;
  readonly outcomes: ReadonlyArray<FileOutcome | Crash>;
}
/** A worker's word that it starts reading the file at `index` of batch `id`. */
interface Started {
  readonly id: number;
  readonly started: number;
}

/** The bundle this code runs from (dist/files.cjs), or null when running from the sources. */
function bundlePath(): string | null {
  return typeof __filename === "string" && __filename.endsWith(".cjs") ? __filename : null;
}

/**
 * Each walk event in order, a candidate as its outcome. `inline` reads a candidate on
 * this thread (standard input among them); errors the walk throws come out in their place.
 */
export async function* scanInOrder(
  walk: Iterator<WalkEvent>,
  settings: ScanSettings,
  inline: (candidate: Candidate) => Promise<FileOutcome>,
  pool: boolean,
  budget: FileBudget = FILE_BUDGET,
): AsyncGenerator<ScanEvent> {
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
      yield* pooled(bundle, threads - 1, head, pull, settings, budget);
      return;
    }
  }
  // Few files: each on this thread, but a large one on a worker of its own (kept for the next).
  let isolation: Isolation | null = null;
  try {
    for (let event = head.shift() ?? pull(); event !== null && event !== undefined; event = head.shift() ?? pull()) {
      if (event.kind === "error") throw event.error;
      if (event.kind === "skip") yield event;
      else if (pool && bundle !== null && !fitsMainThread(event.candidate)) {
        isolation ??= new Isolation(bundle, settings, budget);
        yield { kind: "outcome", candidate: event.candidate, outcome: await isolation.scan(event.candidate) };
      } else yield { kind: "outcome", candidate: event.candidate, outcome: await inline(event.candidate) };
    }
  } finally {
    isolation?.close();
  }
}

/** Whether a file is small enough for the main thread (a file that cannot be looked at is: reading it reports why). */
function fitsMainThread(candidate: Candidate): boolean {
  try {
    return statSync(candidate.path).size < ISOLATE_BYTES;
  } catch {
    return true;
  }
}

/** A file a worker gave up on: a skip in its place, the scan goes on. */
export function notRead(candidate: Candidate, why: string): FileOutcome {
  return emptyOutcome({ scanned: false, skips: [{ file: candidate.name, line: null, column: null, reason: `not read: ${why}` }] });
}

const overTime = (budget: FileBudget) => `reading it took longer than ${budget.ms / 1000} s`;
const overMemory = (budget: FileBudget) => `reading it needed more than ${budget.heapMb} MB of memory`;

/**
 * One worker under the budget: batches in, answers out, and its death (out of memory,
 * over time, or any other end) reported once with the file it had started, if any.
 */
class ScanWorker {
  readonly worker: Worker;
  /** Batches sent and not answered, in the order sent. */
  readonly batches: Batch[] = [];
  /** The file being read: its batch, its index, since when. */
  current: { id: number; index: number; since: number } | null = null;
  private ended = false;

  constructor(
    bundle: string,
    settings: ScanSettings,
    private readonly budget: FileBudget,
    onAnswer: (worker: ScanWorker, answer: Answer) => void,
    private readonly onDeath: (worker: ScanWorker, why: string | null, error: unknown) => void,
  ) {
    this.worker = new Worker(`require(${JSON.stringify(bundle)}).check_files.serveScans()`, {
      eval: true,
      workerData: { settings },
      // A smaller young generation than the default: as fast here and 25-30 MB less resident (check DIR on the bench tree).
      resourceLimits: { maxYoungGenerationSizeMb: 24, maxOldGenerationSizeMb: budget.heapMb },
    });
    this.worker.on("message", (message: Answer | Started) => {
      if ("started" in message) {
        this.current = { id: message.id, index: message.started, since: Date.now() };
        return;
      }
      this.current = null;
      const at = this.batches.findIndex((batch) => batch.id === message.id);
      if (at !== -1) this.batches.splice(at, 1);
      onAnswer(this, message);
    });
    this.worker.on("error", (error: Error & { code?: string }) => this.die(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? overMemory(budget) : null, error));
    this.worker.on("exit", (code) => this.die(null, new Error(`a check worker ended (exit code ${code})`)));
  }

  send(batch: Batch): void {
    this.batches.push(batch);
    this.worker.postMessage(batch);
  }

  /** Ends the worker if its file has run past the budget. */
  watch(now: number): void {
    if (this.current !== null && now - this.current.since > this.budget.ms) this.die(overTime(this.budget), null);
  }

  private die(why: string | null, error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    void this.worker.terminate();
    this.onDeath(this, why, error);
  }

  close(): void {
    this.ended = true;
    void this.worker.terminate();
  }
}

/**
 * How often the workers' files are looked at against the budget: every 250 ms, or as often
 * as the budget if it is shorter, so that a file read faster than 250 ms but slower than a
 * short budget is still caught (a fast machine read the 2 MB test file inside one 250 ms look).
 */
const watchEvery = (budget: FileBudget) => Math.min(250, budget.ms);

/** A worker for the large files of a scan too small for a pool, started at the first and replaced when one ends it. */
class Isolation {
  private worker: ScanWorker | null = null;
  private nextId = 0;
  /** The file being read and what to do with its outcome. */
  private waiting: { candidate: Candidate; resolve: (outcome: FileOutcome) => void; reject: (error: unknown) => void } | null = null;

  constructor(
    private readonly bundle: string,
    private readonly settings: ScanSettings,
    private readonly budget: FileBudget,
  ) {}

  scan(candidate: Candidate): Promise<FileOutcome> {
    const worker = (this.worker ??= new ScanWorker(
      this.bundle,
      this.settings,
      this.budget,
      (_, answer) => this.settle((waiting) => settleAnswer(answer.outcomes[0]!, waiting.resolve, waiting.reject)),
      (dead, why, error) => {
        if (this.worker === dead) this.worker = null;
        this.settle((waiting) => (why !== null && dead.current !== null ? waiting.resolve(notRead(waiting.candidate, why)) : waiting.reject(error)));
      },
    ));
    return new Promise<FileOutcome>((resolve, reject) => {
      const timer = setInterval(() => worker.watch(Date.now()), watchEvery(this.budget));
      this.waiting = {
        candidate,
        resolve: (outcome) => (clearInterval(timer), resolve(outcome)),
        reject: (error) => (clearInterval(timer), reject(error)),
      };
      worker.send({ id: this.nextId++, candidates: [candidate] });
    });
  }

  private settle(how: (waiting: NonNullable<Isolation["waiting"]>) => void): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting !== null) how(waiting);
  }

  close(): void {
    this.worker?.close();
  }
}

function settleAnswer(outcome: FileOutcome | Crash, resolve: (outcome: FileOutcome) => void, reject: (error: unknown) => void): void {
  if ("crash" in outcome) reject(new Error(outcome.crash));
  else resolve(outcome);
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
  budget: FileBudget,
): AsyncGenerator<ScanEvent> {
  const queue: Slot[] = [];
  const batches = new Map<number, Array<Slot & { kind: "file" }>>();
  let nextId = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const answered = (_: ScanWorker, answer: Answer) => {
    const slots = batches.get(answer.id)!;
    batches.delete(answer.id);
    answer.outcomes.forEach((outcome, i) => (slots[i]!.outcome = outcome));
    wake?.();
  };
  /** A worker ended: the file it was reading is not read, the rest of its batches go to the others (and its replacement). */
  const died = (dead: ScanWorker, why: string | null, error: unknown) => {
    workers[workers.indexOf(dead)] = start();
    const current = dead.current;
    if (why === null || current === null) failure ??= error instanceof Error ? error : new Error(String(error));
    else {
      for (const batch of dead.batches) {
        const slots = batches.get(batch.id)!;
        batches.delete(batch.id);
        const again = slots.filter((slot, index) => {
          if (batch.id !== current.id || index !== current.index) return true;
          slot.outcome = notRead(slot.candidate, why);
          return false;
        });
        for (const slot of again) {
          pending.push(slot);
          if (pending.length >= BATCH_FILES) send();
        }
      }
      if (pending.length > 0) send();
    }
    wake?.();
  };
  const start = () => new ScanWorker(bundle, settings, budget, answered, died);
  const workers = Array.from({ length: workerCount }, start);
  const watchdog = setInterval(() => {
    const now = Date.now();
    for (const worker of [...workers]) worker.watch(now);
  }, watchEvery(budget));
  let exhausted = false;
  let pending: Array<Slot & { kind: "file" }> = [];
  const send = () => {
    const target = workers.reduce((a, b) => (b.batches.length < a.batches.length ? b : a));
    const id = nextId++;
    batches.set(id, pending);
    target.send({ id, candidates: pending.map((slot) => slot.candidate) });
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
    while (!exhausted && workers.some((w) => w.batches.length < BATCHES_PER_WORKER)) {
      const slot = advance();
      if (slot === undefined) break;
      if (slot === null) continue;
      pending.push(slot);
      if (pending.length >= BATCH_FILES) send();
    }
    if (exhausted && pending.length > 0) send();
  };
  /** The next files of the walk (those fill() held back first), for the main thread to read itself; a large one goes to the workers. */
  const takeOwn = (): Array<Slot & { kind: "file" }> => {
    const own: Array<Slot & { kind: "file" }> = [];
    const held = pending;
    pending = [];
    const take = (slot: Slot & { kind: "file" }) => {
      if (fitsMainThread(slot.candidate)) own.push(slot);
      else pending.push(slot);
    };
    held.forEach(take);
    while (!exhausted && own.length < BATCH_FILES && queue.length < MAX_QUEUED) {
      const slot = advance();
      if (slot === undefined) break;
      if (slot !== null) take(slot);
    }
    if (pending.length > 0) send();
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
    clearInterval(watchdog);
    for (const worker of workers) worker.close();
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
    const outcomes = batch.candidates.map((candidate, index) => {
      const started: Started = { id: batch.id, started: index };
      port.postMessage(started);
      return scanOrCrash(candidate, settings);
    });
    const answer: Answer = { id: batch.id, outcomes };
    port.postMessage(answer);
  });
}
