import { describe, expect, it } from "vitest";
import { BudgetParameterError, budgetFrom, budgetFromText } from "../../src/config/chain-budget-spec.js";

describe("budgetFromText: a budget after a SPEC's @", () => {
  it("takes each system's defaults", () => {
    expect(budgetFromText("envoy", "x")).toEqual({ kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 3 });
    expect(budgetFromText("envoy-max-retries", "x")).toEqual({ kind: "envoy-max-retries", maxRetries: 3 });
    expect(budgetFromText("aws", "x")).toEqual({ kind: "aws-quota", tokens: 500, cost: 14 });
    expect(budgetFromText("linkerd", "x")).toEqual({ kind: "finagle", percentCanRetry: 0.2, minRetriesPerSec: 10, ttlSeconds: 10 });
    expect(budgetFromText("none", "x")).toBeNull();
  });

  it("reads parameters by our names and by the systems' own", () => {
    expect(budgetFromText("envoy:percent=25%,min=5", "x")).toEqual({ kind: "envoy-budget", budgetPercent: 25, minRetryConcurrency: 5 });
    expect(budgetFromText("envoy:budget_percent=25,min_retry_concurrency=0", "x")).toEqual({ kind: "envoy-budget", budgetPercent: 25, minRetryConcurrency: 0 });
    // Newer Envoy's retry_budget.budget_interval (pull request #44147), by our name or Envoy's; 0 is Envoy's default (active requests).
    expect(budgetFromText("envoy:interval=10s", "x")).toEqual({ kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 3, budgetIntervalMs: 10_000 });
    expect(budgetFromText("envoy:budget_interval=500ms", "x")).toEqual({ kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 3, budgetIntervalMs: 500 });
    expect(budgetFromText("envoy:budget_interval=0s", "x")).toEqual({ kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 3 });
    expect(budgetFromText("grpc:maxTokens=10,tokenRatio=0.1", "x")).toEqual({ kind: "grpc-throttling", maxTokens: 10, tokenRatio: 0.1 });
    expect(budgetFromText("aws:cost=5", "x")).toEqual({ kind: "aws-quota", tokens: 500, cost: 5 });
    expect(budgetFromText("finagle:percent=10,min-per-second=0,ttl=30s", "x")).toEqual({ kind: "finagle", percentCanRetry: 0.1, minRetriesPerSec: 0, ttlSeconds: 30 });
    expect(budgetFrom("ratio", [["percent", "10"]], "x")).toEqual({ kind: "ratio", percent: 10 });
  });

  it("refuses what the systems refuse, naming the budget", () => {
    expect(() => budgetFromText("grpc:max-tokens=1001,token-ratio=0.1", "L")).toThrow("L max-tokens must be at most 1000");
    expect(() => budgetFromText("grpc:max-tokens=10,token-ratio=0.0001", "L")).toThrow("at most 3 decimal places");
    expect(() => budgetFromText("envoy:percent=120", "L")).toThrow("L percent must be at most 100%");
    expect(() => budgetFromText("finagle:ttl=90s", "L")).toThrow("from 1 s to 60 s");
    expect(() => budgetFromText("aws:cost=0", "L")).toThrow("L cost must be at least 1");
    expect(() => budgetFromText("aws:price=5", "L")).toThrow("L: aws has no parameter \"price\"; it takes tokens, cost");
    expect(() => budgetFromText("ratio", "L")).toThrow("L: ratio needs percent");
    expect(() => budgetFromText("none:x=1", "L")).toThrow('the budget "none" takes no parameters');
  });

  it("says which parameter it refuses, and whether its key or its value (a file's reader places the message there)", () => {
    const refusal = (pairs: [string, string][]) => {
      try {
        budgetFrom("envoy", pairs, "L");
      } catch (error) {
        return error instanceof BudgetParameterError ? [error.key, error.part, error.message] : String(error);
      }
      return null;
    };
    expect(refusal([["__proto__", "1"]])).toEqual(["__proto__", "key", 'L: envoy has no parameter "__proto__"; it takes percent, min, interval']);
    expect(refusal([["percent", "5"], ["budget_percent", "6"]])).toEqual(["budget_percent", "key", "L: percent is given twice"]);
    expect(refusal([["min", "-1"]])).toEqual(["min", "value", expect.stringContaining("L min")]);
  });
});
