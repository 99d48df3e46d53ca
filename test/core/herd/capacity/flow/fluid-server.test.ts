import { describe, expect, it } from "vitest";
import { FluidServer } from "../../../../../src/core/herd/capacity/flow/fluid-server.js";

const segments = (server: FluidServer) => Array.from({ length: server.segmentCount }, (_, k) => Array.from(server.segments.subarray(3 * k, 3 * k + 3)));

describe("FluidServer", () => {
  it("serves at concurrency / service time, in order: a batch starts where the one before leaves off", () => {
    // Two slots of 10 ms: 0.2 calls a ms. Four calls at 0 start over [0, 20); two more at 5 over [20, 30).
    const server = new FluidServer({ concurrency: 2, serviceMs: 10, queue: 10 }, null, 100, 1000);
    expect(server.rate).toBe(0.2);
    expect(server.admit(0, 4)).toBe(0);
    expect(segments(server)).toEqual([[0, 20, 4]]);
    expect(server.admit(5, 2)).toBe(0);
    expect(segments(server)).toEqual([[20, 30, 2]]);
    expect(server.inside).toBe(6);
    // They finish 10 ms after they start: 4 over [10, 30), 2 over [30, 40).
    const gone = Array.from({ length: 40 }, (_, t) => server.depart(t));
    expect(gone.slice(10, 30).every((m) => Math.abs(m - 0.2) < 1e-12)).toBe(true);
    expect(gone.slice(30, 40).every((m) => Math.abs(m - 0.2) < 1e-12)).toBe(true);
    expect(server.inside).toBeCloseTo(0, 12);
  });

  it("a batch finding concurrency + queue calls inside is rejected, beyond the room left in part", () => {
    const server = new FluidServer({ concurrency: 1, serviceMs: 1, queue: 3 }, null, 100, 1000);
    expect(server.admit(0, 6)).toBe(2);
    expect(server.admit(0, 1)).toBe(1);
    expect(segments(server)).toEqual([]);
  });

  it("a stall: starts whose service would overlap it wait for its end; a batch is split there", () => {
    // Stall [100, 300), 10 ms calls, one slot (0.1 a ms). At 85, 1 call starts by 90 (the last start clear of it)
    // and the other 2 at 300; at 150 a call waits for 300 + the 2 before it.
    const server = new FluidServer({ concurrency: 1, serviceMs: 10, queue: 100 }, { startMs: 100, endMs: 300 }, 400, 1000);
    server.admit(80, 0.5);
    expect(segments(server)).toEqual([[80, 85, 0.5]]);
    server.admit(85, 2.5);
    expect(segments(server)).toEqual([
      [85, 90, 0.5],
      [300, 320, 2],
    ]);
    server.admit(150, 1);
    expect(segments(server)).toEqual([[320, 330, 1]]);
  });
});
