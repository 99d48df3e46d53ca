/**
 * A binary min-heap of pending events, each a time and a whole-number id (a client, a
 * request slot), kept in typed arrays by heap position, so pushing, popping and
 * re-keying allocate nothing and a comparison reads neighbouring memory. Events at the
 * same time come out in the order they were scheduled (first scheduled, first served):
 * each carries a sequence number that breaks ties.
 */
export class EventHeap {
  private times: Float64Array;
  private orders: Float64Array;
  private ids: Int32Array;
  private count = 0;
  private sequence = 0;

  constructor(capacity = 16) {
    const size = Math.max(1, capacity);
    this.times = new Float64Array(size);
    this.orders = new Float64Array(size);
    this.ids = new Int32Array(size);
  }

  get size(): number {
    return this.count;
  }

  /** Forgets every event (the arrays are kept). */
  clear(): void {
    this.count = 0;
    this.sequence = 0;
  }

  /** The id of the event that comes first; the heap must not be empty. */
  topId(): number {
    return this.ids[0]!;
  }

  /** The earliest pending time, or Infinity when nothing is pending. */
  topTime(): number {
    return this.count === 0 ? Infinity : this.times[0]!;
  }

  /** Schedules an event for id at time t. */
  push(id: number, t: number): void {
    if (this.count === this.times.length) this.grow();
    const times = this.times;
    const orders = this.orders;
    const ids = this.ids;
    const order = this.sequence++;
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      // Ties: the later-scheduled event (this one) stays below.
      if (!(t < times[parent]!)) break;
      times[i] = times[parent]!;
      orders[i] = orders[parent]!;
      ids[i] = ids[parent]!;
      i = parent;
    }
    times[i] = t;
    orders[i] = order;
    ids[i] = id;
  }

  /** Moves the first event to time t, keeping its id: one sift down instead of a pop and a push. */
  rekeyTop(t: number): void {
    this.times[0] = t;
    this.orders[0] = this.sequence++;
    this.siftDown();
  }

  /** Removes the first event and returns its id. */
  pop(): number {
    const id = this.ids[0]!;
    const last = --this.count;
    if (last > 0) {
      this.times[0] = this.times[last]!;
      this.orders[0] = this.orders[last]!;
      this.ids[0] = this.ids[last]!;
      this.siftDown();
    }
    return id;
  }

  /**
   * Sifts the root down to where it belongs. It takes no arguments (the root is read from
   * the arrays): a double passed to a call that is not inlined is boxed, one allocation
   * per event.
   */
  private siftDown(): void {
    const times = this.times;
    const orders = this.orders;
    const ids = this.ids;
    const t = times[0]!;
    const order = orders[0]!;
    const id = ids[0]!;
    const n = this.count;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      let child = left;
      let ct = times[left]!;
      const right = left + 1;
      if (right < n) {
        const rt = times[right]!;
        if (rt < ct || (rt === ct && orders[right]! < orders[left]!)) {
          child = right;
          ct = rt;
        }
      }
      if (!(ct < t || (ct === t && orders[child]! < order))) break;
      times[i] = ct;
      orders[i] = orders[child]!;
      ids[i] = ids[child]!;
      i = child;
    }
    times[i] = t;
    orders[i] = order;
    ids[i] = id;
  }

  private grow(): void {
    const size = 2 * this.times.length;
    const times = new Float64Array(size);
    times.set(this.times);
    const orders = new Float64Array(size);
    orders.set(this.orders);
    const ids = new Int32Array(size);
    ids.set(this.ids);
    this.times = times;
    this.orders = orders;
    this.ids = ids;
  }
}
