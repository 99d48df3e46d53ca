import { uniformInt } from "pure-rand/distribution/uniformInt";
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { RandomSource } from "./model.js";

// A seeded RandomSource: what the CLI hands the core to sample (the schedule's samples, the
// simulation), and the one seeded generator of the tests.

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
  let generator = xoroshiro128plusFromState(state);
  return {
    integer: (min, max) => uniformInt(generator, min, max),
    fraction: () => uniformFloat64(generator),
    fill: (into) => {
      generator = fillFractions(generator.getState(), into);
    },
  };
}

/**
 * Fills `into` with the fractions uniformFloat64 draws from a xoroshiro128+ in `state`, and
 * returns the generator that goes on from there: the steps of pure-rand 8.4.2's
 * XoroShiro128Plus.next and uniformFloat64 (src/generator/xoroshiro128plus.ts,
 * src/distribution/uniformFloat64.ts) on local variables, with no call per draw
 * (test/core/random.test.ts holds the two sequences equal).
 */
function fillFractions(state: readonly number[], into: Float64Array): ReturnType<typeof xoroshiro128plusFromState> {
  const words = Int32Array.from(state);
  fillFromWords(words, into);
  return xoroshiro128plusFromState(Array.from(words));
}

/**
 * The loop of fillFractions on a state held in an Int32Array, updated in place. Kept apart
 * from the generic array work around it: V8 compiled the loop on the stack (OSR) and threw
 * the code away at the array literal after it, for every block, so most draws ran
 * unoptimised, boxing each double (issue 40, item 3: about a third of the OCC experiment's
 * garbage collection).
 */
function fillFromWords(words: Int32Array, into: Float64Array): void {
  let s01 = words[0]!;
  let s00 = words[1]!;
  let s11 = words[2]!;
  let s10 = words[3]!;
  const n = into.length;
  for (let i = 0; i < n; i++) {
    // Two outputs: 26 bits, then 27 bits, as uniformFloat64 takes them.
    const high = (s00 + s10) | 0;
    let a0 = s10 ^ s00;
    let a1 = s11 ^ s01;
    let t00 = s00;
    let t01 = s01;
    s00 = (t00 << 24) ^ (t01 >>> 8) ^ a0 ^ (a0 << 16);
    s01 = (t01 << 24) ^ (t00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    s10 = (a1 << 5) ^ (a0 >>> 27);
    s11 = (a0 << 5) ^ (a1 >>> 27);
    const low = (s00 + s10) | 0;
    a0 = s10 ^ s00;
    a1 = s11 ^ s01;
    t00 = s00;
    t01 = s01;
    s00 = (t00 << 24) ^ (t01 >>> 8) ^ a0 ^ (a0 << 16);
    s01 = (t01 << 24) ^ (t00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    s10 = (a1 << 5) ^ (a0 >>> 27);
    s11 = (a0 << 5) ^ (a1 >>> 27);
    into[i] = (high & 0x3ffffff) * 2 ** -26 + (low & 0x7ffffff) * 2 ** -53;
  }
  words[0] = s01;
  words[1] = s00;
  words[2] = s11;
  words[3] = s10;
}
