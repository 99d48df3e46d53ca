import { describe, expect, it } from "vitest";
import type { RetryOn } from "../../../src/core/conditions/condition.js";
import { FAILURE_KINDS, failureRetried, findFailureKind, retriesFor } from "../../../src/core/chain/failure.js";
import { awsSdk } from "../../../src/presets/aws-sdk.js";
import { envoy } from "../../../src/presets/envoy.js";
import { istio } from "../../../src/presets/istio.js";
import { resilience4j } from "../../../src/presets/resilience4j.js";

const kind = (word: string) => findFailureKind(word)!;
const on = (conditions: RetryOn["conditions"], extra: Partial<RetryOn> = {}): RetryOn => ({ words: [], from: "test", isDefault: false, conditions, ...extra });

describe("findFailureKind", () => {
  it("finds a failure by its name or an alias, case and _ aside", () => {
    expect(kind("503").condition).toEqual({ kind: "status", code: 503 });
    expect(kind("overload").name).toBe("503");
    expect(kind("Reset").name).toBe("connection");
    expect(kind("RESOURCE_EXHAUSTED").condition).toEqual({ kind: "grpc", code: "RESOURCE_EXHAUSTED" });
    expect(findFailureKind("404")).toBeUndefined();
    expect(findFailureKind("constructor")).toBeUndefined();
  });

  it("lists each name and alias once", () => {
    const words = FAILURE_KINDS.flatMap((one) => [one.name, ...one.aliases]);
    expect(new Set(words).size).toBe(words.length);
  });
});

describe("failureRetried", () => {
  it("Istio's default (connect-failure, refused-stream, unavailable, cancelled, 503) retries 503 and connection failures, not 502 or timeouts", () => {
    // istio/istio pilot/pkg/networking/core/route/retry/retry.go at 126806ab, defaultPolicy (src/presets/istio.ts).
    expect(failureRetried(istio.conditions, kind("503"))).toEqual({ retried: "yes", by: "503" });
    expect(failureRetried(istio.conditions, kind("connection"))).toEqual({ retried: "yes", by: "connection failures" });
    expect(failureRetried(istio.conditions, kind("unavailable"))).toEqual({ retried: "yes", by: "gRPC UNAVAILABLE" });
    expect(failureRetried(istio.conditions, kind("502"))).toEqual({ retried: "no" });
    expect(failureRetried(istio.conditions, kind("timeout"))).toEqual({ retried: "no" });
  });

  it("every 5xx covers 500 to 599 and no gRPC code; the AWS SDK retries 502 and 429 by the status (its transient 500/502/503/504, issue 39)", () => {
    expect(failureRetried(on([{ kind: "5xx" }]), kind("502"))).toEqual({ retried: "yes", by: "5xx" });
    expect(failureRetried(awsSdk.conditions, kind("502"))).toEqual({ retried: "yes", by: "502" });
    expect(failureRetried(awsSdk.conditions, kind("429"))).toEqual({ retried: "yes", by: "429" });
    expect(failureRetried(on([{ kind: "5xx" }]), kind("unavailable"))).toEqual({ retried: "no" });
  });

  it("every error retries everything, unless some errors are excluded by name", () => {
    expect(failureRetried(resilience4j.conditions, kind("timeout"))).toEqual({ retried: "yes", by: "every error" });
    expect(failureRetried(on([{ kind: "every-error" }], { except: ["NotFound"] }), kind("503")).retried).toBe("assumed");
  });

  it("Envoy without retry_on retries nothing", () => {
    expect(failureRetried(envoy.conditions, kind("503"))).toEqual({ retried: "no" });
  });

  it("conditions not known, or decided by code or an error class, are assumed to retry, saying why", () => {
    expect(failureRetried(undefined, kind("503"))).toEqual({ retried: "assumed", why: "what it retries on is not known" });
    expect(failureRetried(on([{ kind: "connection" }, { kind: "code", why: "a retryIf predicate" }]), kind("503"))).toEqual({
      retried: "assumed",
      why: "it retries on decided by code (a retryIf predicate), which cannot be matched against 503 Service Unavailable",
    });
    // A condition that matches wins over one that cannot be told.
    expect(failureRetried(on([{ kind: "error", name: "IOException" }, { kind: "connection" }]), kind("connection"))).toEqual({ retried: "yes", by: "connection failures" });
  });

  it("a layer that does not retry the failure makes no retry; otherwise its policy's", () => {
    expect(retriesFor(2, { retried: "no" })).toBe(0);
    expect(retriesFor(2, { retried: "assumed", why: "" })).toBe(2);
    expect(retriesFor(2, null)).toBe(2);
  });
});
