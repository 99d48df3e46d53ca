/**
 * Two counts over a sliding window of time, in `slots` equal buckets (the window moves a
 * bucket at a time): what the last `windowMs` held, give or take one bucket's width.
 */
export class SlidingCounts {
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly slotMs: number;
  /** The bucket the latest event fell in (absolute index). */
  private current = 0;
  sumA = 0;
  sumB = 0;

  constructor(windowMs: number, slots = 100) {
    this.a = new Float64Array(slots);
    this.b = new Float64Array(slots);
    this.slotMs = windowMs / slots;
  }

  /** Moves the window to end at t, dropping buckets that fell out of it. */
  advance(t: number): void {
    const slot = Math.floor(t / this.slotMs);
    if (slot <= this.current) return;
    const n = this.a.length;
    if (slot - this.current >= n) {
      this.a.fill(0);
      this.b.fill(0);
      this.sumA = 0;
      this.sumB = 0;
    } else {
      for (let k = this.current + 1; k <= slot; k++) {
        const i = k % n;
        this.sumA -= this.a[i]!;
        this.sumB -= this.b[i]!;
        this.a[i] = 0;
        this.b[i] = 0;
      }
    }
    this.current = slot;
  }

  addA(t: number, count = 1): void {
    this.advance(t);
    this.a[this.current % this.a.length]! += count;
    this.sumA += count;
  }

  addB(t: number, count = 1): void {
    this.advance(t);
    this.b[this.current % this.b.length]! += count;
    this.sumB += count;
  }

  clear(): void {
    this.a.fill(0);
    this.b.fill(0);
    this.sumA = 0;
    this.sumB = 0;
  }
}
