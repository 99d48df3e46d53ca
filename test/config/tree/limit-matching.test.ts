/**
 * Retry limits matched across a scan (src/config/tree/limit-matching.ts), through `check DIR` on
 * fixtures written for this project (test/fixtures/limits/). Defaults and rules from the
 * systems' source: Envoy api/envoy/config/cluster/v3/circuit_breaker.proto at 01c2c1fa
 * (max_retries 3; retry_budget budget_percent 20, min_retry_concurrency 3; a budget replaces
 * max_retries), Istio networking/v1alpha3/destination_rule.proto at b8f8791d (retryBudget
 * percent 20, minRetryConcurrency 3) and pilot/pkg/model/config.go ResolveShortnameToFQDN (a
 * name without a dot is `<name>.<namespace>.svc.cluster.local`). Lines and columns read off the
 * fixture files.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";

const DIR = "test/fixtures/limits";

async function json(path: string) {
  const result = await runCli(["check", path, "--format", "json"]);
  return { code: result.code, doc: JSON.parse(result.stdout) };
}

describe("a retry limit with no policy beside it (dr-alone)", () => {
  it("is reported at its line, says what it caps and that it governs nothing; exit 0", async () => {
    const result = await runCli(["check", `${DIR}/dr-alone`]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")).toEqual([
      `${DIR}/dr-alone/reviews-dr.yaml`,
      // maxRetries: 3 at line 12, column 9.
      "  – DestinationRule reviews-cb (Istio, line 12:9): retry limit: at most 3 concurrent retries to reviews.prod.svc.cluster.local; governs no policy found",
      "✓ no limits given (--max-total, --max-delay, …), no retry policy found in 1 file; 1 retry limit",
      "",
    ]);
  });
});

describe("an Istio DestinationRule in another file than its VirtualService (istio-cross)", () => {
  it("governs the route whose destination host it names; another namespace's `reviews` does not", async () => {
    const { code, doc } = await json(`${DIR}/istio-cross`);
    expect(code).toBe(0);
    const BUDGET = "retries to reviews.prod.svc.cluster.local ≤ 25% of active and pending requests, at least 5 concurrent";
    const budget = { kind: "retry-budget", percent: 25, min_retry_concurrency: 5, host: "reviews.prod.svc.cluster.local", source: "DestinationRule reviews-budget", file: `${DIR}/istio-cross/destination-rule.yaml`, line: 9, column: 5, text: BUDGET };
    expect(doc.policies.map((p: { name: string; limits?: unknown }) => [p.name, p.limits])).toEqual([["reviews/primary", [budget]]]);
    expect(doc.limits).toEqual([
      { ...budget, governs: [{ file: `${DIR}/istio-cross/virtual-service.yaml`, line: 15, column: 5, system: "istio", name: "reviews/primary" }] },
      // host: reviews in namespace staging is reviews.staging.svc.cluster.local; its maxRetries: 7 at line 28 (the second document), column 9.
      { kind: "max-retries", value: 7, host: "reviews.staging.svc.cluster.local", source: "DestinationRule reviews-staging", file: `${DIR}/istio-cross/destination-rule.yaml`, line: 28, column: 9, text: "at most 7 concurrent retries to reviews.staging.svc.cluster.local", governs: [] },
    ]);
    expect(doc.totals).toMatchObject({ policies: 1, retry_limits: 2, limits: 0 });
  });
});

describe("Envoy clusters in another file than the routes (envoy-cross)", () => {
  it("each route gets the circuit breaker of the cluster it names, in the text under the policy", async () => {
    const result = await runCli(["check", `${DIR}/envoy-cross`]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split("\n");
    expect(lines.filter((l) => l.includes("retry limit:"))).toEqual([
      `    retry limit: at most 8 concurrent retries to cluster payments (cluster payments, ${DIR}/envoy-cross/clusters.yaml:11:7)`,
      `    retry limit: retries to cluster inventory ≤ 15% of active and pending requests, at least 3 concurrent (cluster inventory, ${DIR}/envoy-cross/clusters.yaml:17:7)`,
      "  – cluster payments (Envoy, line 11:7): retry limit: at most 8 concurrent retries to cluster payments; governs 1 policy",
      "  – cluster inventory (Envoy, line 17:7): retry limit: retries to cluster inventory ≤ 15% of active and pending requests, at least 3 concurrent; governs 1 policy",
    ]);
    // What each route retries on (issue 41): /pay retries 5xx, 503 among it, and its cluster payments has only a max_retries
    // circuit breaker, which is no budget: one retries-overload warning; /stock retries reset alone, no overload signal.
    expect(lines.filter((l) => l.includes("⚠")).map((l) => l.slice(0, l.indexOf(" and no retry budget")))).toEqual(["    ⚠ retries-overload: retries 503 (retry_on: 5xx)"]);
    expect(lines.at(-2)).toBe("✓ no limits given (--max-total, --max-delay, …), 2 policies in 1 file; 2 retry limits, 1 warning");
  });
});

describe("a DestinationRule with no retry limit (lookalike)", () => {
  it("reports nothing", async () => {
    const { doc } = await json(`${DIR}/lookalike`);
    expect(doc.limits).toEqual([]);
    expect(doc.policies).toEqual([]);
  });
});
