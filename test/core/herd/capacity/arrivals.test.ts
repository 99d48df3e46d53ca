import { describe, expect, it } from "vitest";
import { Arrivals } from "../../../../src/core/herd/capacity/arrivals.js";
import type { RandomSource } from "../../../../src/core/model.js";
import { seededRandom } from "../../../support/random.js";

describe("arrivals", () => {
  it("uniform: exactly 1/rps apart from 0, without drift", () => {
    const a = new Arrivals(3, "uniform", seededRandom(1));
    expect([a.next(), a.next(), a.next(), a.next()]).toEqual([0, 1000 / 3, 2000 / 3, 1000]);
  });

  it("poisson: gaps of −ln(1 − U) / rps, by hand", () => {
    const fractions = [0.5, 0, 1 - 2 ** -53];
    const source: RandomSource = { fraction: () => fractions.shift()!, integer: () => 0 };
    const a = new Arrivals(10, "poisson", source);
    expect(a.next()).toBeCloseTo(100 * Math.log(2), 12); // −ln 0.5 × 100 ms
    expect(a.next()).toBeCloseTo(100 * Math.log(2), 12); // U = 0: a gap of 0
    expect(a.next()).toBeCloseTo(100 * Math.log(2) + 100 * 53 * Math.log(2), 9); // −ln 2^-53 × 100 ms
  });

  it("poisson: 10 seeds × 100,000 arrivals at 1,000/s take 10 × 100 s, within 4 standard deviations", () => {
    let total = 0;
    for (let seed = 0; seed < 10; seed++) {
      const a = new Arrivals(1000, "poisson", seededRandom(seed));
      let t = 0;
      for (let i = 0; i < 100_000; i++) t = a.next();
      total += t;
    }
    // A sum of n = 10^6 exponential gaps of mean 1 ms: mean n, sd √n = 1,000 ms.
    expect(Math.abs(total - 1_000_000)).toBeLessThan(4 * Math.sqrt(1_000_000));
  });
});
