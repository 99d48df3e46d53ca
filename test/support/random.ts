import { vi } from "vitest";
import { seededRandom } from "../../src/core/random.js";
import type { RandomSource } from "../../src/core/model.js";

/**
 * The one seeded generator of the tests is the one the CLI samples with (src/core/random.ts: pure-rand's xoroshiro128+,
 * the same sequence on every machine), so a sequence a test relies on is one a user
 * can reproduce with --seed.
 */
export { seededRandom };

/** The largest value V8's Math.random() returns (multiples of 2^-52). */
export const R_MAX = 1 - 2 ** -52;

/**
 * A RandomSource that returns a script of integers in order (checking each lies in the
 * range asked for), so a simulation's draws are known in advance.
 */
export function scriptedRandom(script: readonly number[]): RandomSource & { readonly used: () => number } {
  let next = 0;
  return {
    integer(min: number, max: number) {
      const value = script[next++];
      if (value === undefined) throw new Error("script exhausted");
      if (value < min || value > max) throw new Error(`scripted ${value} is outside [${min}, ${max}]`);
      return value;
    },
    fraction() {
      throw new Error("no fraction expected");
    },
    used: () => next,
  };
}

/** A RandomSource replaying given numbers (cycling), so a property explores the extremes too. */
export function replayRandom(fractions: readonly number[], integers: readonly number[]): RandomSource {
  let f = 0;
  let i = 0;
  return {
    fraction: () => fractions[f++ % fractions.length]!,
    integer: (min, max) => min + Math.floor(integers[i++ % integers.length]! * (max - min + 1)),
  };
}

/** Math.random (which the real libraries call) returns `value` until the mocks are restored. */
export function stubMathRandom(value: number): void {
  vi.spyOn(Math, "random").mockReturnValue(value);
}

/** Math.random replaced by a seeded sequence on V8's grid (multiples of 2^-52), so a library's sample means are reproducible. */
export function seedMathRandom(seed: number): void {
  const source = seededRandom(seed);
  vi.spyOn(Math, "random").mockImplementation(() => Math.floor(source.fraction() * 2 ** 52) / 2 ** 52);
}
