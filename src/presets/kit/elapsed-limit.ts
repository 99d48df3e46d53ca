/**
 * A library that stops by elapsed time (cenkalti's MaxElapsedTime, p-retry's
 * maxRetryTime): whether a retry happens depends on the waits drawn before it, so the
 * figures of a row are those of every run under the library's own rule. A retry that a
 * run never makes waits 0 in that run; no total passes the limit.
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
 * - "fits": a wait is at most min(high, limit − L(a−1)), and at least low while every
 *   run makes the retry (0 once one may have stopped). The total after a is at most
 *   min(H, limit); at least the smaller of L(a) and the lowest total of a run that
 *   stops after j < a retries, max(L(j), limit − high(j+1)) for j from the fewest on;
 * - "cut": every total is min(sum, limit), so the totals are min(L, limit) and
 *   min(H, limit); a wait is at most min(high, limit − L(a−1)), at least
 *   min(low, limit − H(a−1)) (0 once a run may have used all the time);
 * - "while": a wait is between low (0 once a run may have stopped) and high. The total after
 *   a is at most the largest min(H(j−1), limit) + high(j), j ≤ a (a run just within the limit
 *   then drawing high); at least the smaller of L(a) and, for a run that stops after
 *   j < a retries, max(L(j), limit + 1): its draws are whole units, every sum between L and
 *   H reachable, and a total past the limit is at least one unit past it.
 * The mean is integrated numerically: the distribution of elapsed time (uniform within
 * each of up to 4096 bins) is carried from one attempt to the next, each draw taken as
 * uniform between its extremes; the result is kept within the exact bounds.
 */
import type { DelayBounds, RandomSource } from "../../core/model.js";
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
  readonly most: number;
  /** The un-jittered run's wait at an attempt, in the library's unit (0 once it has stopped). */
  plainWait(attempt: number): number;
  /** Exact bounds of one attempt's wait over every run, in ms. */
  bounds(attempt: number): DelayBounds;
  /** The totals after attempts 1..attempt: the un-jittered run's and the bounds over every run, in ms. */
  totals(attempt: number): { cumulativeMs: number; minMs: number; maxMs: number };
  /** The expected wait (0 for a run that does not retry), in ms. */
  meanMs(attempt: number): number;
  /** One run: each wait in ms, null once the library has stopped. */
  client(random: RandomSource): (attempt: number) => number | null;
  /** One run's waits in ms, each rounded on its own (within its attempt's bounds); a retry not made waits 0. */
  sampler(random: RandomSource): (attempt: number) => number;
  /** One run with its total after each attempt (the library's sum, rounded once); a retry not made waits 0. */
  sampledRun(random: RandomSource): (attempt: number) => { waitMs: number; totalMs: number };
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
  const plainWait = (attempt: number) => {
    if (attempt > plainLast) return 0;
    return rule === "cut" ? Math.min(pl[attempt - 1]!, limit - P[attempt - 1]!) : pl[attempt - 1]!;
  };
  const boundsUnits = (attempt: number): { min: number; max: number } => {
    if (attempt > most) return { min: 0, max: 0 };
    if (rule === "while") return { min: attempt <= fewest ? lo[attempt - 1]! : 0, max: hi[attempt - 1]! };
    const max = Math.min(hi[attempt - 1]!, limit - L[attempt - 1]!);
    if (rule === "fits") return { min: attempt <= fewest ? lo[attempt - 1]! : 0, max };
    return { min: H[attempt - 1]! < limit ? Math.min(lo[attempt - 1]!, limit - H[attempt - 1]!) : 0, max };
  };
  const bounds = (attempt: number): DelayBounds => {
    const { min, max } = boundsUnits(attempt);
    return { minMs: toMs(min), maxMs: toMs(max) };
  };
  const totals = (attempt: number) => {
    const k = at(attempt);
    const plain = P[Math.min(attempt, plainLast)]!;
    if (rule === "while") return { cumulativeMs: toMs(plain), minMs: toMs(cumMin[k]!), maxMs: toMs(cumMax[k]!) };
    if (rule === "fits") return { cumulativeMs: toMs(plain), minMs: toMs(cumMin[k]!), maxMs: toMs(Math.min(H[k]!, limit)) };
    return { cumulativeMs: toMs(Math.min(plain, limit)), minMs: toMs(Math.min(L[k]!, limit)), maxMs: toMs(Math.min(H[k]!, limit)) };
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
    if (means === null) return toMs(plainWait(attempt));
    const { minMs, maxMs } = bounds(attempt);
    // While every run makes this retry in full the rule changes nothing: the draw's own mean. ("cut" may
    // shorten a retry every run makes: only while even the all-high run stays within the limit.)
    const untouched = rule === "cut" ? H[attempt]! <= limit : attempt <= fewest;
    if (spec.mean && untouched) return Math.min(Math.max(spec.mean(attempt), minMs), maxMs);
    // The numeric mean, in ms, kept within the exact bounds.
    const mean = means(attempt) / spec.unitsPerMs;
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
  // A simulated client's clock adds whole-ms waits: each is the step of the rounded total, so its time is the library's.
  const client = (random: RandomSource) => {
    const next = run(random);
    let reported = 0;
    return (attempt: number): number | null => {
      const { wait, elapsed } = next(attempt);
      if (wait === null) return null;
      const step = toMs(elapsed) - reported;
      reported += step;
      return step;
    };
  };
  const sampler = (random: RandomSource) => {
    const next = run(random);
    return (attempt: number) => {
      const { wait } = next(attempt);
      return wait === null ? 0 : toMs(wait);
    };
  };
  const sampledRun = (random: RandomSource) => {
    const next = run(random);
    return (attempt: number) => {
      const { wait, elapsed } = next(attempt);
      return { waitMs: wait === null ? 0 : toMs(wait), totalMs: toMs(elapsed) };
    };
  };

  return { fewest, plainLast, most, plainWait, bounds, totals, meanMs, client, sampler, sampledRun };
}

/**
 * The expected wait of each attempt (in the library's unit), integrated over the
 * distribution of elapsed time; computed on demand, attempt after attempt.
 */
function elapsedMeans(rule: ElapsedRule, limit: number, most: number, lo: readonly number[], hi: readonly number[]): (attempt: number) => number {
  const bins = Math.max(64, Math.min(MAX_BINS, Math.floor(MEAN_BUDGET / Math.max(most, 1))));
  const width = limit / bins;
  const computed: number[] = [];
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

  const step = () => {
    const k = computed.length; // the attempt is k + 1
    const a = lo[k]!;
    const b = hi[k]!;
    if (alive === null) {
      computed.push(expected(0, a, b));
      alive = spread(a / width, b / width, bins);
      return;
    }
    let mean = 0;
    for (let i = 0; i < bins; i++) if (alive[i]! > 0) mean += alive[i]! * expected((i + 0.5) * width, a, b);
    computed.push(mean);
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
    readonly overrun?: boolean;
  },
): PresetStop | null {
  if (spec.retries !== null && limit.fewest >= spec.retries) return null;
  const { rule } = spec;
  const overrun = spec.overrun === true;
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
        : `${rule}: without ${spec.jitterName} ${lastRetried(limit.plainLast)}; with it, from ${limit.fewest} (every draw high) to ${limit.most} (every draw low), and every total, bound and mean here covers every run${overrun ? "" : ", none past the limit"}.`,
  };
}

/** The parts of a preset's model that follow the library's rule over every run. */
export function elapsedModelParts(limit: ElapsedLimit): Pick<PresetModel, "bounds" | "meanMs" | "sampler" | "client" | "totals" | "sampledRun"> {
  return {
    bounds: limit.bounds,
    meanMs: limit.meanMs,
    sampler: limit.sampler,
    client: limit.client,
    totals: limit.totals,
    sampledRun: limit.sampledRun,
  };
}
