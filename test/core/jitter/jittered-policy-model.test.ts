/**
 * The calculator's jittered policy as a schedule model (src/core/jitter/jittered-policy-model.ts):
 * its samples stay inside its exact bounds, and its closed-form means match many samples.
 */
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
