import { describe, expect, it } from "vitest";
import { OVERRIDE_FLAGS, countsTries, presetErrorText, presetTerms } from "../../../src/cli/shared/preset-flags.js";
import { PresetError, PresetParameterError, option } from "../../../src/presets/errors.js";
import { PRESETS, findPreset } from "../../../src/presets/registry.js";

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
      countsTries: true,
    });
  });

  it("Istio: only its attempts; no cap or jitter to set", () => {
    expect(presetTerms(findPreset("istio")!, "attempts 2")).toEqual({
      name: "istio",
      rule: "attempts 2",
      cap: null,
      limits: ["--attempts, the library's retries.attempts (meshConfig.defaultHttpRetryPolicy for the mesh)"],
      jitter: null,
      countsTries: false,
    });
  });
});

describe("countsTries", () => {
  it("holds for the libraries whose count includes the first try, as each one's source says (maxAttempts 4 = 3 retries)", () => {
    // aws-sdk maxAttempts, bullmq attempts, exponential-backoff numOfAttempts, grpc-retry maxAttempts,
    // nick-fields-retry max_attempts, resilience4j maxAttempts, spring-retry maxAttempts, temporal
    // maximumAttempts, tenacity stop_after_attempt, traefik attempts, wretry attempt_limit: each counts the first call.
    expect(PRESETS.filter(countsTries).map((p) => p.name).sort()).toEqual(
      ["aws-sdk", "bullmq", "exponential-backoff", "grpc-retry", "nick-fields-retry", "resilience4j", "spring-retry", "temporal", "tenacity", "traefik", "wretry"],
    );
    // Retries, not tries: Step Functions' MaxAttempts, Argo's limit, Envoy's num_retries, Kafka's retries.
    for (const name of ["step-functions", "argo", "envoy", "kafka", "kubernetes-job", "istio"]) expect(countsTries(findPreset(name)!)).toBe(false);
  });
});
