import { describe, expect, it } from "vitest";
import { type OccMode, OccWaits, ceilingsUpToCap } from "../../../src/core/herd/occ-backoff.js";

/** The waits of a mode, every draw `fraction`. */
function waits(mode: OccMode, fraction: number, clients = 1): { next: (client: number, n: number) => number; reset: () => void; draws: boolean } {
  const w = new OccWaits({ mode, baseMs: 10, capMs: 2000 }, clients);
  return { next: (client, n) => w.next(client, n, fraction), reset: () => w.reset(), draws: w.draws };
}

describe("the experiment's waits, in backoff's terms (base 10 ms = 2 × its 5 ms, cap 2 s)", () => {
  it("exponential: expo(n) = min(2000, 2^n × 5) = min(2000, 10 × 2^(n−1))", () => {
    const w = waits("none", 0.3);
    // 10, 20, 40, …, 1280, then 2560 → 2000.
    expect([1, 2, 3, 8, 9, 10, 2000].map((n) => w.next(0, n))).toEqual([10, 20, 40, 1280, 2000, 2000, 2000]);
  });
  it("no backoff waits 0", () => {
    expect(waits("no-backoff", 0.9).next(0, 5)).toBe(0);
  });
  it("only the jittered modes draw", () => {
    expect((["no-backoff", "none", "full", "equal", "decorrelated"] as const).map((mode) => waits(mode, 0.5).draws)).toEqual([false, false, true, true, true]);
  });
  it("full: uniform(0, expo(n)); equal: expo(n)/2 + uniform(0, expo(n)/2)", () => {
    expect(waits("full", 0.25).next(0, 3)).toBe(10); // 0.25 × 40
    expect(waits("equal", 0.25).next(0, 3)).toBe(25); // 20 + 0.25 × 20
    expect(waits("full", 0.5).next(0, 20)).toBe(1000); // capped at 2000, half of it
  });
  it("decorrelated: sleep = min(cap, uniform(5, 3 × sleep)), from 5 ms, per client", () => {
    const w = waits("decorrelated", 0.5, 2);
    // Client 0: 5 + 0.5 × (15 − 5) = 10; then 5 + 0.5 × (30 − 5) = 17.5; client 1 starts again from 5: 10.
    expect(w.next(0, 1)).toBe(10);
    expect(w.next(0, 2)).toBe(17.5);
    expect(w.next(1, 1)).toBe(10);
    // The top of the range: 5 + (1 − 2^-53)(3·sleep − 5) grows ×3 until the cap holds it at 2000.
    const top = waits("decorrelated", 1 - 2 ** -53);
    const seen: number[] = [];
    for (let n = 1; n <= 8; n++) seen.push(Math.round(top.next(0, n)));
    expect(seen).toEqual([15, 45, 135, 405, 1215, 2000, 2000, 2000]);
    top.reset();
    expect(Math.round(top.next(0, 1))).toBe(15);
  });
});

describe("ceilingsUpToCap: expo(n) worked out once", () => {
  it("base 10 ms, cap 2 s: 10, 20, 40, …, 1,280, then 2,000 at n = 9 (10 × 2^8 = 2,560 is past the cap)", () => {
    expect(Array.from(ceilingsUpToCap(10, 2000))).toEqual([0, 10, 20, 40, 80, 160, 320, 640, 1280, 2000]);
  });

  it("a cap equal to the base is reached at once; a cap 2^40 times the base takes 41 entries past index 0", () => {
    expect(Array.from(ceilingsUpToCap(10, 10))).toEqual([0, 10]);
    const table = ceilingsUpToCap(1, 2 ** 40);
    expect([table.length, table[40], table[41]]).toEqual([42, 2 ** 39, 2 ** 40]);
  });
});
