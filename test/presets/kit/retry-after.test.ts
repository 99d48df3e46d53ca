import { describe, expect, it } from "vitest";
import { PresetError } from "../../../src/presets/errors.js";
import { independentModel } from "../../../src/presets/kit/independent-model.js";
import { wholeSecondsHeader, withRetryAfterWaits } from "../../../src/presets/kit/retry-after.js";
import { modelTotals } from "../../../src/core/schedule.js";

describe("a preset's waits with a Retry-After", () => {
  // 1, 2, 4, 8 s with a closed-form total that the header must not keep.
  const own = {
    ...independentModel({
      delay: (a: number) => ({ rawMs: 1000 * 2 ** (a - 1), delayMs: 1000 * 2 ** (a - 1), clamped: false }),
      jitter: null,
      capMs: null,
      capReachedAt: null,
      steadyFrom: null,
      retries: 4,
      parameters: {},
    }),
    cumulativeMs: (a: number) => 1000 * (2 ** a - 1),
  };
  const replaced = (_a: number, headerMs: number) => ({
    delay: { rawMs: headerMs, delayMs: headerMs, clamped: false },
    bounds: { minMs: headerMs, maxMs: headerMs },
    meanMs: headerMs,
    fromDraw: () => headerMs,
    change: "yes" as const,
  });

  it("no header: the model as it was", () => {
    expect(withRetryAfterWaits(own, undefined, replaced, "x")).toBe(own);
  });

  it("a header before retries 2..3: those wait it, the totals are summed from the waits (1 + 5 + 5 + 8 s)", () => {
    const model = withRetryAfterWaits(own, { ms: 5000, attempts: { first: 2, last: 3 } }, replaced, "replaces");
    expect([1, 2, 3, 4].map((a) => model.delay(a).delayMs)).toEqual([1000, 5000, 5000, 8000]);
    expect(model.cumulativeMs).toBeUndefined();
    expect(modelTotals(model, 4).cumulativeMs).toBe(19_000);
    expect([model.retries, model.retryAfter?.rule, model.retryAfter?.change(2)]).toEqual([4, "replaces", "yes"]);
  });

  it("whole seconds for a library that reads the header as an integer", () => {
    expect(wholeSecondsHeader({ ms: 30_000, attempts: null }, "why")).toEqual({ ms: 30_000, attempts: null });
    expect(wholeSecondsHeader(undefined, "why")).toBeUndefined();
    expect(() => wholeSecondsHeader({ ms: 1500, attempts: null }, "urllib3 reads int(seconds)")).toThrow(PresetError);
    expect(() => wholeSecondsHeader({ ms: 1500, attempts: null }, "urllib3 reads int(seconds)")).toThrow("retryAfter must be whole seconds here: urllib3 reads int(seconds), got 1,500 ms");
  });
});
