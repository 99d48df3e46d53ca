import { describe, expect, it } from "vitest";
import { OVERRIDE_FLAGS, presetErrorText, presetTerms } from "../../../src/cli/shared/preset-flags.js";
import { PresetError, PresetParameterError, option } from "../../../src/presets/errors.js";
import { findPreset } from "../../../src/presets/registry.js";

describe("OVERRIDE_FLAGS", () => {
  it("each override by the flag that sets it", () => {
    expect(OVERRIDE_FLAGS).toEqual({
      baseMs: "--base",
      capMs: "--cap",
      factor: "--factor",
      jitter: "--jitter",
      retries: "--attempts",
      maxElapsedMs: "--max-elapsed",
      strategy: "--strategy",
      retryAfter: "--retry-after",
      maxRetryAfterMs: "--max-retry-after",
    });
  });
});

describe("presetErrorText", () => {
  it("a preset's refusal with each option named by its flag", () => {
    expect(presetErrorText(new PresetParameterError("jitter", "BullMQ's backoff.jitter", "a fraction from 0 to 1", '"full"'))).toBe('--jitter is BullMQ\'s backoff.jitter, a fraction from 0 to 1, got "full"');
    expect(presetErrorText(new PresetError(["use ", option("capMs"), " or ", option("maxElapsedMs"), ", not both"]))).toBe("use --cap or --max-elapsed, not both");
  });
});

describe("presetTerms", () => {
  it("the library's levers by flag and name: BullMQ has no cap, its attempts bound the retries, backoff.jitter", () => {
    // src/presets/bullmq.ts: parameters strategy, baseMs, jitter, retries.
    expect(presetTerms(findPreset("bullmq")!, "attempts: 3")).toEqual({
      name: "bullmq",
      rule: "attempts: 3",
      cap: null,
      limits: ["--attempts, the library's attempts − 1 (attempts counts the first try)"],
      jitter: "--jitter, the library's backoff.jitter, a fraction from 0 to 1 (downward)",
    });
  });

  it("Istio: only its attempts; no cap or jitter to set", () => {
    expect(presetTerms(findPreset("istio")!, "attempts 2")).toEqual({
      name: "istio",
      rule: "attempts 2",
      cap: null,
      limits: ["--attempts, the library's retries.attempts (meshConfig.defaultHttpRetryPolicy for the mesh)"],
      jitter: null,
    });
  });
});
