/** src/presets/kit/independent-model.ts: a preset model whose delays do not depend on earlier draws, by hand. */
import { describe, expect, it } from "vitest";
import { unclamped } from "../../../src/presets/kit/attempt-delay.js";
import { independentModel, type IndependentSpec } from "../../../src/presets/kit/independent-model.js";

const base: IndependentSpec = {
  delay: (attempt) => unclamped(100 * attempt),
  jitter: null,
  capMs: null,
  capReachedAt: null,
  steadyFrom: null,
  retries: 3,
  parameters: { delay: 100 },
};
const highest = { fraction: () => 1 - 2 ** -53, integer: (_min: number, max: number) => max };

describe("independentModel", () => {
  it("without jitter: the delay is the bounds, the mean and every draw; the rest as given, with empty defaults", () => {
    const model = independentModel(base);
    expect([model.delay(2), model.bounds(2), model.meanMs(2), model.sampler(highest)(3)]).toEqual([
      { rawMs: 200, delayMs: 200, clamped: false },
      { minMs: 200, maxMs: 200 },
      200,
      300,
    ]);
    expect([model.jittered, model.capMs, model.capReachedAt(), model.steadyFrom(), model.mayExceedCap, model.retries, model.stop, model.notes]).toEqual([
      false, null, null, null, false, 3, null, [],
    ]);
    expect(model.parameters).toEqual({ delay: 100 });
  });

  it("with jitter: delay is the plain value, whether a wait can take it or not (issue 39); the mean kept inside the bounds", () => {
    // 1000 ms plain; attempt 1 waits 800–1200 (1000 can be drawn), attempt 2 waits 0–999 (it cannot): 1000 both times.
    const model = independentModel({
      ...base,
      delay: () => unclamped(1000),
      jitter: {
        bounds: (attempt) => (attempt === 2 ? { minMs: 0, maxMs: 999 } : { minMs: 800, maxMs: 1200 }),
        mean: (attempt) => (attempt === 2 ? 499.5 : attempt === 3 ? 1200.4 : 1000),
        draw: (attempt, random) => 800 * attempt + random.integer(0, 400),
      },
      stop: null,
      notes: ["a note"],
    });
    expect([model.delay(1), model.delay(2)]).toEqual([
      { rawMs: 1000, delayMs: 1000, clamped: false },
      { rawMs: 1000, delayMs: 1000, clamped: false },
    ]);
    expect([model.bounds(2), model.meanMs(1), model.meanMs(2), model.meanMs(3)]).toEqual([{ minMs: 0, maxMs: 999 }, 1000, 499.5, 1200]);
    expect(model.sampler(highest)(1)).toBe(1200);
    expect([model.jittered, model.notes]).toEqual([true, ["a note"]]);
  });
});
