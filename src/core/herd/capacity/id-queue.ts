/**
 * A first-in, first-out queue of (id, time) pairs in growable typed-array rings, for
 * events that are scheduled in the order they happen (the answers a FIFO server gives,
 * the timeouts of calls sent one after another): no heap is needed for them.
 */
export class IdQueue {
  private ids: Int32Array;
  private times: Float64Array;
  private head = 0;
  private count = 0;

  constructor(capacity = 64) {
    this.ids = new Int32Array(capacity);
    this.times = new Float64Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Appends id at time t; t must not be before the last time appended. */
  push(id: number, t: number): void {
    if (this.count === this.ids.length) this.grow();
    const at = (this.head + this.count) & (this.ids.length - 1);
    this.ids[at] = id;
    this.times[at] = t;
    this.count++;
  }

  /** The first time, or Infinity when empty. */
  firstTime(): number {
    return this.count === 0 ? Infinity : this.times[this.head]!;
  }

  /** Removes the first pair and returns its id. */
  shift(): number {
    const id = this.ids[this.head]!;
    this.head = (this.head + 1) & (this.ids.length - 1);
    this.count--;
    return id;
  }

  private grow(): void {
    const size = this.ids.length;
    const ids = new Int32Array(2 * size);
    const times = new Float64Array(2 * size);
    for (let i = 0; i < this.count; i++) {
      const from = (this.head + i) & (size - 1);
      ids[i] = this.ids[from]!;
      times[i] = this.times[from]!;
    }
    this.ids = ids;
    this.times = times;
    this.head = 0;
  }
}
