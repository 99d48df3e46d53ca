import { describe, expect, it } from "vitest";
import type { RandomSource } from "../../../src/core/model.js";
import { NetworkDelay } from "../../../src/core/herd/network.js";
import { seededRandom } from "../../support/random.js";

/** A RandomSource whose fractions are a script, in order. */
function fractions(script: readonly number[]): RandomSource {
  let next = 0;
  return {
    fraction: () => {
      const value = script[next++];
      if (value === undefined) throw new Error("script exhausted");
      return value;
    },
    integer: () => {
      throw new Error("no integer expected");
    },
  };
}

describe("|normal(mean, sd)| by the polar method", () => {
  it("worked by hand: fractions 0.75, 0.5 give the point (0.5, 0), two normals", () => {
    // u = 2·0.75 − 1 = 0.5, v = 2·0.5 − 1 = 0, s = 0.25; √(−2 ln 0.25 / 0.25) = √(8 ln 4) = 3.3302…;
    // the normals are 0.5 × 3.3302… = 1.6651… and 0 × 3.3302… = 0 (kept for the second call).
    const net = new NetworkDelay(fractions([0.75, 0.5]), 10, 2);
    expect(net.next()).toBeCloseTo(10 + 2 * 0.5 * Math.sqrt(8 * Math.log(4)), 12);
    expect(net.next()).toBe(10);
  });

  it("draws again outside the unit circle and at its centre", () => {
    // (0.5, 0.5) → the centre (0, 0), s = 0; (1 − 2^−53, 1 − 2^−53) → s ≈ 2 ≥ 1; then (0.75, 0.5) as above.
    const r = 1 - 2 ** -53;
    const net = new NetworkDelay(fractions([0.5, 0.5, r, r, 0.75, 0.5]), 10, 2);
    expect(net.next()).toBeCloseTo(10 + Math.sqrt(8 * Math.log(4)), 12);
  });

  it("a negative draw is reflected (the experiment's abs)", () => {
    // u = 2·0.25 − 1 = −0.5, v = 0: the normal is −1.6651…; 1 + 2 × (−1.6651…) = −2.330… → 2.330….
    const net = new NetworkDelay(fractions([0.25, 0.5]), 1, 2);
    expect(net.next()).toBeCloseTo(2 * 0.5 * Math.sqrt(8 * Math.log(4)) - 1, 12);
  });

  it("sd 0 gives the mean whatever is drawn", () => {
    const net = new NetworkDelay(seededRandom(3), 10, 0);
    for (let i = 0; i < 10; i++) expect(net.next()).toBe(10);
  });

  it("200,000 draws of normal(10, 2): mean and sd within 4 standard errors", () => {
    const net = new NetworkDelay(seededRandom(8), 10, 2);
    const n = 200_000;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < n; i++) {
      const x = net.next();
      sum += x;
      squares += x * x;
    }
    const mean = sum / n;
    const sd = Math.sqrt(squares / n - mean * mean);
    // |normal(10, 2)| is normal(10, 2) but for a 3·10^-7 chance of a negative: SE of the mean 2/√n = 0.0045, of the sd ≈ 2/√(2n) = 0.0032.
    expect(Math.abs(mean - 10)).toBeLessThan(4 * (2 / Math.sqrt(n)));
    expect(Math.abs(sd - 2)).toBeLessThan(4 * (2 / Math.sqrt(2 * n)));
  });
});

describe("fill: the same delays a block at a time", () => {
  it("equals next() call for call, from a source that fills blocks and from one that does not", () => {
    const sizes = [1, 4096, 3, 5000, 2];
    for (const source of [() => seededRandom(11), () => { const r = seededRandom(11); return { fraction: () => r.fraction(), integer: r.integer }; }]) {
      const filled = new NetworkDelay(source(), 10, 2);
      const one = new NetworkDelay(seededRandom(11), 10, 2);
      for (const size of sizes) {
        const block = new Float64Array(size);
        filled.fill(block);
        expect(Array.from(block)).toEqual(Array.from({ length: size }, () => one.next()));
      }
    }
  });

  it("sd 0 fills the mean", () => {
    const block = new Float64Array(3);
    new NetworkDelay(seededRandom(3), 7, 0).fill(block);
    expect(Array.from(block)).toEqual([7, 7, 7]);
  });
});
