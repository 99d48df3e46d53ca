/**
 * The grpc preset against values computed by hand from the library's own formula (the source
 * file is named in the describe title): its exact bounds at the first attempt and one past its
 * cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("grpc (doc/connection-backoff.md)", () => {
  it("1000, then min(1000 × 1.6^(a−1), 120000): 1600, 2560, 4096, 6553.6 → 6554", () => {
    expect(delays("grpc", {}, [1, 2, 3, 4, 5])).toEqual([1000, 1600, 2560, 4096, 6554]);
  });

  it("no jitter on the first wait; ±20 % around the capped value, up to 144 s", () => {
    const m = model("grpc");
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 1000 });
    expect(m.bounds(2)).toEqual({ minMs: 1280, maxMs: 1920 }); // 1600 × 0.8, 1600 × 1.2
    // 1000 × 1.6^10 = 109951.16 < 120000; 1000 × 1.6^11 = 175921.86
    expect(m.capReachedAt()).toBe(12);
    expect(m.bounds(13)).toEqual({ minMs: 96_000, maxMs: 144_000 });
    expect(m.mayExceedCap).toBe(true);
    expect(m.notes.join(" ")).toMatch(/144,000 ms against a 120,000 ms cap/);
    assertSamplesInBounds(m, 20);
  });
});

// Issue 41, item 2: `backoff presets grpc` shows the library's default conditions.
// grpc/grpc doc/connection-backoff.md: the backoff paces reconnecting after a failed connection attempt.
describe("grpc's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets grpc, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "grpc"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on connection failures (gRPC's connection backoff: a failed connection attempt)");
    const json = await runCli(["presets", "grpc", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "gRPC's connection backoff", default: true, words: ["a failed connection attempt"], conditions: ["connection failures"], overload: [], everything: false });
  });
});
