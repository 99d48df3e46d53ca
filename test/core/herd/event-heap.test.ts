import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventHeap } from "../../../src/core/herd/event-heap.js";

describe("EventHeap", () => {
  it("pops by time, ties in the order scheduled", () => {
    const heap = new EventHeap(2);
    heap.push(7, 30);
    heap.push(3, 10);
    heap.push(5, 10);
    heap.push(1, 20);
    heap.push(9, 10);
    const order: number[] = [];
    while (heap.size > 0) order.push(heap.pop());
    // Time 10 holds 3, 5, 9 in the order pushed; then 1 at 20 and 7 at 30. The heap grew from 2.
    expect(order).toEqual([3, 5, 9, 1, 7]);
    expect(heap.topTime()).toBe(Infinity);
  });

  it("rekeyTop moves the first event behind those already at its new time", () => {
    const heap = new EventHeap();
    heap.push(0, 5);
    heap.push(1, 8);
    heap.push(2, 8);
    heap.rekeyTop(8); // id 0 now at 8, scheduled after 1 and 2
    expect([heap.pop(), heap.pop(), heap.pop()]).toEqual([1, 2, 0]);
  });

  it("property: equals a stable sort of (time, scheduling order), under mixed pushes, pops and rekeys", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("push", "pop", "rekey"), fc.integer({ min: 0, max: 20 })), { maxLength: 200 }), (ops) => {
        const heap = new EventHeap(1);
        // The reference: a list of [time, order, id], the least (time, order) first.
        let reference: [number, number, number][] = [];
        let order = 0;
        let id = 0;
        for (const [op, t] of ops) {
          if (op === "push") {
            heap.push(id, t);
            reference.push([t, order++, id++]);
          } else if (reference.length > 0) {
            reference.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
            const first = reference[0]!;
            expect(heap.topId()).toBe(first[2]);
            expect(heap.topTime()).toBe(first[0]);
            if (op === "pop") {
              expect(heap.pop()).toBe(first[2]);
              reference = reference.slice(1);
            } else {
              const later = first[0] + t;
              heap.rekeyTop(later);
              reference[0] = [later, order++, first[2]];
            }
          }
          expect(heap.size).toBe(reference.length);
        }
      }),
      { numRuns: 300, seed: 27 },
    );
  });
});
