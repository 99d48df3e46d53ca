import { describe, expect, it } from "vitest";
import { IdQueue } from "../../../../src/core/herd/capacity/id-queue.js";

describe("IdQueue", () => {
  it("first in, first out, growing while wrapped around", () => {
    const queue = new IdQueue(2);
    queue.push(1, 10);
    queue.push(2, 20);
    expect(queue.shift()).toBe(1);
    queue.push(3, 30); // wraps
    queue.push(4, 40); // grows with the ring wrapped
    expect(queue.size).toBe(3);
    expect(queue.firstTime()).toBe(20);
    expect([queue.shift(), queue.shift(), queue.shift()]).toEqual([2, 3, 4]);
    expect(queue.firstTime()).toBe(Infinity);
  });
});
