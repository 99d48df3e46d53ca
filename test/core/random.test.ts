/**
 * The seeded random source (src/core/random.ts): the same seed and stream draw the same
 * sequence, different ones differ, integers land in range; and the core draws only from it.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../src/core/jitter/index.js";
import { normalizePolicy } from "../../src/core/policy.js";
import { seededRandom } from "../support/random.js";

describe("seeded random source", () => {
  const draws = (seed: number, stream = 0) => {
    const random = seededRandom(seed, stream);
    return Array.from({ length: 50 }, () => random.integer(0, 1_000_000));
  };
  it("the same seed draws the same sequence", () => {
    expect(draws(12345)).toEqual(draws(12345));
    expect(draws(2 ** 53 - 1)).toEqual(draws(2 ** 53 - 1));
  });
  it("different seeds and streams draw different sequences, from the first draw", () => {
    const firsts = new Set<number>();
    for (let seed = 0; seed < 1000; seed++) firsts.add(seededRandom(seed).integer(0, 1_000_000));
    // 1000 draws from a million values: a handful of collisions at most if the seeds are well mixed.
    expect(firsts.size).toBeGreaterThan(990);
    expect(draws(1)).not.toEqual(draws(2));
    expect(draws(1, 0)).not.toEqual(draws(1, 1));
    // Seeds 2^32 apart share their low 32 bits; the high half still counts.
    expect(draws(5)).not.toEqual(draws(5 + 2 ** 32));
  });
  it("integers land in the range asked for, both ends included", () => {
    const random = seededRandom(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const value = random.integer(-2, 2);
      expect(value).toBeGreaterThanOrEqual(-2);
      expect(value).toBeLessThanOrEqual(2);
      seen.add(value);
    }
    expect([...seen].sort()).toEqual([-1, -2, 0, 1, 2]);
    const f = random.fraction();
    expect(f >= 0 && f < 1).toBe(true);
  });
  it("a schedule's samples are reproducible from the seed", () => {
    const model = jitteredPolicyModel(normalizePolicy({ baseMs: 100, capMs: 10_000 }), { kind: "decorrelated" });
    const take = (seed: number) => {
      const sample = model.sampler(seededRandom(seed));
      return Array.from({ length: 20 }, (_, i) => sample(i + 1));
    };
    expect(take(8)).toEqual(take(8));
    expect(take(8)).not.toEqual(take(9));
  });
});

describe("fill: fractions a block at a time", () => {
  it("gives the fractions fraction() gives, and the source goes on from there as if drawn one by one", () => {
    for (const seed of [0, 42, 2 ** 53 - 1]) {
      const one = seededRandom(seed, 3);
      const blocks = seededRandom(seed, 3);
      for (const size of [1, 4096, 7]) {
        const block = new Float64Array(size);
        blocks.fill!(block);
        expect(Array.from(block)).toEqual(Array.from({ length: size }, () => one.fraction()));
      }
      expect([blocks.fraction(), blocks.integer(0, 1_000_000), blocks.fraction()]).toEqual([one.fraction(), one.integer(0, 1_000_000), one.fraction()]);
    }
  });
});

describe("the core draws only from the injected source", () => {
  it("no file under src/core calls Math.random", () => {
    const files = readdirSync(new URL("../../src/core", import.meta.url), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(readFileSync(new URL(`../../src/core/${file}`, import.meta.url), "utf8")).not.toContain("Math.random");
    }
  });
});
