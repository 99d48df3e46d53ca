import type { JitterPlan } from "./jitter/index.js";
import { draw } from "./jitter/uniform.js";
import { SATURATED_MS } from "./limits.js";
import type { RandomSource } from "./model.js";

/**
 * The herd view: a cohort of clients fails together (at t = 0, or spread uniformly over
 * a period) and every client retries by the same policy until its attempts run out or a
 * retry succeeds. Everything is whole milliseconds and typed arrays (one Float64Array of
 * fire times per attempt, no object per event), so a million clients × 10 attempts is a
 * few seconds on one core, and the cost grows linearly with clients × attempts (plus the
 * sorts, n log n).
 */
export interface Cohort {
  /** How many clients fail together (at least 1). */
  readonly clients: number;
  /** Each client's first failure is a uniform whole millisecond in [0, spreadMs]; 0 = all at t = 0. */
  readonly spreadMs: number;
  /** The chance that a retry succeeds (the client is then done), in [0, 1]. */
  readonly success: number;
  /** The sliding window that peak load is counted in (ms, > 0). */
  readonly windowMs: number;
  /** Retries per client at most: attempts 1..attempts (each failure is followed by a delay and a retry). */
  readonly attempts: number;
}

/**
 * The random numbers a simulation draws, one stream per purpose, so that two runs with
 * the same seed and different jitter share the same cohort (same start times, same
 * successes) and differ only in their delays.
 */
export interface CohortRandom {
  readonly start: RandomSource;
  readonly delay: RandomSource;
  readonly success: RandomSource;
}

/** One attempt across the cohort: the retries it fires and when they land. */
export interface AttemptLoad {
  readonly attempt: number;
  /** Clients that fire this retry (those not done yet). */
  readonly clients: number;
  /** Fire times since t = 0: earliest, median, 95th percentile (nearest rank), latest. */
  readonly earliestMs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly latestMs: number;
  /** The most of this attempt's retries inside any window of windowMs. */
  readonly peakLoad: number;
}

export interface CohortResult {
  readonly attempts: readonly AttemptLoad[];
  /** Every call: the cohort's first calls plus every retry. */
  readonly calls: number;
  readonly retries: number;
  /** The most retries (of any attempt) inside any window of windowMs. */
  readonly peakLoad: number;
  /** When the last client is done: its last retry (or its first call, with no retry). */
  readonly completionMs: number;
  /** Every retry's fire time, sorted ascending (for loadHistogram); empty unless asked for. */
  readonly retryTimes: Float64Array;
  /** Per attempt, the distinct fire times and how many retries fire at each (what a run keeps); empty unless asked for. */
  readonly retryCounts: readonly TimeCounts[];
}

/** Distinct times, ascending, and how many events fall on each: a sorted array run-length encoded. */
export interface TimeCounts {
  readonly times: Float64Array;
  readonly counts: Uint32Array;
}

/**
 * A sorted array as distinct times and counts. Fire times are whole milliseconds, so a
 * cohort's retries of one attempt fall on at most as many distinct times as the span of
 * milliseconds they cover: without jitter on one, under a 30 s cap on at most 30,000 per
 * attempt, however many clients. This is what a run keeps (see simulateCohort).
 */
export function timeCounts(sorted: Float64Array): TimeCounts {
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  const times = new Float64Array(distinct);
  const counts = new Uint32Array(distinct);
  let k = -1;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) times[++k] = sorted[i]!;
    counts[k]!++;
  }
  return { times, counts };
}

/**
 * Walks several TimeCounts in ascending time together (a k-way merge with a binary heap),
 * without building the merged array: next() returns the index of the list whose current
 * entry is the earliest, or −1 when all are done; advance(list) moves that list on.
 */
class MergedWalk {
  private readonly heap: number[] = [];
  private readonly position: Int32Array;

  constructor(private readonly lists: readonly TimeCounts[]) {
    this.position = new Int32Array(lists.length);
    lists.forEach((list, i) => {
      if (list.times.length > 0) this.push(i);
    });
  }

  private time(list: number): number {
    return this.lists[list]!.times[this.position[list]!]!;
  }

  private push(list: number): void {
    const heap = this.heap;
    heap.push(list);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (this.time(heap[parent]!) <= this.time(heap[i]!)) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  /** The earliest entry: its time and count, or null when every list is done. */
  peek(): { time: number; count: number } | null {
    if (this.heap.length === 0) return null;
    const list = this.heap[0]!;
    return { time: this.time(list), count: this.lists[list]!.counts[this.position[list]!]! };
  }

  /** Moves past the earliest entry. */
  advance(): void {
    const heap = this.heap;
    const list = heap[0]!;
    this.position[list]!++;
    if (this.position[list]! >= this.lists[list]!.times.length) {
      const last = heap.pop()!;
      if (heap.length === 0) return;
      heap[0] = last;
    }
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && this.time(heap[left]!) < this.time(heap[smallest]!)) smallest = left;
      if (right < heap.length && this.time(heap[right]!) < this.time(heap[smallest]!)) smallest = right;
      if (smallest === i) return;
      [heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
      i = smallest;
    }
  }
}

/**
 * peakLoad over the union of several TimeCounts, without merging them into one array: two
 * merged walks, the window's leading and trailing edges (the same window as peakLoad).
 */
export function peakLoadOfCounts(lists: readonly TimeCounts[], windowMs: number): number {
  const lead = new MergedWalk(lists);
  const trail = new MergedWalk(lists);
  let inside = 0;
  let peak = 0;
  for (let entry = lead.peek(); entry !== null; entry = lead.peek()) {
    inside += entry.count;
    for (let old = trail.peek(); old !== null && old.time <= entry.time - windowMs; old = trail.peek()) {
      inside -= old.count;
      trail.advance();
    }
    if (inside > peak) peak = inside;
    lead.advance();
  }
  return peak;
}

/** loadHistogram of the union of several TimeCounts (no merged array). */
export function loadHistogramOfCounts(lists: readonly TimeCounts[], windowMs: number, startMs = 0, maxBuckets = 10_000_000): Uint32Array {
  if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${String(windowMs)}`);
  const last = lastTime(lists);
  if (last === null) return new Uint32Array(0);
  const buckets = Math.floor((last - startMs) / windowMs) + 1;
  if (!(buckets <= maxBuckets)) throw new RangeError(`the histogram would need ${buckets} buckets, more than ${maxBuckets}`);
  const histogram = new Uint32Array(buckets);
  for (const { times, counts } of lists) {
    for (let i = 0; i < times.length; i++) {
      if (times[i]! < startMs) throw new RangeError(`an event at ${times[i]} ms is before the histogram's start ${startMs} ms`);
      histogram[Math.floor((times[i]! - startMs) / windowMs)]! += counts[i]!;
    }
  }
  return histogram;
}

/** The latest time in several TimeCounts, or null when they are all empty. */
export function lastTime(lists: readonly TimeCounts[]): number | null {
  let last: number | null = null;
  for (const { times } of lists) if (times.length > 0 && (last === null || times[times.length - 1]! > last)) last = times[times.length - 1]!;
  return last;
}

/** Nearest-rank percentile of an ascending array: the value at rank ⌈q·n⌉. */
export function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1]!;
}

/**
 * The most events inside any window [t, t + windowMs) of an ascending array: a two-pointer
 * sweep (the busiest window can always be taken to start at an event).
 */
export function peakLoad(sorted: Float64Array, windowMs: number): number {
  let peak = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    const t = sorted[end]!;
    while (sorted[start]! <= t - windowMs) start++;
    const count = end - start + 1;
    if (count > peak) peak = count;
  }
  return peak;
}

/**
 * Events per window-sized bucket [startMs + k·windowMs, startMs + (k+1)·windowMs), from
 * an ascending array: the load over time, ready to chart. Refuses more than maxBuckets
 * buckets (a long, uncapped run with a tiny window).
 */
export function loadHistogram(sorted: Float64Array, windowMs: number, startMs = 0, maxBuckets = 10_000_000): Uint32Array {
  if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${String(windowMs)}`);
  if (sorted.length === 0) return new Uint32Array(0);
  const last = sorted[sorted.length - 1]!;
  if (sorted[0]! < startMs) throw new RangeError(`an event at ${sorted[0]} ms is before the histogram's start ${startMs} ms`);
  const buckets = Math.floor((last - startMs) / windowMs) + 1;
  if (!(buckets <= maxBuckets)) throw new RangeError(`the histogram would need ${buckets} buckets, more than ${maxBuckets}`);
  const counts = new Uint32Array(buckets);
  for (let i = 0; i < sorted.length; i++) counts[Math.floor((sorted[i]! - startMs) / windowMs)]!++;
  return counts;
}

/**
 * Histograms of several runs (say jittered and un-jittered, each run with keepRetryTimes)
 * over the same buckets, padded to the same length, so they can be drawn on one chart.
 * Retries only: the first calls are the same in every run of a cohort.
 */
export function loadHistograms(runs: readonly CohortResult[], windowMs: number, maxBuckets = 10_000_000): Uint32Array[] {
  const histograms = runs.map((run) => loadHistogram(run.retryTimes, windowMs, 0, maxBuckets));
  const length = Math.max(0, ...histograms.map((h) => h.length));
  return histograms.map((h) => {
    if (h.length === length) return h;
    const padded = new Uint32Array(length);
    padded.set(h);
    return padded;
  });
}

/** Merges ascending arrays into one ascending array (pairwise, so log2(k) passes). */
export function mergeSorted(parts: readonly Float64Array[]): Float64Array {
  if (parts.length === 0) return new Float64Array(0);
  let level = [...parts];
  while (level.length > 1) {
    const next: Float64Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const a = level[i]!;
      const b = level[i + 1];
      if (b === undefined) {
        next.push(a);
        continue;
      }
      const out = new Float64Array(a.length + b.length);
      let x = 0;
      let y = 0;
      let k = 0;
      while (x < a.length && y < b.length) out[k++] = a[x]! <= b[y]! ? a[x++]! : b[y++]!;
      while (x < a.length) out[k++] = a[x++]!;
      while (y < b.length) out[k++] = b[y++]!;
      next.push(out);
    }
    level = next;
  }
  return level[0]!;
}

export function checkCohort(cohort: Cohort): void {
  if (!Number.isSafeInteger(cohort.clients) || cohort.clients < 1) throw new RangeError(`clients must be a whole number from 1, got ${cohort.clients}`);
  if (!Number.isSafeInteger(cohort.attempts) || cohort.attempts < 1) throw new RangeError(`attempts must be a whole number from 1, got ${cohort.attempts}`);
  if (!(cohort.spreadMs >= 0 && Number.isFinite(cohort.spreadMs))) throw new RangeError(`spreadMs must be 0 or more, got ${cohort.spreadMs}`);
  if (!(cohort.success >= 0 && cohort.success <= 1)) throw new RangeError(`success must be in [0, 1], got ${cohort.success}`);
  if (!(cohort.windowMs > 0 && Number.isFinite(cohort.windowMs))) throw new RangeError(`windowMs must be positive, got ${cohort.windowMs}`);
}

/**
 * Runs the cohort. Order of draws (what a seed reproduces): every client's start, in
 * client order, from `random.start`; then per attempt, in client order among those not
 * done, one delay from `random.delay` (none when the attempt's range has one value) and,
 * when 0 < success, one `fraction()` from `random.success` (success when it is < success).
 */
export function simulateCohort(plan: JitterPlan, cohort: Cohort, random: CohortRandom, options: CohortOptions = {}): CohortResult {
  checkCohort(cohort);
  const previous = plan.stateful ? new Float64Array(cohort.clients).fill(plan.firstPreviousMs) : null;
  let fixed: ReturnType<JitterPlan["range"]> | null = null;
  return runCohort(
    {
      begin: (attempt) => {
        fixed = plan.stateful ? null : plan.range(attempt, 0);
      },
      delay: (c, attempt) => {
        const range = fixed ?? plan.range(attempt, previous![c]!);
        // A top past 2^53 − 1 (rare) needs the exact draw; the common case stays inline.
        let delay = range.hiBeyond !== undefined ? draw(range, random.delay) : range.lo === range.hi ? range.lo : random.delay.integer(range.lo, range.hi);
        if (delay > range.ceiling) delay = range.ceiling;
        if (previous !== null) previous[c] = delay;
        return delay;
      },
    },
    cohort,
    random,
    options,
  );
}

/** What a run keeps beyond its figures (see CohortResult), and the most fire times it may keep. */
export interface CohortOptions {
  readonly keepRetryTimes?: boolean;
  readonly keepRetryCounts?: boolean;
  readonly maxKeptTimes?: number;
}

/**
 * One client's retries under a policy that carries its own state (a library preset):
 * each wait in order from attempt 1, null once the policy gives up.
 */
export type ClientRun = (attempt: number) => number | null;

/**
 * Runs the cohort with every client's delays from its own run (`client`, called once per
 * client, in client order, when it first retries). Order of draws: as simulateCohort,
 * each run drawing its delays from `random.delay`; a client whose run gives up draws
 * nothing more and fires no retry.
 */
export function simulateClients(client: (random: RandomSource) => ClientRun, cohort: Cohort, random: CohortRandom, options: CohortOptions = {}): CohortResult {
  checkCohort(cohort);
  const runs: (ClientRun | undefined)[] = new Array(cohort.clients);
  return runCohort({ begin: () => {}, delay: (c, attempt) => (runs[c] ??= client(random.delay))(attempt) }, cohort, random, options);
}

/** Where a cohort's delays come from: `begin` once per attempt, then `delay` per client still retrying (null: it gives up). */
interface CohortDelays {
  begin(attempt: number): void;
  delay(client: number, attempt: number): number | null;
}

function runCohort(delays: CohortDelays, cohort: Cohort, random: CohortRandom, options: CohortOptions): CohortResult {
  const maxKept = options.maxKeptTimes ?? Infinity;
  const n = cohort.clients;
  const time = new Float64Array(n);
  const spread = Math.floor(cohort.spreadMs);
  if (spread > 0) for (let c = 0; c < n; c++) time[c] = random.start.integer(0, spread);
  let alive = new Int32Array(n);
  for (let c = 0; c < n; c++) alive[c] = c;
  let aliveCount = n;
  let completion = 0;
  for (let c = 0; c < n; c++) if (time[c]! > completion) completion = time[c]!;
  const loads: AttemptLoad[] = [];
  const perAttempt: TimeCounts[] = [];
  let kept = 0;
  let retries = 0;
  let peak = 0;
  const { success } = cohort;
  for (let attempt = 1; attempt <= cohort.attempts && aliveCount > 0; attempt++) {
    let fire = new Float64Array(aliveCount);
    let fired = 0;
    delays.begin(attempt);
    let nextAlive = 0;
    for (let k = 0; k < aliveCount; k++) {
      const c = alive[k]!;
      const delay = delays.delay(c, attempt);
      // Its policy gave up: no retry, and the client is done.
      if (delay === null) continue;
      const t = Math.min(time[c]! + delay, SATURATED_MS);
      time[c] = t;
      fire[fired++] = t;
      const done = success > 0 && random.success.fraction() < success;
      if (!done) alive[nextAlive++] = c;
    }
    aliveCount = nextAlive;
    if (fired === 0) break;
    if (fired < fire.length) fire = fire.slice(0, fired);
    retries += fire.length;
    fire.sort();
    const attemptPeak = peakLoad(fire, cohort.windowMs);
    loads.push({
      attempt,
      clients: fire.length,
      earliestMs: fire[0]!,
      p50Ms: percentile(fire, 0.5),
      p95Ms: percentile(fire, 0.95),
      latestMs: fire[fire.length - 1]!,
      peakLoad: attemptPeak,
    });
    if (fire[fire.length - 1]! > completion) completion = fire[fire.length - 1]!;
    // Kept as distinct times and counts (the fire array itself is let go): see timeCounts.
    const counts = timeCounts(fire);
    kept += counts.times.length;
    if (kept > maxKept) throw new SimulationTooLargeError(kept, attempt);
    perAttempt.push(counts);
  }
  alive = new Int32Array(0);
  // Retries of different attempts can land in the same window, so the overall peak walks them merged.
  peak = peakLoadOfCounts(perAttempt, cohort.windowMs);
  return {
    attempts: loads,
    calls: n + retries,
    retries,
    peakLoad: peak,
    completionMs: completion,
    retryTimes: options.keepRetryTimes ? expand(perAttempt) : new Float64Array(0),
    retryCounts: options.keepRetryCounts ? perAttempt : [],
  };
}

/** Every retry's time, ascending: the merged array (for loadHistogram and callers that want it). */
function expand(lists: readonly TimeCounts[]): Float64Array {
  let total = 0;
  for (const { counts } of lists) for (let i = 0; i < counts.length; i++) total += counts[i]!;
  const out = new Float64Array(total);
  const walk = new MergedWalk(lists);
  let k = 0;
  for (let entry = walk.peek(); entry !== null; entry = walk.peek()) {
    out.fill(entry.time, k, k + entry.count);
    k += entry.count;
    walk.advance();
  }
  return out;
}

/**
 * A run whose retries fall on more distinct milliseconds than the caller allows to be kept
 * (maxKeptTimes): the memory a simulation takes is bounded by refusing it, not by running out.
 */
export class SimulationTooLargeError extends Error {
  override readonly name = "SimulationTooLargeError";
  constructor(
    readonly kept: number,
    readonly attempt: number,
  ) {
    super(`by attempt ${attempt} the retries fall on ${kept} distinct milliseconds, more than can be kept`);
  }
}
