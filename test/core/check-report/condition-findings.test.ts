import { describe, expect, it } from "vitest";
import { budgetOf, conditionFindings } from "../../../src/core/check-report/condition-findings.js";
import type { FilePolicyReport } from "../../../src/core/check-report/policy.js";
import type { LimitReport } from "../../../src/core/check-report/retry-limit.js";
import type { RetryOn } from "../../../src/core/conditions/condition.js";

// src/core/check-report/condition-findings.ts: the two rules of what a policy retries on (issue 41, items 3 and 4).
const location = { file: "f.yaml", line: 3, column: 5 };
const policy = { name: "p", system: "istio", systemLabel: "Istio VirtualService" };
const levers = { conditions: "retryOn", budget: "a retryBudget" };
// A bounded schedule's totals; a policy that retries forever has none, in the best case either (policy.ts retriesForever).
const BOUNDED = { assertions: [], bestTotalMs: 7000, worstTotalMs: 7000 };
const FOREVER = { assertions: [], bestTotalMs: null, worstTotalMs: null };
const report = (retryOn: RetryOn | undefined, limits?: LimitReport[], attempts = 3, result: object = BOUNDED) =>
  ({ attempts, result, ...(retryOn === undefined ? {} : { retryOn }), ...(limits === undefined ? {} : { limits }) }) as unknown as FilePolicyReport;
const budget: LimitReport = { file: "dr.yaml", line: 9, column: 5, system: "istio", systemLabel: "Istio", source: "DestinationRule r", kind: "retry-budget", percent: 20, minRetryConcurrency: 3, text: "t" };
const breaker: LimitReport = { file: "dr.yaml", line: 9, column: 5, system: "istio", systemLabel: "Istio", source: "DestinationRule r", kind: "max-retries", value: 3, text: "t" };
const rules = (p: FilePolicyReport) => conditionFindings(p, location, policy).map((f) => [f.rule, f.level, f.message]);

describe("retries-overload", () => {
  const gateway: RetryOn = { words: ["gateway-error"], from: "retryOn", isDefault: false, conditions: [502, 503, 504].map((code) => ({ kind: "status", code })), levers };

  it("an overload signal without a budget: a warning naming it, the traffic at worst (1 + 3 tries) and the fix", () => {
    expect(rules(report(gateway))).toEqual([
      [
        "retries-overload",
        "warning",
        "retries 503 (retryOn: gateway-error) and no retry budget governs it: a service that answers this is overloaded, and each retry adds to its load (4 times the traffic at worst); " +
          "retry 502, 504 and connection failures only (retryOn), or add a retry budget (a retryBudget)",
      ],
    ]);
  });

  it("a retry budget on its destination, or its own, governs it; a circuit breaker's max_retries does not, nor an overridden budget", () => {
    expect(rules(report(gateway, [budget]))).toEqual([]);
    expect(rules(report({ ...gateway, budget: "retryThrottling maxTokens 10, tokenRatio 0.1" }))).toEqual([]);
    expect(rules(report(gateway, [breaker]))).toHaveLength(1);
    expect(rules(report(gateway, [{ ...budget, overridden: "why" }]))).toHaveLength(1);
    expect(budgetOf(report(gateway, [breaker, budget]))).toBe("DestinationRule r's retry budget");
    expect(budgetOf(report(undefined))).toBeNull();
  });

  it("Retry-After honoured on 429 alone says nothing; on 503 it does not help; a system without budgets is told its own fix", () => {
    const throttled: RetryOn = { words: ["429"], from: "k", isDefault: false, conditions: [{ kind: "status", code: 429 }], retryAfter: "waits as Retry-After says" };
    expect(rules(report(throttled))).toEqual([]);
    expect(rules(report({ ...throttled, conditions: [{ kind: "status", code: 503 }] }))).toHaveLength(1);
    const asl: RetryOn = { words: ["E"], from: "ErrorEquals", isDefault: false, conditions: [{ kind: "error", name: "ThrottlingException" }], levers: { conditions: "c", budget: null, narrow: "do this" } };
    expect(rules(report(asl, undefined, 1))).toEqual([
      ["retries-overload", "warning", "retries ThrottlingException (ErrorEquals: E) and no retry budget governs it: a service that answers this is overloaded, and each retry adds to its load (2 times the traffic at worst); do this"],
    ]);
  });

  it("no conditions read, or none that signals overload: nothing", () => {
    expect(rules(report(undefined))).toEqual([]);
    expect(rules(report({ ...gateway, conditions: [{ kind: "connection" }, { kind: "status", code: 502 }] }))).toEqual([]);
  });
});

describe("retries-everything", () => {
  const all: RetryOn = { words: ["States.ALL"], from: "ErrorEquals", isDefault: false, conditions: [{ kind: "every-error" }], levers: { conditions: "ErrorEquals", budget: null } };
  it("a policy that retries forever has no count of tries to give (its rows were drawn to 10): without end, in both rules", () => {
    expect(rules(report({ ...all, conditions: [{ kind: "every-error" }, { kind: "status", code: 503 }] }, undefined, 10, FOREVER))).toEqual([
      ["retries-overload", "warning", "retries 503 (ErrorEquals: States.ALL) and no retry budget governs it: a service that answers this is overloaded, and each retry adds to its load (without a count: it retries again and again, without end); retry 502, 504 and connection failures only (ErrorEquals)"],
      ["retries-everything", "warning", "retries every error (ErrorEquals: States.ALL), permanent failures too: a request that cannot succeed is tried again and again, without end; retry only the errors that are transient (ErrorEquals)"],
    ]);
    // A deadline that ends every run bounds its totals (5 min here), not its count: tried until the deadline ends it.
    expect(rules(report(all, undefined, 10, { ...FOREVER, bestTotalMs: 300_000, worstTotalMs: 300_000, scheduleTotals: { bestMs: null, worstMs: null } }))).toEqual([
      ["retries-everything", "warning", "retries every error (ErrorEquals: States.ALL), permanent failures too: a request that cannot succeed is tried again and again until the deadline ends it, 5 min at worst; retry only the errors that are transient (ErrorEquals)"],
    ]);
  });

  it("every error, nothing excluded: a warning; with an earlier, narrower retrier: none", () => {
    expect(rules(report(all, undefined, 2))).toEqual([
      ["retries-everything", "warning", "retries every error (ErrorEquals: States.ALL), permanent failures too: a request that cannot succeed is tried 3 times; retry only the errors that are transient (ErrorEquals)"],
    ]);
    expect(rules(report({ ...all, except: ["States.TaskFailed"] }))).toEqual([]);
  });
  it("every error where the system fixes the conditions (Knative's SelectiveRetry, Lambda): nothing in the file to change, so no warning; an overload signal still warns", () => {
    const fixed: RetryOn = { words: ["function errors"], from: "AWS's documented retries", isDefault: true, conditions: [{ kind: "every-error" }], levers: { conditions: "nothing in the file", budget: null, fixed: true } };
    expect(rules(report(fixed))).toEqual([]);
    const selective: RetryOn = { ...fixed, conditions: [{ kind: "every-error" }, { kind: "status", code: 429 }] };
    expect(rules(report(selective)).map(([rule]) => rule)).toEqual(["retries-overload"]);
  });
  it("every 5xx with a 4xx (Envoy's 5xx with retriable-4xx): both rules", () => {
    const both: RetryOn = { words: ["5xx", "retriable-4xx"], from: "retry_on", isDefault: false, conditions: [{ kind: "5xx" }, { kind: "status", code: 409 }] };
    expect(rules(report(both)).map(([rule]) => rule)).toEqual(["retries-overload", "retries-everything"]);
  });
});
