import type { RandomSource } from "../../model.js";

/**
 * How new requests arrive: `poisson` (independent arrivals, exponential gaps with mean
 * 1/rps: the usual model of many independent callers) or `uniform` (exactly 1/rps apart,
 * the first at t = 0: what hand-worked cases use).
 */
export type ArrivalProcess = "poisson" | "uniform";

/** The arrival times of new requests, one at a time, ascending. */
export class Arrivals {
  private readonly gapMs: number;
  private count = 0;
  private last = 0;

  constructor(
    rps: number,
    private readonly kind: ArrivalProcess,
    private readonly random: RandomSource,
  ) {
    this.gapMs = 1000 / rps;
  }

  /** The next request's arrival time (ms). Poisson draws one fraction per arrival. */
  next(): number {
    if (this.kind === "uniform") return this.count++ * this.gapMs;
    // 1 − U is in (0, 1], so the logarithm is finite.
    this.last += -Math.log(1 - this.random.fraction()) * this.gapMs;
    return this.last;
  }
}
