/** Mean, spread and range of a stream of numbers, kept in O(1) memory (Welford's update). */
export interface Spread {
  readonly count: number;
  readonly mean: number;
  /** The sample standard deviation (n − 1 in the denominator); 0 for fewer than two values. */
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

export class RunningStats {
  private n = 0;
  private m = 0;
  private s = 0;
  private lo = Infinity;
  private hi = -Infinity;

  add(x: number): void {
    this.n++;
    const delta = x - this.m;
    this.m += delta / this.n;
    this.s += delta * (x - this.m);
    if (x < this.lo) this.lo = x;
    if (x > this.hi) this.hi = x;
  }

  spread(): Spread {
    return {
      count: this.n,
      mean: this.n === 0 ? 0 : this.m,
      sd: this.n < 2 ? 0 : Math.sqrt(this.s / (this.n - 1)),
      min: this.n === 0 ? 0 : this.lo,
      max: this.n === 0 ? 0 : this.hi,
    };
  }
}
