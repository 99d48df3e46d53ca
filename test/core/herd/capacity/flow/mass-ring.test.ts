import { describe, expect, it } from "vitest";
import { MassRing } from "../../../../../src/core/herd/capacity/flow/mass-ring.js";

const read = (ring: MassRing, from: number, to: number) => Array.from({ length: to - from }, (_, i) => ring.take(from + i));

describe("MassRing", () => {
  it("a point, whole milliseconds evenly, and a span split by how much of each bin it covers", () => {
    const ring = new MassRing(10, 100);
    ring.addAt(2.7, 5);
    ring.addWhole(1, 4, 8); // 2 in each of 1, 2, 3, 4
    ring.addSpan(5.5, 7.5, 4); // 2 per ms: 1 in bin 5, 2 in bin 6, 1 in bin 7
    expect(read(ring, 0, 9)).toEqual([0, 2, 7, 2, 2, 1, 2, 1, 0]);
  });

  it("a bin read is cleared, so the ring is reused around", () => {
    const ring = new MassRing(3, 1000);
    for (let t = 0; t < 100; t++) {
      ring.addWhole(t + 1, t + 2, 2);
      expect(ring.take(t)).toBe(t === 0 ? 0 : t === 1 ? 1 : 2);
    }
  });

  it("what would land at or after the end is dropped", () => {
    const ring = new MassRing(10, 5);
    ring.addWhole(3, 8, 6); // 1 a ms: bins 3 and 4 within the run
    ring.addSpan(4, 6, 2); // half of it in bin 4
    ring.addAt(5, 9);
    expect(read(ring, 0, 5)).toEqual([0, 0, 0, 1, 2]);
  });
});
