import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Jitter, jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { scheduleRows } from "../../../src/core/schedule.js";
import { policyModel } from "../../../src/core/policy-model.js";
import { seededRandom } from "../../support/random.js";

const jitterArb: fc.Arbitrary<Jitter> = fc.oneof(
  fc.constant<Jitter>({ kind: "full" }),
  fc.constant<Jitter>({ kind: "equal" }),
  fc.constant<Jitter>({ kind: "decorrelated" }),
  fc.integer({ min: 1, max: 100 }).map<Jitter>((percent) => ({ kind: "proportional", fraction: percent / 100 })),
);

const policyArb = fc
  .record({
    strategy: fc.constantFrom("exponential" as const, "linear" as const, "fixed" as const),
    baseMs: fc.integer({ min: 1, max: 5000 }),
    factor: fc.integer({ min: 10, max: 30 }).map((tenths) => tenths / 10),
    capMultiple: fc.integer({ min: 1, max: 200 }),
  })
  .map(({ capMultiple, ...rest }) => normalizePolicy({ ...rest, capMs: rest.baseMs * capMultiple }));

describe("samples stay inside their exact bounds", () => {
  it("for every mode, policy and seed (2,000 seeds × 15 attempts)", () => {
    fc.assert(
      fc.property(policyArb, jitterArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (policy, jitter, seed) => {
        const model = jitteredPolicyModel(policy, jitter);
        const sample = model.sampler(seededRandom(seed));
        for (let attempt = 1; attempt <= 15; attempt++) {
          const value = sample(attempt);
          const { minMs, maxMs } = model.bounds(attempt);
          if (!Number.isInteger(value) || value < minMs || value > maxMs) return false;
          if (policy.capMs !== null && value > policy.capMs) return false;
        }
        return true;
      }),
      { seed: 42, numRuns: 2000 },
    );
  });

  it("and the bounds are reached: over many seeds the extremes of the range turn up", () => {
    // U{800..1200} has 401 values; 20,000 draws miss an end with probability (400/401)^20000 ≈ 2e-22.
    const model = jitteredPolicyModel(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { kind: "proportional", fraction: 0.2 });
    const random = seededRandom(7);
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < 20_000; i++) {
      const value = model.sampler(random)(1);
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    expect([min, max]).toEqual([800, 1200]);
  });

  it("sampled cumulative totals stay inside the cumulative bounds", () => {
    fc.assert(
      fc.property(policyArb, jitterArb, fc.nat(), (policy, jitter, seed) => {
        const model = jitteredPolicyModel(policy, jitter);
        const comparison = policyModel({ ...policy, strategy: "linear" });
        for (const row of scheduleRows(model, comparison, { first: 3, last: 12 }, seededRandom(seed))) {
          if (row.sampleMs! < row.minMs || row.sampleMs! > row.maxMs) return false;
          if (row.sampleCumulativeMs! < row.cumulativeMinMs || row.sampleCumulativeMs! > row.cumulativeMaxMs) return false;
        }
        return true;
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe("the closed-form means match the average of many samples", () => {
  const policy = normalizePolicy({ baseMs: 1000, capMs: 30_000 });
  const cases: Array<[Jitter, number]> = [
    [{ kind: "full" }, 6],
    [{ kind: "equal" }, 3],
    [{ kind: "proportional", fraction: 0.2 }, 6],
  ];
  for (const [jitter, attempt] of cases) {
    it(`${jitter.kind} at attempt ${attempt}`, () => {
      const model = jitteredPolicyModel(policy, jitter);
      const random = seededRandom(99);
      const runs = 100_000;
      let sum = 0;
      for (let i = 0; i < runs; i++) {
        const sample = model.sampler(random);
        for (let a = 1; a < attempt; a++) sample(a);
        sum += sample(attempt);
      }
      // Uniform over at most 30,001 values: standard deviation ≤ 8,661 ms, standard error ≤ 28 ms.
      expect(Math.abs(sum / runs - model.meanMs(attempt))).toBeLessThan(120);
    });
  }
});

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

describe("the core draws only from the injected source", () => {
  it("no file under src/core calls Math.random", () => {
    const files = readdirSync(new URL("../../../src/core", import.meta.url), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(readFileSync(new URL(`../../../src/core/${file}`, import.meta.url), "utf8")).not.toContain("Math.random");
    }
  });
});
