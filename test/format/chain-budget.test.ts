import { describe, expect, it } from "vitest";
import { budgetCell, budgetJson, budgetText } from "../../src/format/chain-budget.js";

describe("a budget in words, in a cell, in JSON", () => {
  it("the AWS SDK's retry quota", () => {
    const quota = { kind: "aws-quota", tokens: 500, cost: 5 } as const;
    expect(budgetText(quota)).toBe("AWS SDK retry quota (500 tokens, 5 a retry)");
    expect(budgetCell(quota)).toBe("aws 500/5");
    expect(budgetJson(quota)).toEqual({ kind: "aws-quota", tokens: 500, cost: 5 });
  });

  it("Envoy's retry budget and a plain ratio, under their own names", () => {
    const envoy = { kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 3 } as const;
    expect(budgetText(envoy)).toBe("Envoy retry budget (20% of active requests, at least 3 retries in flight)");
    expect(budgetCell(envoy)).toBe("envoy 20%/3");
    expect(budgetJson(envoy)).toEqual({ kind: "envoy-budget", budget_percent: 20, min_retry_concurrency: 3 });
    const windowed = { ...envoy, budgetIntervalMs: 10_000 };
    expect(budgetText(windowed)).toBe("Envoy retry budget (retries in flight under 20% of the requests of the last 10 s, at least 3)");
    expect(budgetCell(windowed)).toBe("envoy 20%/3/10s");
    expect(budgetJson(windowed)).toEqual({ kind: "envoy-budget", budget_percent: 20, min_retry_concurrency: 3, budget_interval_ms: 10_000 });
    expect(budgetCell({ kind: "ratio", percent: 10 })).toBe("ratio 10%");
  });
});
