/**
 * The grpc-js preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("grpc-js (packages/grpc-js/src/backoff-timeout.ts)", () => {
  it("zero-jitter path 1000, 1600, 2560; compounding bounds", () => {
    const m = model("grpc-js");
    expect(delays("grpc-js", {}, [1, 2, 3])).toEqual([1000, 1600, 2560]);
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 1000 });
    // a=3: 1000 × (1.6 × 0.8)^2 = 1638.4, 1000 × (1.6 × 1.2)^2 = 3686.4
    expect(m.bounds(3)).toEqual({ minMs: 1638, maxMs: 3686 });
    // One past the un-jittered cap (attempt 12): the low path is still 1000 × 1.28^12 = 19342.8; the high path is 120000 × 1.2
    expect(m.capReachedAt()).toBe(12);
    expect(m.bounds(13)).toEqual({ minMs: Math.round(1000 * 1.28 ** 12), maxMs: 144_000 });
    assertSamplesInBounds(m, 25);
  });
});

// Issue 41, item 2: `backoff presets grpc-js` shows the library's default conditions.
// @grpc/grpc-js 1.14.7 packages/grpc-js/src/subchannel.ts: startBackoff() after a failed connect (TRANSIENT_FAILURE).
describe("grpc-js's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets grpc-js, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "grpc-js"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on connection failures (gRPC's connection backoff: a failed connection attempt)");
    const json = await runCli(["presets", "grpc-js", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "gRPC's connection backoff", default: true, words: ["a failed connection attempt"], conditions: ["connection failures"], overload: [], everything: false });
  });
});
