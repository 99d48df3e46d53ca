import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { runCli } from "../../support/cli.js";
import { find, problem } from "../../support/recognise.js";

// linkerd2 edge-26.8.3 (b24cd405): controller/api/destination/profile_translator.go
// (defaultRetryBudget, createDestinationProfile); linkerd2-proxy release/v2.366.0
// linkerd/service-profiles/src/proto.rs convert_retry_budget, linkerd/app/outbound/src/http/retry.rs.
const DIR = "test/fixtures/policies/linkerd";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");
const BUDGET = "[retryBudget retryRatio 0.2, minRetriesPerSecond 10, ttl 10s]";
const DEFAULT_BUDGET = "[retryBudget default: retryRatio 0.2, minRetriesPerSecond 10, ttl 10s]";

describe("Linkerd ServiceProfile (shapes/linkerd-profile.ts)", () => {
  it("service-profile.yaml: each isRetryable route at its key, the profile's budget (or the default) named beside it", () => {
    expect(find(fixture("service-profile.yaml"), "yaml", "service-profile.yaml")).toEqual({
      policies: [
        { at: "13:5", system: "linkerd-profile", name: `books.booksapp.svc.cluster.local/GET /books/{id}.json ${BUDGET}`, options: { deadline: "300ms" } },
        { at: "35:5", system: "linkerd-profile", name: `authors.booksapp.svc.cluster.local/HEAD /authors/{id}.json ${DEFAULT_BUDGET}`, options: {} },
      ],
      unresolved: [],
      skipped: null,
    });
  });

  const profile = (budget: string) =>
    `apiVersion: linkerd.io/v1alpha2\nkind: ServiceProfile\nmetadata: {name: p}\nspec:\n  routes:\n  - {name: r, isRetryable: true}\n  retryBudget: ${budget}\n`;

  it("a budget the proxy drops (and the retries with it) is a problem at its value", () => {
    // "  retryBudget: {retryRatio: 0.2, minRetriesPerSecond: 10, ttl: " is 63 characters.
    expect(problem(profile("{retryRatio: 0.2, minRetriesPerSecond: 10, ttl: 90s}"))).toBe(
      'f.yaml:7:64: retryBudget.ttl of ServiceProfile "p" must be from 1s to 60s (the proxy drops the budget, and the retries with it), got 90s',
    );
    expect(problem(profile("{retryRatio: 1500, ttl: 10s}"))).toBe('f.yaml:7:29: retryBudget.retryRatio of ServiceProfile "p" must be from 0 to 1000 (the proxy drops the budget, and the retries with it), got 1500');
    expect(problem(profile("{retryRatio: 0.2}"))).toBe('f.yaml:7:16: retryBudget.ttl of ServiceProfile "p" is missing; the destination controller cannot parse an empty ttl and refuses the profile');
    expect(find(profile("{retryRatio: 0.5, ttl: 1m}")).policies[0]!.name).toBe("p/r [retryBudget retryRatio 0.5, minRetriesPerSecond 0, ttl 1m]");
  });

  it("check: retried at once, without a count", async () => {
    const result = await runCli(["check", `${DIR}/service-profile.yaml`, "--format", "json"]);
    expect(result.code).toBe(0);
    const policies = JSON.parse(result.stdout).policies;
    expect(policies.map((p: { name: string; worst_total_ms: number; worst_delay_ms: number; retries: number | null }) => [p.name, p.worst_delay_ms])).toEqual([
      [`books.booksapp.svc.cluster.local/GET /books/{id}.json ${BUDGET}`, 0],
      [`authors.booksapp.svc.cluster.local/HEAD /authors/{id}.json ${DEFAULT_BUDGET}`, 0],
    ]);
  });
});

// Issue 36, item 1: linkerd/linkerd2 controller/gen/apis/serviceprofile/v1alpha2/types.go (0b639390).
describe("Linkerd ServiceProfile: keys it does not define (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "sp.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const profile = (spec: string) => `apiVersion: linkerd.io/v1alpha2\nkind: ServiceProfile\nmetadata: {name: books.default.svc.cluster.local}\nspec:\n${spec}`;
  it("isRetriable on a route, retryBuget beside the routes and ttl misspelt in the budget, each with the key meant", () => {
    expect(keys(profile("  routes:\n  - name: GET /books\n    condition: {method: GET}\n    isRetriable: true\n    timout: 1s\n  retryBuget: {retryRatio: 0.2}\n"))).toEqual([
      // The spec's keys are looked at before its routes'.
      '10:3: unknown key "retryBuget" in a ServiceProfile\'s spec; did you mean "retryBudget"? the destination controller\'s default budget applies (retryRatio 0.2, minRetriesPerSecond 10, ttl 10s)',
      '8:5: unknown key "isRetriable" in a ServiceProfile route; did you mean "isRetryable"? the route is not retried',
      '9:5: unknown key "timout" in a ServiceProfile route; did you mean "timeout"? the route has no timeout',
    ]);
    expect(keys(profile("  routes: []\n  retryBudget: {retryRatio: 0.2, minRetriesPerSecond: 10, tl: 10s}\n"))).toEqual([
      // "  retryBudget: {" is 16 columns, "retryRatio: 0.2, " 17, "minRetriesPerSecond: 10, " 25: tl at 59.
      '6:59: unknown key "tl" in a ServiceProfile\'s retryBudget; did you mean "ttl"? the API server prunes it, leaving ttl unset',
    ]);
  });
  it("the keys spelt right, and the fixtures, give none", () => {
    expect(keys(profile("  routes:\n  - name: GET /books\n    condition: {method: GET}\n    responseClasses: []\n    isRetryable: true\n    timeout: 1s\n  retryBudget: {retryRatio: 0.2, minRetriesPerSecond: 10, ttl: 10s}\n  dstOverrides: []\n  opaquePorts: {}\n"))).toEqual([]);
    for (const name of readdirSync(DIR)) expect(keys(fixture(name))).toEqual([]);
  });
});
