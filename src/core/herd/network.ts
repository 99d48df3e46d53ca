import type { RandomSource } from "../model.js";

/** A network's delay per message: |normal(mean, sd)| in ms, as the AWS experiment draws it. */
export interface NetworkModel {
  readonly meanMs: number;
  readonly sdMs: number;
}

/** The experiment's network: every message takes |normal(10 ms, sd 2 ms)| (backoff_simulator.py, `Net(10, 2)`). */
export const PAPER_NETWORK: NetworkModel = { meanMs: 10, sdMs: 2 };

const FRACTION_BLOCK = 4096;

/**
 * Draws |normal(mean, sd)| from a RandomSource by Marsaglia's polar method: two fractions
 * give a point in the square (−1, 1)²; a point outside the unit circle (or at its centre)
 * is drawn again; otherwise it yields two independent standard normals,
 * u·√(−2 ln s / s) and v·√(−2 ln s / s) with s = u² + v², the second kept for the next
 * call. Only +, ×, √ (exactly rounded) and ln are involved, so a seed gives the same
 * delays wherever the engine's Math.log is the same (V8 ships its own fdlibm port).
 * With sd 0 every delay is the mean, and nothing is drawn.
 */
export class NetworkDelay {
  private spare = 0;
  private hasSpare = false;
  /** fill()'s fractions, when the source fills blocks: the block and how many of it are used. */
  private block: Float64Array | null = null;
  private taken = FRACTION_BLOCK;

  constructor(
    private readonly random: RandomSource,
    private readonly meanMs: number,
    private readonly sdMs: number,
  ) {}

  /** The next message's delay in ms (never negative). */
  next(): number {
    if (this.sdMs === 0) return this.meanMs;
    let z: number;
    if (this.hasSpare) {
      this.hasSpare = false;
      z = this.spare;
    } else {
      let u: number;
      let v: number;
      let s: number;
      do {
        u = 2 * this.random.fraction() - 1;
        v = 2 * this.random.fraction() - 1;
        s = u * u + v * v;
      } while (s >= 1 || s === 0);
      const scale = Math.sqrt((-2 * Math.log(s)) / s);
      this.spare = v * scale;
      this.hasSpare = true;
      z = u * scale;
    }
    const delay = this.meanMs + this.sdMs * z;
    return delay < 0 ? -delay : delay;
  }

  /**
   * Fills `into` with the next delays, computed as next() computes them (the spare first if
   * one is kept), in one tight loop. Where the source fills blocks of fractions
   * (RandomSource.fill), they are taken a block at a time, read ahead of what the delays
   * use, and a fraction left alone at a block's end is passed over; so after fill() the
   * source is not where as many next() calls would leave it.
   */
  fill(into: Float64Array): void {
    const { meanMs, sdMs, random } = this;
    const n = into.length;
    let i = 0;
    if (sdMs === 0) {
      into.fill(meanMs);
      return;
    }
    if (this.hasSpare && n > 0) {
      this.hasSpare = false;
      const delay = meanMs + sdMs * this.spare;
      into[i++] = delay < 0 ? -delay : delay;
    }
    const block = random.fill === undefined ? null : (this.block ??= new Float64Array(FRACTION_BLOCK));
    let k = this.taken;
    while (i < n) {
      let u: number;
      let v: number;
      if (block === null) {
        u = 2 * random.fraction() - 1;
        v = 2 * random.fraction() - 1;
      } else {
        if (k > FRACTION_BLOCK - 2) {
          random.fill!(block);
          k = 0;
        }
        u = 2 * block[k]! - 1;
        v = 2 * block[k + 1]! - 1;
        k += 2;
      }
      const s = u * u + v * v;
      if (s >= 1 || s === 0) continue;
      const scale = Math.sqrt((-2 * Math.log(s)) / s);
      const z = u * scale;
      const first = meanMs + sdMs * z;
      into[i++] = first < 0 ? -first : first;
      const spare = v * scale;
      if (i === n) {
        this.spare = spare;
        this.hasSpare = true;
        break;
      }
      const second = meanMs + sdMs * spare;
      into[i++] = second < 0 ? -second : second;
    }
    this.taken = k;
  }
}
