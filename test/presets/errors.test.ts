/**
 * Presets refuse a value with a structured error that names options by their override
 * keys (baseMs, capMs, …), never by a flag; the CLI words it with its flags. The
 * expected lines below are what `backoff` printed before presets stopped writing flags.
 */
import { describe, expect, it } from "vitest";
import { OVERRIDE_FLAGS, presetErrorText } from "../../src/cli/shared/preset-flags.js";
import { PresetError, PresetParameterError, option, parts } from "../../src/presets/errors.js";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { runCli } from "../support/cli.js";

function refusal(name: string, overrides: PresetOverrides): PresetError {
  try {
    findPreset(name)!.build(overrides);
  } catch (error) {
    if (error instanceof PresetError) return error;
    throw error;
  }
  throw new Error(`${name} built a model from ${JSON.stringify(overrides)}`);
}

describe("PresetParameterError", () => {
  it("says which override, the library's name for it, what is allowed and what it got", () => {
    const error = refusal("bullmq", { jitter: "1.5" });
    expect(error).toBeInstanceOf(PresetParameterError);
    expect({ ...(error as PresetParameterError) }).toMatchObject({
      parameter: "jitter",
      libraryParameter: "BullMQ's backoff.jitter",
      allowed: "a number from 0 to 1",
      got: '"1.5"',
    });
    const whole = refusal("resilience4j", { baseMs: 1500.5 }) as PresetParameterError;
    expect([whole.parameter, whole.libraryParameter, whole.allowed, whole.got]).toEqual([
      "baseMs",
      "resilience4j's initialIntervalMillis (a long)",
      "a whole number of milliseconds",
      "1500.5 ms",
    ]);
    const elapsed = refusal("p-retry", { maxElapsedMs: 2.5 }) as PresetParameterError;
    expect([elapsed.parameter, elapsed.allowed, elapsed.got]).toEqual(["maxElapsedMs", "a whole number of milliseconds", "2.5 ms"]);
  });

  it("has a message without flags, and is worded with whatever names the caller gives", () => {
    const error = refusal("grpc", { baseMs: 2000, capMs: 1000 });
    expect(error.message).toBe("capMs (MAX_BACKOFF, 1000 ms) must be at least baseMs (INITIAL_BACKOFF, 2000 ms)");
    expect(error.worded((name) => ({ baseMs: "base", capMs: "cap" })[name as "baseMs" | "capMs"])).toBe(
      "cap (MAX_BACKOFF, 1000 ms) must be at least base (INITIAL_BACKOFF, 2000 ms)",
    );
    expect(presetErrorText(error)).toBe("--cap (MAX_BACKOFF, 1000 ms) must be at least --base (INITIAL_BACKOFF, 2000 ms)");
  });

  it("parts keeps text and mentions in order, numbers as text", () => {
    expect(parts`${option("factor")} is ${3} or ${option("retries")}`).toEqual([{ option: "factor" }, " is ", "3", " or ", { option: "retries" }]);
    expect(new PresetError(parts`${option("retries")}`).worded((name) => OVERRIDE_FLAGS[name])).toBe("--attempts");
  });

  it("no refusal's message names a flag", () => {
    const refusals: Array<[string, PresetOverrides]> = [
      ["bullmq", { jitter: "full" }],
      ["bullmq", { strategy: "linear" }],
      ["echomq", { baseMs: 1.5 }],
      ["echomq", { capMs: 10_000, jitter: "0.2" }],
      ["resilience4j", { capMs: 0.5 }],
      ["celery", { jitter: "maybe" }],
      ["tenacity", { baseMs: 2000, capMs: 1000 }],
      ["tenacity", { jitter: "full" }],
      ["node-retry", { baseMs: 2000, capMs: 1000 }],
      ["cockatiel", { jitter: "none", factor: 3 }],
      ["exponential-backoff", { jitter: "half" }],
    ];
    for (const [name, overrides] of refusals) expect(refusal(name, overrides).message).not.toMatch(/--[a-z]/);
  });
});

describe("the CLI words preset refusals with its flags, as before", () => {
  const cases: Array<[string, string]> = [
    ["--preset bullmq --jitter full", "error: --preset bullmq: --jitter is BullMQ's backoff.jitter, a number from 0 to 1, got \"full\""],
    ["--preset bullmq --strategy linear", "error: --preset bullmq: --strategy linear has no counterpart in bullmq; its backoff.type is exponential or fixed"],
    ["--preset echomq --base 1.5", "error: --preset echomq: --base is EchoMQ's delay (an integer), a whole number of milliseconds, got 1.5 ms"],
    ["--preset echomq --cap 10.5", "error: --cap must be a whole number of milliseconds, as every delay is (so none can pass it), got \"10.5\""],
    [
      "--preset echomq --cap 10s --jitter 0.2",
      "error: --preset echomq: --jitter under echomq with --cap is delay_ms/2's {:jitter, inner}: full or none, got \"0.2\" (a fraction is calculate/4's jitter, which has no cap)",
    ],
    ["--preset resilience4j --base 0.5", "error: --preset resilience4j: --base is resilience4j's initialIntervalMillis (a long), a whole number of milliseconds, got 0.5 ms"],
    ["--preset resilience4j --jitter 2", "error: --preset resilience4j: --jitter is resilience4j's randomizationFactor, a number from 0 to 1, got \"2\""],
    ["--preset celery --jitter maybe", "error: --preset celery: --jitter is celery's retry_jitter, on or off (true/false), got \"maybe\""],
    ["--preset p-retry --max-elapsed 2.5", "error: --preset p-retry: --max-elapsed is p-retry's maxRetryTime, a whole number of milliseconds, got 2.5 ms"],
    ["--preset grpc --cap 1s --base 2s", "error: --preset grpc: --cap (MAX_BACKOFF, 1000 ms) must be at least --base (INITIAL_BACKOFF, 2000 ms)"],
    ["--preset grpc --jitter 2", "error: --preset grpc: --jitter is gRPC's JITTER, a number from 0 to below 1, got \"2\""],
    [
      "--preset tenacity --cap 1s --base 2s",
      "error: --preset tenacity: --cap (max, 1000 ms) below --base (multiplier, 2000 ms) makes every wait the max; give a cap of at least the base",
    ],
    ["--preset node-retry --base 2s --cap 1s", "error: --preset node-retry: node-retry throws \"minTimeout is greater than maxTimeout\" (--base 2000 ms > --cap 1000 ms)"],
    [
      "--preset cockatiel --jitter none --factor 3",
      "error: --preset cockatiel: --factor is cockatiel's exponent, which only the decorrelated generator reads; noJitterGenerator doubles regardless",
    ],
    ["--preset cockatiel --jitter weird", "error: --preset cockatiel: --jitter is cockatiel's generator, one of decorrelated, none, full, half, got \"weird\""],
    ["--preset exponential-backoff --jitter half", "error: --preset exponential-backoff: --jitter is exponential-backoff's jitter, one of none, full, got \"half\""],
    // The calculator's own factor rule, said in the library's terms (issue 11: the option, the preset, what it accepts).
    ["--preset temporal --factor 0.5", "error: --preset temporal: --factor is temporal's backoffCoefficient (at least 1); it must be at least 1 (1 keeps the delay constant), got \"0.5\""],
    ["solve --preset step-functions --factor 0.9 --total 1m", "error: --preset step-functions: --factor is step-functions's BackoffRate (at least 1.0); it must be at least 1 (1 keeps the delay constant), got \"0.9\""],
    ["check --preset spring-retry --factor abc", "error: --preset spring-retry: --factor is spring-retry's multiplier; it must be a number of at least 1, such as 2 or 1.5, got \"abc\""],
    ["check --preset echomq --base 1.5 --max-total 1h", "error: --preset echomq: --base is EchoMQ's delay (an integer), a whole number of milliseconds, got 1.5 ms"],
  ];
  it.each(cases)("backoff %s", async (argv, line) => {
    const { code, stdout, stderr } = await runCli(argv.split(" "), { env: { NO_COLOR: "1" } });
    expect([code, stdout, stderr]).toEqual([2, "", `${line}\n`]);
  });
});
