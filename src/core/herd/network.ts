import type { RandomSource } from "../model.js";

/** A network's delay per message: |normal(mean, sd)| in ms, as the AWS experiment draws it. */
export interface NetworkModel {
  readonly meanMs: number;
  readonly sdMs: number;
}

/** The experiment's network: every message takes |normal(10 ms, sd 2 ms)| (backoff_simulator.py, `Net(10, 2)`). */
export const PAPER_NETWORK: NetworkModel = { meanMs: 10, sdMs: 2 };

/**
 * Draws |normal(mean, sd)| from a RandomSource by Marsaglia's polar method: two fractions
 * give a point in the square (−1, 1)²; a point outside the unit circle (or at its centre)
 * is drawn again; otherwise it yields two independent standard normals,
 * u·√(−2 ln s / s) and v·√(−2 ln s / s) with s = u² + v², the second kept for the next
 * call. Only +, ×, √ (exactly rounded) and ln are involved, so a seed gives the same
 * delays wherever the engine's Math.log is the same (V8 ships its own fdlibm port).
 * With sd 0 every delay is the mean, whatever is drawn.
 */
export class NetworkDelay {
  private spare = 0;
  private hasSpare = false;

  constructor(
    private readonly random: RandomSource,
    private readonly meanMs: number,
    private readonly sdMs: number,
  ) {}

  /** The next message's delay in ms (never negative). */
  next(): number {
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
}
