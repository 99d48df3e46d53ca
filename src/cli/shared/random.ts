import { uniformInt } from "pure-rand/distribution/uniformInt";
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { RandomSource } from "../../core/model.js";

/** The seed `backoff simulate` uses unless --seed says otherwise (printed with the results). */
export const DEFAULT_SEED = 42;

/** murmur3's 32-bit finaliser: spreads every bit of the input over the output. */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x | 0;
}

/**
 * A RandomSource from a seed (a whole number 0 … 2^53 − 1) and a stream number, built on
 * pure-rand's xoroshiro128+ and its unbiased `uniformInt` (rejection sampling, no modulo
 * bias). Only 32-bit integer operations are involved, so a seed gives the same sequence
 * on every machine and Node version. The seed's two 32-bit halves and the stream are
 * mixed into the 128-bit state first: pure-rand's own 32-bit seeding makes the first
 * output of seed s equal to −s−1, so neighbouring seeds would start almost alike.
 */
export function seededRandom(seed: number, stream = 0): RandomSource {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a whole number from 0 to 2^53 − 1, got ${String(seed)}`);
  const low = seed >>> 0;
  const high = Math.floor(seed / 0x1_0000_0000) >>> 0;
  const state = [
    mix32(low ^ 0x9e3779b9),
    mix32(high ^ mix32(stream + 0x7f4a7c15)),
    mix32(low + 0x6a09e667 + mix32(high)),
    mix32(stream ^ 0xbb67ae85 ^ mix32(low ^ high)),
  ];
  if (!state.some((word) => word !== 0)) state[0] = 1; // xoroshiro's one forbidden state
  const generator = xoroshiro128plusFromState(state);
  return {
    integer: (min, max) => uniformInt(generator, min, max),
    fraction: () => uniformFloat64(generator),
  };
}
