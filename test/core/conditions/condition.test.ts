import { describe, expect, it } from "vitest";
import { type RetryOn, conditionText, conditionTexts, overloadOf, overloadSignals, retriesEverything, retryOnData, retryOnText } from "../../../src/core/conditions/condition.js";

// src/core/conditions/condition.ts: the shared vocabulary of retry conditions (issue 41, item 1).
const on = (conditions: RetryOn["conditions"], extra: Partial<RetryOn> = {}): RetryOn => ({ words: ["w"], from: "key", isDefault: false, conditions, ...extra });

describe("the vocabulary's words", () => {
  it("each kind of condition", () => {
    expect(
      [
        { kind: "connection" },
        { kind: "timeout" },
        { kind: "5xx" },
        { kind: "status", code: 504 },
        { kind: "grpc", code: "UNAVAILABLE" },
        { kind: "error", name: "java.io.IOException" },
        { kind: "every-error" },
        { kind: "every-error", but: "States.Runtime" },
        { kind: "code", why: "com.example.Retry" },
        { kind: "other", text: "responses with the retriable headers" },
      ].map((c) => conditionText(c as RetryOn["conditions"][number])),
    ).toEqual([
      "connection failures",
      "timeouts",
      "5xx",
      "504",
      "gRPC UNAVAILABLE",
      "java.io.IOException",
      "every error",
      "every error but States.Runtime",
      "decided by code (com.example.Retry)",
      "responses with the retriable headers",
    ]);
  });

  it("the overload signals: 503 (alone or in every 5xx), 429, RESOURCE_EXHAUSTED, a throttling error's name, a condition marked so", () => {
    expect(overloadOf({ kind: "5xx" })).toBe("503");
    expect(overloadOf({ kind: "status", code: 503 })).toBe("503");
    expect(overloadOf({ kind: "status", code: 429 })).toBe("429");
    expect(overloadOf({ kind: "status", code: 502 })).toBeNull();
    expect(overloadOf({ kind: "grpc", code: "RESOURCE_EXHAUSTED" })).toBe("gRPC RESOURCE_EXHAUSTED");
    expect(overloadOf({ kind: "grpc", code: "UNAVAILABLE" })).toBeNull();
    expect(overloadOf({ kind: "error", name: "Lambda.TooManyRequestsException" })).toBe("Lambda.TooManyRequestsException");
    expect(overloadOf({ kind: "error", name: "ThrottlingException" })).toBe("ThrottlingException");
    expect(overloadOf({ kind: "error", name: "Lambda.ServiceException" })).toBeNull();
    expect(overloadOf({ kind: "every-error" })).toBeNull();
    expect(overloadOf({ kind: "other", text: "Envoy's rate limiting", overload: true })).toBe("Envoy's rate limiting");
    // Each once, in the conditions' order: gateway-error's 503 and 5xx's are one signal.
    expect(overloadSignals(on([{ kind: "status", code: 429 }, { kind: "5xx" }, { kind: "status", code: 503 }]))).toEqual(["429", "503"]);
  });

  it("retrying everything: every error with nothing excluded, or every 5xx with a 4xx", () => {
    expect(retriesEverything(on([{ kind: "every-error" }]))).toBe(true);
    expect(retriesEverything(on([{ kind: "every-error" }], { except: ["States.TaskFailed"] }))).toBe(false);
    expect(retriesEverything(on([{ kind: "5xx" }, { kind: "status", code: 409 }]))).toBe(true);
    expect(retriesEverything(on([{ kind: "5xx" }, { kind: "connection" }]))).toBe(false);
    expect(retriesEverything(on([{ kind: "status", code: 409 }]))).toBe(false);
  });
});

describe("the report's line", () => {
  // The incident (scaleapi/llm-engine #866): retryOn connect-failure,unavailable,gateway-error, as Envoy reads each word.
  const incident = on(
    [{ kind: "connection" }, { kind: "grpc", code: "UNAVAILABLE" }, { kind: "status", code: 502 }, { kind: "status", code: 503 }, { kind: "status", code: 504 }],
    { words: ["connect-failure", "unavailable", "gateway-error"], from: "retryOn" },
  );

  it("the overload signals first, then the rest in order, each once; the system's words after", () => {
    expect(conditionTexts(incident)).toEqual(["503", "connection failures", "gRPC UNAVAILABLE", "502", "504"]);
    expect(retryOnText(incident)).toBe("retries on 503, connection failures, gRPC UNAVAILABLE, 502, 504 (retryOn: connect-failure, unavailable, gateway-error)");
    expect(retryOnText(on([{ kind: "connection" }, { kind: "connection" }]))).toBe("retries on connection failures (key: w)");
  });

  it("nothing retried, no words; errors excluded, methods, Retry-After", () => {
    expect(retryOnText({ words: [], from: "no retry_on", isDefault: true, conditions: [] })).toBe("retries on no condition (no retry_on)");
    expect(retryOnText(on([{ kind: "every-error" }], { except: ["A", "B"], methods: ["GET", "HEAD"], retryAfter: "waits as Retry-After says" }))).toBe(
      "retries on every error (key: w); not A, B; methods GET, HEAD; waits as Retry-After says",
    );
    expect(retryOnText(on([{ kind: "5xx" }], { methods: [] }))).toBe("retries on 5xx (key: w); methods none");
  });

  it("as the machine reports give it", () => {
    expect(retryOnData(incident)).toEqual({
      from: "retryOn",
      default: false,
      words: ["connect-failure", "unavailable", "gateway-error"],
      conditions: ["503", "connection failures", "gRPC UNAVAILABLE", "502", "504"],
      overload: ["503"],
      everything: false,
    });
    expect(retryOnData(on([], { except: ["E"], methods: ["GET"], budget: "b", retryAfter: "r" }))).toEqual({
      from: "key",
      default: false,
      words: ["w"],
      conditions: [],
      overload: [],
      everything: false,
      except: ["E"],
      methods: ["GET"],
      budget: "b",
      retry_after: "r",
    });
  });
});
