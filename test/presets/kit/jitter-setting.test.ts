/**
 * The jitter readers of src/presets/kit/jitter-setting.ts, by hand, and what they do under
 * every preset. Issue 11, item 2: `--jitter none` and `--jitter 0` both turn jitter off under every
 * preset whose library has a jitter setting, whatever that setting's own spelling
 * (a fraction, a switch, a named strategy, a number of seconds or ms).
 */
import { describe, expect, it } from "vitest";
import { PRESETS, findPreset } from "../../../src/presets/registry.js";
import { isJitterOff, parseChoice, parseFraction, parseSwitch } from "../../../src/presets/kit/jitter-setting.js";
import { PresetParameterError } from "../../../src/presets/errors.js";
import { runCli } from "../../support/cli.js";

describe("the readers", () => {
  it("isJitterOff: none (any case, spaces around) and every spelling of 0; nothing else", () => {
    expect(["none", " NONE ", "0", "0.0", "00", ".0", "0."].map(isJitterOff)).toEqual([true, true, true, true, true, true, true]);
    expect(["0.1", "1", "off", "false", "-0", "0x0", ""].map(isJitterOff)).toEqual([false, false, false, false, false, false, false]);
  });

  it("parseFraction: the value inside the range, none as 0 only when the range starts at 0, the top included or not", () => {
    const closed = { min: 0, max: 1, maxIncluded: true };
    const open = { min: 0, max: 1, maxIncluded: false };
    expect(["0.5", " .25 ", "1", "none", "0"].map((text) => parseFraction(text, "lib.jitter", closed))).toEqual([0.5, 0.25, 1, 0, 0]);
    expect(parseFraction("0.999", "lib.jitter", open)).toBe(0.999);
    expect(() => parseFraction("1", "lib.jitter", open)).toThrow('jitter is lib.jitter, a number from 0 to below 1, got "1"');
    expect(() => parseFraction("1.5", "lib.jitter", closed)).toThrow('jitter is lib.jitter, a number from 0 to 1, got "1.5"');
    expect(() => parseFraction("none", "lib.jitter", { min: 0.1, max: 1, maxIncluded: true })).toThrow('jitter is lib.jitter, a number from 0.1 to 1, got "none"');
    expect(() => parseFraction("-0.5", "lib.jitter", closed)).toThrow(PresetParameterError);
  });

  it("parseSwitch: true/on/yes/1 and false/off/no/0/none, in any case", () => {
    expect(["true", "ON", " yes ", "1"].map((text) => parseSwitch(text, "lib.randomize"))).toEqual([true, true, true, true]);
    expect(["false", "Off", "no", "0", "none"].map((text) => parseSwitch(text, "lib.randomize"))).toEqual([false, false, false, false, false]);
    expect(() => parseSwitch("0.0", "lib.randomize")).toThrow('jitter is lib.randomize, on or off (true/false), got "0.0"');
  });

  it("parseChoice: a listed name in any case; 0 names none only when there is a none", () => {
    const withNone = ["none", "full"] as const;
    const without = ["0.2", "full"] as const;
    expect(["FULL", "none", "0", "0.0"].map((text) => parseChoice(text, "lib.jitter", withNone))).toEqual(["full", "none", "none", "none"]);
    expect(parseChoice("0.2", "lib.jitter", without)).toBe("0.2");
    expect(() => parseChoice("0", "lib.jitter", without)).toThrow('jitter is lib.jitter, one of 0.2, full, got "0"');
    expect(() => parseChoice("half", "lib.jitter", withNone)).toThrow('jitter is lib.jitter, one of none, full, got "half"');
  });
});

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
