import fc from "fast-check";
import type { RandomSource } from "../../src/core/model.js";
import type { PresetModel } from "../../src/presets/types.js";

/** The largest value V8's Math.random() returns (multiples of 2^-52). */
export const R_MAX = 1 - 2 ** -52;

/** A small seeded source (mulberry32): fraction() on the 2^-32 grid, integer() by rejection (no modulo bias). */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  const next32 = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const fraction = () => (next32() * 2 ** 21 + (next32() >>> 11)) / 2 ** 53;
  return {
    fraction,
    integer(min, max) {
      const span = max - min + 1;
      const limit = Math.floor(2 ** 53 / span) * span;
      for (;;) {
        const x = next32() * 2 ** 21 + (next32() >>> 11);
        if (x < limit) return min + (x % span);
      }
    },
  };
}

/** A RandomSource replaying fast-check-generated numbers (cycling), so a property explores the extremes too. */
export function replayRandom(fractions: readonly number[], integers: readonly number[]): RandomSource {
  let f = 0;
  let i = 0;
  return {
    fraction: () => fractions[f++ % fractions.length]!,
    integer: (min, max) => min + Math.floor(integers[i++ % integers.length]! * (max - min + 1)),
  };
}

/** Fractions in [0, 1), biased towards the ends (0 and the largest double below 1). */
export const fractionArb = fc.oneof(fc.constant(0), fc.constant(1 - 2 ** -53), fc.constant(R_MAX), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }));

/** Property: every sampled delay lies inside the model's bounds, for any replayed random numbers. */
export function assertSamplesInBounds(model: PresetModel, lastAttempt: number, numRuns = 200): void {
  fc.assert(
    fc.property(fc.array(fractionArb, { minLength: 1, maxLength: 40 }), fc.array(fractionArb, { minLength: 1, maxLength: 40 }), (fractions, integers) => {
      const sample = model.sampler(replayRandom(fractions, integers));
      for (let attempt = 1; attempt <= lastAttempt; attempt++) {
        const value = sample(attempt);
        const { minMs, maxMs } = model.bounds(attempt);
        if (!(Number.isInteger(value) && value >= minMs && value <= maxMs)) {
          throw new Error(`attempt ${attempt}: sample ${value} outside [${minMs}, ${maxMs}]`);
        }
      }
    }),
    { seed: 42, numRuns },
  );
}

/** With a seeded source: many draws, and both ends of the bounds are reachable in principle (min ≤ max). */
export function sampleMany(model: PresetModel, lastAttempt: number, runs: number, seed = 7): number[][] {
  const random = seededRandom(seed);
  const out: number[][] = [];
  for (let run = 0; run < runs; run++) {
    const sample = model.sampler(random);
    out.push(Array.from({ length: lastAttempt }, (_, i) => sample(i + 1)));
  }
  return out;
}
