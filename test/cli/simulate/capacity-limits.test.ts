import { describe, expect, it } from "vitest";
import { circuitBreakerChoice, parseCompare, retryBudgetChoice, retryQuotaChoice, retryThrottlingChoice } from "../../../src/cli/simulate/capacity-limits.js";
import { AwsRetryQuota } from "../../../src/core/herd/capacity/limits/aws-retry-quota.js";
import { GrpcRetryThrottling } from "../../../src/core/herd/capacity/limits/grpc-retry-throttling.js";

describe("limits from the command line", () => {
  it("each flag's defaults are its system's (botocore 500/5/10, gRFC A6's 10/0.1, our breaker 50%/5s)", () => {
    const quota = retryQuotaChoice("--retry-quota", true);
    expect(quota.name).toBe("AWS retry quota");
    expect((quota.make() as AwsRetryQuota).available).toBe(500);
    expect(retryQuotaChoice("--retry-quota", "500/14").name).toBe("AWS retry quota 500/14/10");
    const throttling = retryThrottlingChoice("--retry-throttling", true);
    expect(throttling.name).toBe("gRPC retry throttling 10/0.1");
    expect((throttling.make() as GrpcRetryThrottling).milliTokens).toBe(10_000);
    expect(circuitBreakerChoice("--circuit-breaker", true).name).toBe("circuit breaker 50%");
    expect(circuitBreakerChoice("--circuit-breaker", "0.25/1s").name).toBe("circuit breaker 25%");
    expect(retryBudgetChoice("--retry-budget", "10%").name).toBe("retry budget 10%");
  });

  it("each run gets fresh limits (they carry state)", () => {
    const quota = retryQuotaChoice("--retry-quota", true);
    const first = quota.make() as AwsRetryQuota;
    first.retry(0, false);
    expect((quota.make() as AwsRetryQuota).available).toBe(500);
  });

  it("--compare: none, no-retries, and limits joined by +", () => {
    expect(parseCompare("--compare", "none, no-retries ,budget=10%+quota,throttling=20/0.5,breaker").map((v) => [v.name, v.retries, v.limits.length])).toEqual([
      ["no limit", true, 0],
      ["no retries", false, 0],
      ["retry budget 10% + AWS retry quota", true, 2],
      ["gRPC retry throttling 20/0.5", true, 1],
      ["circuit breaker 50%", true, 1],
    ]);
    expect(() => parseCompare("--compare", "none,,quota")).toThrow(/comma-separated/);
    expect(() => parseCompare("--compare", "budget")).toThrow("--compare budget needs a percentage: budget=10%");
    // A variant on its own joined to limits: said as the rule it breaks (issue 38, item 8: it said got "none" while listing none).
    expect(() => parseCompare("--compare", "none+quota")).toThrow("--compare none cannot be combined with + (it is a variant on its own); give it as its own item, comma-separated: none,quota");
    expect(() => parseCompare("--compare", "none,budget=10%+no-retries+breaker")).toThrow(
      "--compare no-retries cannot be combined with + (it is a variant on its own); give it as its own item, comma-separated: no-retries,budget=10%+breaker",
    );
    expect(() => parseCompare("--compare", "throttling=2000")).toThrow("--compare throttling's max tokens must be at most 1000 (gRFC A6)");
  });
});
