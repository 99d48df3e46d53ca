import { describe, expect, it } from "vitest";
import { FifoServer, serverCapacity } from "../../../../src/core/herd/capacity/server.js";

describe("FifoServer", () => {
  it("capacity is concurrency / service time", () => {
    expect(serverCapacity({ concurrency: 50, serviceMs: 100, queue: 0 })).toBe(500);
  });

  it("two slots, 10 ms a call, room for one waiting: starts and rejections by hand", () => {
    const server = new FifoServer({ concurrency: 2, serviceMs: 10, queue: 1 });
    // At 0: three calls fill both slots (answers at 10, 10) and the queue (starts at 10, answer 20); the fourth is rejected.
    expect([server.admit(0), server.admit(0), server.admit(0), server.admit(0)]).toEqual([10, 10, 20, -1]);
    expect(server.occupancy(5)).toBe(3);
    // At 10 the first two are done: one in service (to 20); the new call takes the free slot (answer 20), the next waits for 20.
    expect([server.admit(10), server.admit(10), server.admit(10)]).toEqual([20, 30, -1]);
    expect(server.occupancy(30)).toBe(0);
    expect(server.admit(40)).toBe(50);
  });

  it("a stall: no service overlaps it; starts are pushed to its end, in order", () => {
    const server = new FifoServer({ concurrency: 1, serviceMs: 10, queue: 10 }, { startMs: 100, endMs: 200 });
    // A call at 95 would be served over [95, 105): it waits for 200. One at 80 ends by 90, before the stall.
    expect(server.admit(80)).toBe(90);
    expect(server.admit(95)).toBe(210);
    expect(server.admit(150)).toBe(220);
    expect(server.lastStart).toBe(210);
  });

  it("grows past its first ring (a queue of a million)", () => {
    const server = new FifoServer({ concurrency: 1, serviceMs: 1, queue: 2_000_000 });
    let last = 0;
    for (let i = 0; i < 1_500_000; i++) last = server.admit(0);
    expect(last).toBe(1_500_000);
    expect(server.occupancy(0)).toBe(1_500_000);
    expect(server.occupancy(1_000_000)).toBe(500_000);
  });
});
