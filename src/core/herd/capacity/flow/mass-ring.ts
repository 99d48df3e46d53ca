/**
 * Expected counts per millisecond ahead of now, for the flow model: a ring of bins, one per
 * millisecond, that takes mass spread uniformly over a span (continuous, or whole
 * milliseconds) in constant time, through a difference array of densities beside the bins.
 * Bins are read in order, once each (take(t) for t = 0, 1, 2, …); mass is only ever added
 * at or after the bin last read and before `endMs` (what would land later is never seen by
 * the run, and is dropped).
 */
export class MassRing {
  private readonly bins: Float64Array;
  private readonly steps: Float64Array;
  private readonly mask: number;
  private density = 0;

  /** `horizonMs`: the furthest ahead of the bin being read that mass is added (whole ms). */
  constructor(
    horizonMs: number,
    private readonly endMs: number,
  ) {
    const size = ringSize(horizonMs, endMs);
    this.bins = new Float64Array(size);
    this.steps = new Float64Array(size);
    this.mask = size - 1;
  }

  /** `mass` in the bin of time t. */
  addAt(t: number, mass: number): void {
    if (t >= this.endMs) return;
    this.bins[Math.floor(t) & this.mask]! += mass;
  }

  /** `mass` spread evenly over the whole milliseconds lo..hi (both included). */
  addWhole(lo: number, hi: number, mass: number): void {
    if (lo >= this.endMs) return;
    if (lo === hi) {
      this.bins[lo & this.mask]! += mass;
      return;
    }
    const rho = mass / (hi - lo + 1);
    this.steps[lo & this.mask]! += rho;
    if (hi + 1 < this.endMs) this.steps[(hi + 1) & this.mask]! -= rho;
  }

  /** `mass` spread evenly over the time span [from, to) (a point when to ≤ from). */
  addSpan(from: number, to: number, mass: number): void {
    if (!(to > from)) {
      this.addAt(from, mass);
      return;
    }
    if (from >= this.endMs) return;
    const rho = mass / (to - from);
    const end = Math.min(to, this.endMs);
    const first = Math.floor(from);
    const last = Math.ceil(end) - 1;
    if (first === last) {
      this.bins[first & this.mask]! += rho * (end - from);
      return;
    }
    this.bins[first & this.mask]! += rho * (first + 1 - from);
    this.bins[last & this.mask]! += rho * (end - last);
    if (last > first + 1) {
      this.steps[(first + 1) & this.mask]! += rho;
      this.steps[last & this.mask]! -= rho;
    }
  }

  /** The mass of bin t, which is then cleared for reuse. */
  take(t: number): number {
    const i = t & this.mask;
    this.density += this.steps[i]!;
    const value = this.bins[i]! + this.density;
    this.bins[i] = 0;
    this.steps[i] = 0;
    // Sums of densities that cancel leave rounding residue, never a negative count.
    return value > 1e-12 ? value : 0;
  }
}

/** The bins a ring holds for a horizon within a run ending at endMs: a power of two, at least 16. */
export function ringSize(horizonMs: number, endMs: number): number {
  const need = Math.min(Math.ceil(horizonMs), Math.ceil(endMs)) + 3;
  let size = 16;
  while (size < need) size *= 2;
  return size;
}
