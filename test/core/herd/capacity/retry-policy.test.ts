import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../../src/core/policy.js";
import { policyModel } from "../../../../src/core/policy-model.js";
import { NO_RETRIES, scheduleRetries } from "../../../../src/core/herd/capacity/retry-policy.js";
import { seededRandom } from "../../../support/random.js";

describe("retries from a schedule model", () => {
  it("un-jittered: the schedule's delays, then null after the last retry", () => {
    const run = scheduleRetries(policyModel(normalizePolicy({ baseMs: 100, capMs: 300 })), 3)(seededRandom(1));
    expect([run(1), run(2), run(3), run(4)]).toEqual([100, 200, 300, null]);
  });

  it("jittered: each request its own sampler, within the bounds", () => {
    const model = jitteredPolicyModel(normalizePolicy({ baseMs: 100, capMs: 1000 }), { kind: "decorrelated" });
    const policy = scheduleRetries(model, 5);
    const random = seededRandom(2);
    for (let r = 0; r < 50; r++) {
      const run = policy(random);
      for (let n = 1; n <= 5; n++) {
        const { minMs, maxMs } = model.bounds(n);
        const wait = run(n)!;
        expect(wait).toBeGreaterThanOrEqual(minMs);
        expect(wait).toBeLessThanOrEqual(maxMs);
      }
      expect(run(6)).toBeNull();
    }
  });

  it("no retries, and refuses a count that is not one", () => {
    expect(NO_RETRIES(seededRandom(1))(1)).toBeNull();
    expect(scheduleRetries(policyModel(normalizePolicy({ baseMs: 1 })), 0)(seededRandom(1))(1)).toBeNull();
    expect(() => scheduleRetries(policyModel(normalizePolicy({ baseMs: 1 })), -1)).toThrow(/retries/);
  });
});
