/**
 * The preset registry (src/presets/registry.ts): every preset in order with a source, a
 * formula and quirks, the libraries' own default retry counts, the closest name for a typo,
 * every default model sampling inside its bounds, and uncapped presets far out saturated,
 * never NaN.
 */
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { PRESETS, closestPreset, findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";

function model(name: string, overrides: PresetOverrides = {}) {
  return findPreset(name)!.build(overrides);
}

describe("the registry", () => {
  it("holds the 16 presets of issue 4, grpc-core (issue 11) and the 12 of issue 12, in order, each with a source and a formula", () => {
    expect(PRESETS.map((p) => p.name)).toEqual([
      "echomq", "bullmq", "node-retry", "p-retry", "exponential-backoff", "cockatiel", "aws-sdk", "grpc", "grpc-core", "grpc-js",
      "grpc-retry",
      "sidekiq", "celery", "tenacity", "cenkalti", "polly", "resilience4j", "kubernetes",
      "envoy", "istio", "contour", "envoy-gateway", "temporal", "step-functions", "argo", "kubernetes-job", "urllib3", "spring-retry", "kafka",
      "go-retryablehttp", "axios-retry", "got",
    ]);
    for (const preset of PRESETS) {
      expect(preset.source.length).toBeGreaterThan(5);
      expect(preset.formula.length).toBeGreaterThan(5);
      expect(preset.quirks.length).toBeGreaterThan(0);
    }
  });

  it("suggests the closest name", () => {
    expect(closestPreset("bulmq")).toBe("bullmq");
    expect(closestPreset("retry")).toBe("node-retry");
    expect(closestPreset("grpcjs")).toBe("grpc-js");
    expect(closestPreset("sidekik")).toBe("sidekiq");
    expect(closestPreset("tenacty")).toBe("tenacity");
    expect(closestPreset("nonexistent")).toBeNull(); // 6 edits from node-retry, no shared start
  });

  it("the default retry counts are the libraries' own", () => {
    const counts = Object.fromEntries(PRESETS.map((p) => [p.name, p.defaultRetries]));
    expect(counts).toEqual({
      echomq: null, // backoff.ex has no retry count
      bullmq: 0, // attempts defaults to 1 (job.ts)
      "node-retry": 10, // retry.js: retries: 10
      "p-retry": 10, // index.js: options.retries ??= 10
      "exponential-backoff": 9, // options.ts: numOfAttempts 10, counting the first call
      cockatiel: null, // Policy.ts retry(): maxAttempts ?? Infinity
      "aws-sdk": 2, // config.ts: DEFAULT_MAX_ATTEMPTS = 3, counting the first call
      grpc: null, // connection backoff retries forever
      "grpc-core": null,
      "grpc-js": null,
      "grpc-retry": 3, // A6's example retryPolicy: maxAttempts 4, counting the first call (every field is required)
      sidekiq: 25, // job_retry.rb: DEFAULT_MAX_RETRY_ATTEMPTS = 25
      celery: 3, // task.py: max_retries = 3
      tenacity: null, // stop_never
      cenkalti: null, // stops by MaxElapsedTime only
      polly: 3, // RetryConstants.cs: DefaultRetryCount = 3
      resilience4j: 2, // RetryConfig maxAttempts 3, counting the first call
      kubernetes: null, // restartPolicy Always
      envoy: 1, // retry_policy_impl.cc: PROTOBUF_GET_WRAPPED_OR_DEFAULT(retry_policy, num_retries, 1)
      istio: 2, // retry.go: defaultNumRetries = 2
      contour: 1, // internal/dag/policy.go: count 0 or unset → numRetries = 1
      "envoy-gateway": 2, // internal/xds/translator/route.go: retryDefaultNumRetries = 2
      temporal: null, // DefaultDefaultRetrySettings.MaximumAttempts 0 = unlimited
      "step-functions": 3, // MaxAttempts defaults to 3
      argo: 10, // no default limit in Argo; examples/retry-backoff.yaml's limit 10
      "kubernetes-job": 6, // spec.backoffLimit defaults to 6
      urllib3: 10, // Retry(total=10)
      "spring-retry": 2, // SimpleRetryPolicy.DEFAULT_MAX_ATTEMPTS = 3, counting the first call
      kafka: 2147483647, // ProducerConfig retries Integer.MAX_VALUE
      "go-retryablehttp": 4, // defaultRetryMax = 4
      "axios-retry": 3, // DEFAULT_OPTIONS.retries = 3
      got: 2, // retry.limit 2
    });
    for (const preset of PRESETS) {
      const built = preset.build({});
      if (preset.defaultRetries !== null && preset.defaultRetries > 0) expect(built.retries).toBe(preset.defaultRetries);
    }
  });

  it("every preset's default model samples inside its bounds (property, fixed seed)", () => {
    for (const preset of PRESETS) assertSamplesInBounds(preset.build({}), 40, 60);
  });
});

describe("uncapped presets far out: saturated, never NaN", () => {
  // 2^600 × 100 ms overflows the exact mean's squares; 2^1100 × 1000 ms is Infinity, and Infinity × 0 is NaN.
  it.each([
    ["axios-retry", {}, 600],
    ["axios-retry", {}, 1100],
    ["got", {}, 1100],
    ["step-functions", { jitter: "FULL" }, 1100],
  ] as [string, PresetOverrides, number][])("%s %j at attempt %i", (name, overrides, attempt) => {
    const m = model(name, overrides);
    expect(m.delay(attempt).delayMs).toBe(SATURATED_MS);
    expect(m.meanMs(attempt)).toBe(SATURATED_MS);
    expect(m.bounds(attempt).maxMs).toBe(SATURATED_MS);
    const sample = m.sampler({ fraction: () => 0, integer: (min) => min });
    for (let a = 1; a < attempt; a++) sample(a);
    expect(Number.isNaN(sample(attempt))).toBe(false);
  });
});
