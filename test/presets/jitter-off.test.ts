/**
 * Issue 11, item 2: `--jitter none` and `--jitter 0` both turn jitter off under every
 * preset whose library has a jitter setting, whatever that setting's own spelling
 * (a fraction, a switch, a named strategy, a number of seconds or ms).
 */
import { describe, expect, it } from "vitest";
import { PRESETS, findPreset } from "../../src/presets/registry.js";
import { runCli } from "../support/cli.js";

const withJitterSetting = PRESETS.filter((preset) => "jitter" in preset.parameters);

describe("--jitter none and 0 under every preset with a jitter setting", () => {
  // grpc-js is the exception: it reads its options with truthiness checks, so jitter: 0 keeps 0.2 (its own quirk, stated in a note).
  // grpc-retry's setting picks A6's jitter before or after 2024 (0.2 or full): gRPC has none to turn off (refused, grpc-retry.test.ts).
  const offSwitchable = withJitterSetting.filter((preset) => preset.name !== "grpc-js" && preset.name !== "grpc-retry");
  it.each(offSwitchable.map((preset) => [preset.name]))("%s: both build an un-jittered model with the same delays", (name) => {
    const preset = findPreset(name)!;
    const none = preset.build({ jitter: "none" });
    const zero = preset.build({ jitter: "0" });
    expect([none.jittered, zero.jittered]).toEqual([false, false]);
    const first = [1, 2, 3].map((a) => none.delay(a).delayMs);
    expect([1, 2, 3].map((a) => zero.delay(a).delayMs)).toEqual(first);
  });

  // Values by hand from each library's formula, without its jitter.
  it.each([
    // urllib3 retry.py: 0 at the first retry, then backoff_factor 0.5 × 2^(a−1): 1, 2 s
    ["urllib3", "none", [0, 1000, 2000]],
    // got calculate-retry-delay.ts: 1000 × 2^(a−1) + Math.random() × noise, noise 0
    ["got", "none", [1000, 2000]],
    // spring-retry ExponentialBackOffPolicy: 100, then (long)(100 × 2)
    ["spring-retry", "0", [100, 200]],
    // Step Functions: IntervalSeconds 1 × BackoffRate 2^(a−1), JitterStrategy NONE
    ["step-functions", "0", [1000, 2000, 4000]],
  ] as const)("%s --jitter %s: %j, no range columns", async (name, jitter, expected) => {
    const { code, stdout, stderr } = await runCli(["--preset", name, "--jitter", jitter, "--attempts", String(expected.length), "--format", "csv"]);
    expect([code, stderr]).toEqual([0, ""]);
    const [header, ...rows] = stdout.trim().split("\n");
    expect(header).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms");
    expect(rows.map((row) => Number(row.split(",")[2]))).toEqual(expected);
  });
});
