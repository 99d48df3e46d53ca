/**
 * Polly's "decorrelated jitter V2" (Polly.Contrib.WaitAndRetry's DecorrelatedJitterBackoffV2,
 * copied by cockatiel): t = (a − 1) + r, f(t) = exponent^t × tanh(√(4t)),
 * wait = g(f(t) − f(t_previous)). The wait depends on this draw and the previous one
 * only, so exact bounds come from the extreme draws.
 *
 * Not AWS's "decorrelated jitter" (min(cap, uniform(base, previous × 3))), which is the
 * calculator's own --jitter decorrelated: see src/core/jitter/decorrelated.ts.
 */
import type { DelayBounds, RandomSource } from "../../core/model.js";
import { firstTrueBetween } from "../../core/search.js";
import type { PresetModel } from "../types.js";
import { meanWithin } from "./attempt-delay.js";
import { saturate, wholeMs } from "./whole-ms.js";

const P_FACTOR = 4.0;

/** The schedule's total bounds add each attempt's extremes, which no single history reaches together. */
export const POLLY_V2_TOTALS_NOTE =
  "Decorrelated waits telescope (their uncapped sum is f(t_last) × scale), so the total range shown, the sum of each attempt's extremes, is wider than any single run.";
/** The mean is integrated on this many midpoints per draw when the cap may bite. */
const GRID = 64;
const SIMPSON_PANELS = 256;

export interface PollyV2DecorrelatedSpec {
  readonly exponent: number;
  /** The library's largest Math.random() value, and a draw on its grid. */
  readonly randomMax: number;
  readonly draw: (random: RandomSource) => number;
  /** The wait in (fractional) ms from next and prev, exactly as the library computes it (cap included). */
  readonly finish: (next: number, prev: number) => number;
  /** The cap applied by `finish`, in fractional ms. */
  readonly capMs: number;
}

export interface PollyV2Decorrelated {
  /** f(t) as the library computes it. */
  readonly f: (t: number) => number;
  readonly bounds: (attempt: number) => DelayBounds;
  readonly mean: (attempt: number) => number;
  readonly sampler: (random: RandomSource) => (attempt: number) => number;
  /** The first attempt from which every wait is the cap (f overflows); null if beyond 2^20. */
  readonly steadyFrom: number | null;
  /** The wait with every draw at 0 (t = a − 1): the formula without its jitter. */
  readonly jitterFree: (attempt: number) => number;
}

export function pollyV2Decorrelated(spec: PollyV2DecorrelatedSpec): PollyV2Decorrelated {
  const { exponent, randomMax, finish, capMs } = spec;
  const f = (t: number) => Math.pow(exponent, t) * Math.tanh(Math.sqrt(P_FACTOR * t));
  // The state before attempt a is f((a − 2) + r_previous); before attempt 1 it is 0.
  const previous = (attempt: number, r: number) => (attempt === 1 ? 0 : f(attempt - 2 + r));
  const wait = (attempt: number, r: number, rPrevious: number) => finish(f(attempt - 1 + r), previous(attempt, rPrevious));
  const integral = (n: number) => {
    // ∫ₙⁿ⁺¹ f(t) dt by Simpson's rule.
    const h = 1 / SIMPSON_PANELS;
    let sum = f(n) + f(n + 1);
    for (let i = 1; i < SIMPSON_PANELS; i++) sum += (i % 2 === 1 ? 4 : 2) * f(n + i * h);
    return (sum * h) / 3;
  };
  // f overflows from some t on and stays infinite.
  const steadyFrom = firstTrueBetween(1, 1 << 20, (attempt) => !Number.isFinite(f(attempt - 1)));
  const means = new Map<number, number>();
  const mean = (attempt: number) => {
    // From the overflow on, every wait is the cap (finish of an infinite next).
    if (steadyFrom !== null && attempt >= steadyFrom) return finish(Infinity, 0);
    const known = means.get(attempt);
    if (known !== undefined) return known;
    let value: number;
    const highest = wait(attempt, randomMax, 0);
    if (highest < capMs && Number.isFinite(f(attempt))) {
      // The cap never bites: the mean is linear in f, so E[f(t)] − E[f(t_previous)] scaled like a wait.
      const scale = finish(1, 0);
      value = scale * (integral(attempt - 1) - (attempt === 1 ? 0 : integral(attempt - 2)));
    } else {
      let sum = 0;
      for (let i = 0; i < GRID; i++) for (let j = 0; j < GRID; j++) sum += wait(attempt, (i + 0.5) / GRID, (j + 0.5) / GRID);
      value = sum / (GRID * GRID);
    }
    means.set(attempt, value);
    return value;
  };
  return {
    f,
    bounds: (attempt) => ({ minMs: wholeMs(wait(attempt, 0, randomMax)), maxMs: wholeMs(wait(attempt, randomMax, 0)) }),
    mean,
    sampler: (random) => {
      let prev = 0;
      return (attempt) => {
        const next = f(attempt - 1 + spec.draw(random));
        const value = finish(next, prev);
        prev = next;
        return wholeMs(value);
      };
    },
    steadyFrom,
    jitterFree: (attempt) => (steadyFrom !== null && attempt >= steadyFrom ? finish(Infinity, 0) : wait(attempt, 0, 0)),
  };
}

/**
 * A library whose waits are Polly's decorrelated jitter V2, as a preset model: `delay_ms` is
 * the formula without its draw, every r at 0 (t = a − 1: f(a − 1) − f(a − 2) scaled and
 * capped, 0 at attempt 1 since f(0) = 0); bounds, mean and samples are the library's own.
 */
export function pollyV2PresetModel(
  model: PollyV2Decorrelated,
  rest: Pick<PresetModel, "capMs" | "retries" | "notes" | "parameters"> & { readonly capReachedAt: number | null },
): PresetModel {
  return {
    delay: (attempt) => {
      const plain = saturate(wholeMs(model.jitterFree(attempt)));
      return { rawMs: plain, delayMs: plain, clamped: false };
    },
    jittered: true,
    bounds: model.bounds,
    meanMs: (attempt) => meanWithin(model.mean(attempt), model.bounds(attempt)),
    sampler: model.sampler,
    capMs: rest.capMs,
    capReachedAt: () => rest.capReachedAt,
    steadyFrom: () => model.steadyFrom,
    mayExceedCap: false,
    retries: rest.retries,
    stop: null,
    notes: rest.notes,
    parameters: rest.parameters,
  };
}
