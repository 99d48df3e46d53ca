/**
 * The istio preset (issue 12) against values computed by hand from the lines of the library's
 * source quoted in the block: un-jittered values, exact bounds at the first attempt and past
 * the cap, the default retry count, the stopping rule, refusals in the library's own terms,
 * and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { model, bounds } from "../support/presets.js";

/** Full jitter (random() % I) never waits I itself: the interval is the top of the range plus 1; delay_ms shows the mean wait. */
const intervals = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => bounds(name, overrides, a).maxMs + 1);

describe("istio (pilot/pkg/networking/core/route/retry/retry.go, networking/v1alpha3/virtual_service.proto)", () => {
  it("the default policy retries 2 times (defaultNumRetries = 2) with Envoy's 25 ms base", () => {
    const m = model("istio");
    expect(m.retries).toBe(2);
    expect([1, 2].map((a) => m.bounds(a))).toEqual([
      { minMs: 0, maxMs: 24 },
      { minMs: 0, maxMs: 49 },
    ]);
  });

  it("retries.backoff sets only base_interval: 2 s doubles to Envoy's default max, 10 × 2 s", () => {
    expect(intervals("istio", { baseMs: 2000 }, [1, 2, 3, 4, 5, 6])).toEqual([2000, 4000, 8000, 16000, 20000, 20000]);
    expect(bounds("istio", { baseMs: 2000 }, 6)).toEqual({ minMs: 0, maxMs: 19999 });
  });

  it("has no max field and refuses an attempts count past int32", () => {
    expect(Object.keys(findPreset("istio")!.parameters)).toEqual(["baseMs", "retries"]);
    expect(() => model("istio", { retries: 2 ** 31 })).toThrow(/^retries.attempts is an int32/);
  });
});

// Issue 41: the preset's default conditions are the shape's for a route without retryOn (both from retry.go's
// defaultPolicy at 126806ab: connect-failure,refused-stream,unavailable,cancelled,retriable-status-codes with 503).
describe("istio's default conditions", () => {
  it("match what check reads for the mesh default", async () => {
    const { recogniseFile } = await import("../../src/config/recognise.js");
    const text = "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: {name: r}\nspec:\n  http:\n  - name: main\n    route: [{destination: {host: r}}]\n";
    const [policy] = recogniseFile({ name: "f.yaml", text, kind: "yaml", named: false }).policies;
    const preset = findPreset("istio")!;
    expect(preset.conditions!.conditions).toEqual(policy!.conditions!.conditions);
    expect(preset.conditions!.words).toEqual(policy!.conditions!.words);
  });
});
