/**
 * A library that stops by elapsed time (cenkalti's MaxElapsedTime, p-retry's
 * maxRetryTime): whether a retry happens depends on the waits drawn before it, so the
 * figures of a row are those of every run under the library's own rule: a wait's bounds and
 * mean are over the runs that make that retry (a run that has stopped makes no wait, and is
 * not counted as one of 0 ms), `runsStopped` says from which attempt some runs or all have
 * stopped, and the totals are over every run (a stopped run's total is where it stopped),
 * none past the limit.
 *
 * Two rules:
 * - "fits" (cenkalti NextBackOff): retry a happens when elapsed + its wait ≤ limit;
 *   otherwise the library stops (and never retries again).
 * - "cut" (p-retry onAttemptFailure): retry a happens while elapsed < limit, and its
 *   wait is cut to the time left, min(wait, limit − elapsed).
 * - "while" (sidekiq retry_for): retry a happens while elapsed ≤ limit, checked before
 *   the wait, and the wait is made in full, so the last one ends past the limit.
 * Elapsed is the waits so far (the calls themselves are taken to take no time).
 *
 * The draws are independent, each between `low(a)` and `high(a)`, so the extremes
 * come from the extreme runs. With L(a), H(a) and P(a) the sums of the lowest, highest
 * and un-jittered waits of attempts 1..a:
 * - the most retries: the last a that the all-low run makes; the fewest: the all-high
 *   run's; without jitter: the un-jittered run's (the rows end there);
 * - "fits": a wait is at most min(high, limit − L(a−1)), and at least low (the all-low run
 *   makes every retry up to the most). The total after a is at most
 *   min(H, limit); at least the smaller of L(a) and the lowest total of a run that
 *   stops after j < a retries, max(L(j), limit − high(j+1)) for j from the fewest on;
 * - "cut": every total is min(sum, limit), so the totals are min(L, limit) and
 *   min(H, limit); a wait is at most min(high, limit − L(a−1)), at least
 *   min(low, limit − H(a−1)), and at least one unit once a run may have used all the time
 *   (a run retries only while elapsed < limit, and elapsed is whole units);
 * - "while": a wait is between low and high (made in full). The total after
 *   a is at most the largest min(H(j−1), limit) + high(j), j ≤ a (a run just within the limit
 *   then drawing high); at least the smaller of L(a) and, for a run that stops after
 *   j < a retries, max(L(j), limit + 1): its draws are whole units, every sum between L and
 *   H reachable, and a total past the limit is at least one unit past it.
 * The mean is integrated numerically: the distribution of elapsed time (uniform within
 * each of up to 4096 bins) is carried from one attempt to the next, each draw taken as
 * uniform between its extremes, and the expected wait of the runs that retry divided by
 * their share; the result is kept within the exact bounds.
 *
 * Whole ms: every total is the library's own sum rounded once (half up), and each wait
 * shown is the step from the total before it to its own, so the delays add up to the
 * totals exactly. In a unit finer than a ms (cenkalti's ns) such a step is the wait's floor
 * or its ceiling in ms, whichever the elapsed time's fraction of a ms gives: from the
 * second attempt on, a wait's bounds are the floor of the lowest and the ceiling of the
 * highest (the first starts from 0, so it is the wait rounded).
 */
import type { DelayBounds, RandomSource, RunsStopped, ScheduleModel } from "../../core/model.js";
import { groupDigits } from "../../core/text/digits.js";
import type { PresetModel, PresetStop } from "../types.js";

export type ElapsedRule = "fits" | "cut" | "while";

/** Retries walked at most before the library is taken to retry without end. */
export const ELAPSED_WALK_LIMIT = 1 << 20;

export interface ElapsedLimitSpec {
  readonly rule: ElapsedRule;
  /** The limit, in the library's unit (ns for cenkalti, ms for p-retry). */
  readonly limit: number;
  /** The library's retry count as well, or null. */
  readonly retries: number | null;
  /** The un-jittered wait, and the lowest and highest draw, of one attempt, in the library's unit. */
  readonly plain: (attempt: number) => number;
  readonly low: (attempt: number) => number;
  readonly high: (attempt: number) => number;
  /** One draw as the library makes it, or null without jitter. */
  readonly draw: ((attempt: number, random: RandomSource) => number) | null;
  /** The exact mean of one draw in ms (rounding and clamps included), used while every run makes the retry. */
  readonly mean?: (attempt: number) => number;
  /** The library's unit to whole ms, as the preset reports it (monotone). */
  readonly toMs: (value: number) => number;
  /** The library's units in one ms (1e6 for ns). */
  readonly unitsPerMs: number;
  /** Thrown when some run makes more than ELAPSED_WALK_LIMIT retries. */
  readonly tooMany: () => Error;
}

export interface ElapsedLimit {
  readonly fewest: number;
  readonly plainLast: number;
  /** The most retries any run makes: the all-low run's, under the time limit and the retry count. */
  readonly most: number;
  /**
   * The most retries under the time limit alone, whatever the retry count (null: more than
   * ELAPSED_WALK_LIMIT): where the count ends runs first, it is more than `most`.
   */
  readonly limitMost: number | null;
  /** The un-jittered run's wait at an attempt in whole ms, as the step between its rounded totals (0 once it has stopped). */
  plainWaitMs(attempt: number): number;
  /** Whether some runs, or all, have stopped before making this retry. */
  runsStopped(attempt: number): RunsStopped;
  /** Bounds of one attempt's wait (whole ms, as shown) over the runs that make it; 0 once none does. */
  bounds(attempt: number): DelayBounds;
  /** The totals after attempts 1..attempt: the un-jittered run's and the bounds over every run, in ms. */
  totals(attempt: number): { cumulativeMs: number; minMs: number; maxMs: number };
  /** The expected wait of the runs that make this retry, in ms; 0 once none does. */
  meanMs(attempt: number): number;
  /** One run: each wait in whole ms (the step of its rounded total), null once the library has stopped. */
  client(random: RandomSource): (attempt: number) => number | null;
  /** As client, with 0 once the library has stopped (the ScheduleModel sampler). */
  sampler(random: RandomSource): (attempt: number) => number;
  /** One run with its total after each attempt (the library's sum, rounded once); the wait is null once it has stopped. */
  sampledRun(random: RandomSource): (attempt: number) => { waitMs: number | null; totalMs: number };
}

/** Bins the distribution of elapsed time is carried in, at most. */
const MAX_BINS = 4096;
/** Bins × attempts the mean may cost; long schedules get coarser bins. */
const MEAN_BUDGET = 2 ** 25;

export function elapsedLimit(spec: ElapsedLimitSpec): ElapsedLimit {
  const { rule, limit, retries, toMs } = spec;
  const jittered = spec.draw !== null;
  // Index a − 1 for per-attempt values, index a for sums (sums[0] = 0).
  const lo: number[] = [];
  const hi: number[] = [];
  const pl: number[] = [];
  const L: number[] = [0];
  const H: number[] = [0];
  const P: number[] = [0];
  let fewest = 0;
  let plainLast = 0;
  let most = 0;
  const happens = (sumBefore: number, wait: number) => (rule === "fits" ? sumBefore + wait <= limit : rule === "cut" ? sumBefore < limit : sumBefore <= limit);
  for (let attempt = 1; retries === null || attempt <= retries; attempt++) {
    const low = spec.low(attempt);
    if (!happens(L[attempt - 1]!, low)) break;
    if (attempt > ELAPSED_WALK_LIMIT) throw spec.tooMany();
    const high = spec.high(attempt);
    const plain = spec.plain(attempt);
    lo.push(low);
    hi.push(high);
    pl.push(plain);
    if (fewest === attempt - 1 && happens(H[attempt - 1]!, high)) fewest = attempt;
    if (plainLast === attempt - 1 && happens(P[attempt - 1]!, plain)) plainLast = attempt;
    L.push(L[attempt - 1]! + low);
    H.push(H[attempt - 1]! + high);
    P.push(P[attempt - 1]! + plain);
    most = attempt;
  }
  // Where the count ended the all-low run, the time limit alone would let it go on: walked on for the stop line.
  let limitMost: number | null = most;
  if (retries !== null && most === retries && happens(L[most]!, 0)) {
    let sum = L[most]!;
    for (let attempt = most + 1; ; attempt++) {
      if (attempt > ELAPSED_WALK_LIMIT) {
        limitMost = null;
        break;
      }
      const low = spec.low(attempt);
      if (!happens(sum, low)) {
        limitMost = attempt - 1;
        break;
      }
      sum += low;
    }
  }
  // "fits": the lowest total after a, over runs that stop after j < a retries too (see above).
  const cumMin: number[] = [0];
  // "while": the highest total after a (see above), as a running maximum.
  const cumMax: number[] = [0];
  if (rule === "while") {
    let stopped = Infinity;
    for (let attempt = 1; attempt <= most; attempt++) {
      const j = attempt - 1;
      if (j >= fewest) stopped = Math.min(stopped, Math.max(L[j]!, limit + 1));
      cumMin.push(Math.min(L[attempt]!, stopped));
      cumMax.push(Math.max(cumMax[j]!, Math.min(H[j]!, limit) + hi[j]!));
    }
  }
  if (rule === "fits") {
    let stopped = Infinity;
    for (let attempt = 1; attempt <= most; attempt++) {
      const j = attempt - 1;
      if (j >= fewest) stopped = Math.min(stopped, Math.max(L[j]!, limit - hi[j]!));
      cumMin.push(Math.min(L[attempt]!, stopped));
    }
  }
  const at = (attempt: number) => Math.min(attempt, most);
  // The un-jittered run's total after an attempt, in the library's unit ("cut" shortens its last wait).
  const plainTotal = (attempt: number) => {
    const sum = P[Math.min(attempt, plainLast)]!;
    return rule === "cut" ? Math.min(sum, limit) : sum;
  };
  // In whole ms or a coarser unit each wait converts exactly; in a finer one it is the step between rounded totals (see above).
  const stepped = spec.unitsPerMs > 1;
  const plainWaitMs = (attempt: number) => {
    if (attempt > plainLast) return 0;
    if (stepped) return toMs(plainTotal(attempt)) - toMs(plainTotal(attempt - 1));
    return toMs(rule === "cut" ? Math.min(pl[attempt - 1]!, limit - P[attempt - 1]!) : pl[attempt - 1]!);
  };
  const runsStopped = (attempt: number): RunsStopped => (attempt <= fewest ? "none" : attempt <= most ? "some" : "all");
  // Over the runs that make retry `attempt` (see the rules above).
  const boundsUnits = (attempt: number): { min: number; max: number } => {
    if (rule === "while") return { min: lo[attempt - 1]!, max: hi[attempt - 1]! };
    const max = Math.min(hi[attempt - 1]!, limit - L[attempt - 1]!);
    if (rule === "fits") return { min: lo[attempt - 1]!, max };
    return { min: Math.min(lo[attempt - 1]!, Math.max(limit - H[attempt - 1]!, 1)), max };
  };
  // A step between two rounded totals is a wait's floor or ceiling in ms (see above): exact in ms or coarser units.
  const floorMs = (units: number) => {
    const ms = toMs(units);
    return ms * spec.unitsPerMs > units ? ms - 1 : ms;
  };
  const ceilMs = (units: number) => {
    const ms = toMs(units);
    return ms * spec.unitsPerMs < units ? ms + 1 : ms;
  };
  const bounds = (attempt: number): DelayBounds => {
    if (attempt > most) return { minMs: 0, maxMs: 0 };
    if (!jittered) {
      const wait = plainWaitMs(attempt);
      return { minMs: wait, maxMs: wait };
    }
    const { min, max } = boundsUnits(attempt);
    if (attempt === 1 || !stepped) return { minMs: toMs(min), maxMs: toMs(max) };
    return { minMs: floorMs(min), maxMs: ceilMs(max) };
  };
  const totals = (attempt: number) => {
    const k = at(attempt);
    const cumulativeMs = toMs(plainTotal(attempt));
    if (rule === "while") return { cumulativeMs, minMs: toMs(cumMin[k]!), maxMs: toMs(cumMax[k]!) };
    if (rule === "fits") return { cumulativeMs, minMs: toMs(cumMin[k]!), maxMs: toMs(Math.min(H[k]!, limit)) };
    return { cumulativeMs, minMs: toMs(Math.min(L[k]!, limit)), maxMs: toMs(Math.min(H[k]!, limit)) };
  };

  // "while" draws whole units: each taken as uniform over its values ± half a unit, and a sum within the limit
  // as one below limit + ½ (a continuity correction; without it the chance of one more retry is biased low).
  const means = !jittered
    ? null
    : rule === "while"
      ? elapsedMeans(rule, limit + 0.5, most, lo.map((v) => v - 0.5), hi.map((v) => v + 0.5))
      : elapsedMeans(rule, limit, most, lo, hi);
  const meanMs = (attempt: number) => {
    if (attempt > most) return 0;
    if (means === null) return plainWaitMs(attempt);
    const { minMs, maxMs } = bounds(attempt);
    // While every run makes this retry in full the rule changes nothing: the draw's own mean. ("cut" may
    // shorten a retry every run makes: only while even the all-high run stays within the limit.)
    // "while" makes a retry's wait in full, drawn whatever came before: the runs that make it wait the draw's own mean.
    const untouched = rule === "cut" ? H[attempt]! <= limit : rule === "while" || attempt <= fewest;
    if (spec.mean && untouched) return Math.min(Math.max(spec.mean(attempt), minMs), maxMs);
    // The numeric mean over the runs that retry, in ms, kept within the exact bounds. Where the share of those
    // runs is too small to integrate (only runs near the all-low one get here), they wait about the lowest.
    const { expected, share } = means(attempt);
    const mean = share > 1e-12 ? expected / share / spec.unitsPerMs : minMs;
    return Math.min(Math.max(mean, minMs), maxMs);
  };

  /** One run in the library's unit: each wait (null once stopped) and the elapsed time after it. */
  const run = (random: RandomSource) => {
    let elapsed = 0;
    let stopped = false;
    return (attempt: number): { wait: number | null; elapsed: number } => {
      if (stopped || (retries !== null && attempt > retries)) return { wait: null, elapsed };
      const wait = spec.draw === null ? spec.plain(attempt) : spec.draw(attempt, random);
      if (rule === "fits" ? elapsed + wait > limit : rule === "cut" ? elapsed >= limit : elapsed > limit) {
        stopped = true;
        return { wait: null, elapsed };
      }
      const made = rule === "cut" ? Math.min(wait, limit - elapsed) : wait;
      elapsed += made;
      return { wait: made, elapsed };
    };
  };
  // Every wait in whole ms is the step of the rounded total (see above), so a run's waits add up to its total
  // and a simulated client's clock keeps the library's time.
  const sampledRun = (random: RandomSource) => {
    const next = run(random);
    let reported = 0;
    return (attempt: number): { waitMs: number | null; totalMs: number } => {
      const { wait, elapsed } = next(attempt);
      if (wait === null) return { waitMs: null, totalMs: reported };
      const total = toMs(elapsed);
      const step = stepped ? total - reported : toMs(wait);
      reported = total;
      return { waitMs: step, totalMs: total };
    };
  };
  const client = (random: RandomSource) => {
    const next = sampledRun(random);
    return (attempt: number) => next(attempt).waitMs;
  };
  const sampler = (random: RandomSource) => {
    const next = sampledRun(random);
    return (attempt: number) => next(attempt).waitMs ?? 0;
  };

  return { fewest, plainLast, most, limitMost, plainWaitMs, runsStopped, bounds, totals, meanMs, client, sampler, sampledRun };
}

/**
 * Of each attempt, integrated over the distribution of elapsed time (computed on demand,
 * attempt after attempt): the expected wait, 0 for a run that does not retry (in the
 * library's unit), and the share of the runs that retry.
 */
function elapsedMeans(
  rule: ElapsedRule,
  limit: number,
  most: number,
  lo: readonly number[],
  hi: readonly number[],
): (attempt: number) => { readonly expected: number; readonly share: number } {
  const bins = Math.max(64, Math.min(MAX_BINS, Math.floor(MEAN_BUDGET / Math.max(most, 1))));
  const width = limit / bins;
  const computed: { expected: number; share: number }[] = [];
  // The runs still retrying, by elapsed time: mass per bin, uniform within the bin. Null: all at 0.
  let alive: Float64Array | null = null;

  /** E[the wait, 0 if none] of one run at elapsed e, for a draw uniform on [a, b]. */
  const expected = (e: number, a: number, b: number) => {
    const r = limit - e;
    if (rule === "while") return r >= 0 ? (a + b) / 2 : 0;
    if (rule === "fits") {
      if (r < a) return 0;
      if (b - a <= 0) return a;
      const top = Math.min(b, r);
      return (top * top - a * a) / (2 * (b - a));
    }
    if (r <= 0) return 0;
    if (r >= b) return (a + b) / 2;
    if (r <= a || b - a <= 0) return Math.min(r, a);
    return ((r * r - a * a) / 2 + (b - r) * r) / (b - a);
  };
  /** The chance that one run at elapsed e retries, for a draw uniform on [a, b]. */
  const retries = (e: number, a: number, b: number) => {
    const r = limit - e;
    if (rule === "while") return r >= 0 ? 1 : 0;
    if (rule === "cut") return r > 0 ? 1 : 0;
    if (r < a) return 0;
    return b - a <= 0 ? 1 : Math.min(1, (r - a) / (b - a));
  };

  const step = () => {
    const k = computed.length; // the attempt is k + 1
    const a = lo[k]!;
    const b = hi[k]!;
    if (alive === null) {
      computed.push({ expected: expected(0, a, b), share: retries(0, a, b) });
      alive = spread(a / width, b / width, bins);
      return;
    }
    let mean = 0;
    let share = 0;
    for (let i = 0; i < bins; i++) {
      if (alive[i]! > 0) {
        mean += alive[i]! * expected((i + 0.5) * width, a, b);
        share += alive[i]! * retries((i + 0.5) * width, a, b);
      }
    }
    computed.push({ expected: mean, share });
    alive = convolve(alive, a / width, b / width);
  };

  return (attempt) => {
    while (computed.length < attempt) step();
    return computed[attempt - 1]!;
  };
}

/** Bins over [0, bins) of a uniform draw on [a, b] (bin units) starting from 0: the mass that stays below the limit. */
function spread(a: number, b: number, bins: number): Float64Array {
  const out = new Float64Array(bins);
  if (b - a <= 1e-9) {
    const i = Math.floor(a);
    if (i < bins) out[i] = 1;
    return out;
  }
  for (let i = Math.max(0, Math.floor(a)); i < bins && i < b; i++) {
    const overlap = Math.min(i + 1, b) - Math.max(i, a);
    if (overlap > 0) out[i] = overlap / (b - a);
  }
  return out;
}

/**
 * The bins of elapsed + a draw uniform on [a, b] (bin units), the density being uniform
 * within each bin: exact, through the second antiderivative of the distribution function.
 * Mass landing at or past the limit (the last bin's end) is dropped: those runs stop.
 */
function convolve(mass: Float64Array, a: number, b: number): Float64Array {
  const bins = mass.length;
  const F = new Float64Array(bins + 1);
  const Phi = new Float64Array(bins + 1);
  for (let i = 0; i < bins; i++) {
    F[i + 1] = F[i]! + mass[i]!;
    Phi[i + 1] = Phi[i]! + (F[i]! + F[i + 1]!) / 2;
  }
  const cdf = (x: number) => {
    if (x <= 0) return 0;
    if (x >= bins) return F[bins]!;
    const i = Math.floor(x);
    return F[i]! + mass[i]! * (x - i);
  };
  const integral = (x: number) => {
    if (x <= 0) return 0;
    if (x >= bins) return Phi[bins]! + F[bins]! * (x - bins);
    const i = Math.floor(x);
    const t = x - i;
    return Phi[i]! + F[i]! * t + (mass[i]! * t * t) / 2;
  };
  const out = new Float64Array(bins);
  const width = b - a;
  for (let j = 0; j < bins; j++) {
    const value =
      width <= 1e-9 ? cdf(j + 1 - a) - cdf(j - a) : (integral(j + 1 - a) - integral(j - a) - integral(j + 1 - b) + integral(j - b)) / width;
    out[j] = value > 0 ? value : 0;
  }
  return out;
}

/** The un-jittered run's last retry in words (a limit below the first wait allows none). */
function lastRetried(attempt: number): string {
  return attempt === 0 ? "no retry is made" : `attempt ${attempt} is the last one retried`;
}

/**
 * The summary's stop line for a library that stops by elapsed time, or null when its
 * retry count ends every run first (then no run meets the limit). `rule` is the library's
 * rule in its words; `jitterName` is what the library calls its jitter; `overrun` is set
 * for a rule checked before each wait (sidekiq's retry_for), whose last wait ends past the limit.
 */
export function elapsedStop(
  limit: ElapsedLimit,
  spec: {
    readonly limitText: string;
    readonly limitMs: number;
    readonly rule: string;
    readonly jitterName: string;
    readonly retries: number | null;
    /** The retry count's name in the header line ("MaxRetries", "retries"). */
    readonly retriesName?: string;
    readonly overrun?: boolean;
  },
): PresetStop | null {
  if (spec.retries !== null && limit.fewest >= spec.retries) return null;
  const { rule } = spec;
  const overrun = spec.overrun === true;
  // The all-low run's count under the time limit alone, and the retry count where it ends that run first.
  const lowest = limit.limitMost === null ? `more than ${groupDigits(ELAPSED_WALK_LIMIT)}` : String(limit.limitMost);
  const counted = limit.limitMost === limit.most ? "" : `, and ${spec.retriesName ?? "the retry count"} ${spec.retries} ends the runs still retrying at ${limit.most}`;
  return {
    limit: spec.limitText,
    limitMs: spec.limitMs,
    lastAttempt: limit.plainLast,
    fewest: limit.fewest,
    most: limit.most,
    ...(overrun ? { overrun } : {}),
    reason:
      limit.fewest === limit.most
        ? `${rule}: ${lastRetried(limit.plainLast)}${overrun ? ", whatever the " + spec.jitterName : ""}.`
        : `${rule}: without ${spec.jitterName} ${lastRetried(limit.plainLast)}; with it, from ${limit.fewest} (every draw high) to ${lowest} (every draw low)${counted}. ` +
          `A wait's range and mean are over the runs that make it; every total covers every run${overrun ? "" : ", none past the limit"}.`,
  };
}

/** The parts of a preset's model that follow the library's rule over every run. */
export function elapsedModelParts(limit: ElapsedLimit): Pick<PresetModel, "bounds" | "meanMs" | "sampler" | "client" | "totals" | "sampledRun" | "runsStopped"> {
  return {
    bounds: limit.bounds,
    runsStopped: limit.runsStopped,
    meanMs: limit.meanMs,
    sampler: limit.sampler,
    client: limit.client,
    totals: limit.totals,
    sampledRun: limit.sampledRun,
  };
}

/**
 * The waits as the library draws them before its limit cuts any run, for the deadline model
 * (PresetTimed.waits), which applies the limit itself with the tries' own time: each wait,
 * its lowest and highest draw in whole ms as `toMs` gives them (a finer unit rounded per
 * wait, so a sum may differ from the library's own by half a ms a wait), the mean of one
 * draw (the spec's, kept within the bounds; else the middle of the bounds).
 */
export function drawnWaits(spec: ElapsedLimitSpec, shape: { readonly capMs: number | null; readonly steadyFrom: number | null }): ScheduleModel {
  const { toMs } = spec;
  const jittered = spec.draw !== null;
  const plain = (attempt: number) => toMs(spec.plain(attempt));
  const bounds = (attempt: number): DelayBounds => {
    if (!jittered) return { minMs: plain(attempt), maxMs: plain(attempt) };
    return { minMs: toMs(spec.low(attempt)), maxMs: toMs(spec.high(attempt)) };
  };
  const mean = (attempt: number) => {
    if (!jittered) return plain(attempt);
    const { minMs, maxMs } = bounds(attempt);
    const value = spec.mean === undefined ? (minMs + maxMs) / 2 : spec.mean(attempt);
    return Math.min(maxMs, Math.max(minMs, value));
  };
  return {
    delay: (attempt) => ({ rawMs: plain(attempt), delayMs: plain(attempt), clamped: false }),
    jittered,
    bounds,
    meanMs: mean,
    sampler: (random) => (attempt) => (jittered ? toMs(spec.draw!(attempt, random)) : plain(attempt)),
    capMs: shape.capMs,
    capReachedAt: () => null,
    steadyFrom: () => shape.steadyFrom,
    mayExceedCap: false,
  };
}
