/** src/presets/kit/random-grid.ts: draws put on the grid of the language's generator, by hand. */
import { describe, expect, it } from "vitest";
import { JS_RANDOM_MAX, RANDOM53_MAX, jsRandom, random53 } from "../../../src/presets/kit/random-grid.js";

const source = (fraction: number) => ({ fraction: () => fraction, integer: (min: number) => min });

describe("random grids", () => {
  it("the largest draws: 1 − 2^-52 for V8's Math.random, 1 − 2^-53 for Go, Python, Java and .NET", () => {
    expect(JS_RANDOM_MAX).toBe(1 - 2 ** -52);
    expect(RANDOM53_MAX).toBe(1 - 2 ** -53);
  });

  it("jsRandom floors to a multiple of 2^-52: the 53-bit top becomes V8's top, 2^-53 becomes 0", () => {
    expect(jsRandom(source(1 - 2 ** -53))).toBe(JS_RANDOM_MAX);
    expect(jsRandom(source(2 ** -53))).toBe(0);
    expect(jsRandom(source(0.75))).toBe(0.75);
  });

  it("random53 keeps a multiple of 2^-53 as it is", () => {
    expect(random53(source(1 - 2 ** -53))).toBe(RANDOM53_MAX);
    expect(random53(source(2 ** -53))).toBe(2 ** -53);
  });
});
