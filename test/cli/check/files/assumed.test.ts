import { describe, expect, it } from "vitest";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";

// Every assumed value named as one (issue 36, item 4): a value the file does not set (Envoy's
// 15 s route timeout, Kubernetes' 6 retries) is marked as the system's default in text, JSON
// ("assumed": true with its source) and SARIF, and a finding that rests on one says so.
const { write } = useTempCwd("assumed");

const job = (spec: string) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n${spec}  template:\n    spec:\n      restartPolicy: Never\n`;

// Envoy's route without a timeout: Envoy's 15 s (RouteAction.timeout's default, route_components.proto).
// Tries of 8 s and waits of 0–24, 0–49 ms: retry 1 starts at 8 s + 0–24 ms, retry 2 at 16 s at the earliest,
// past 15 s: it can never fire.
// retry_on without 503 (connect-failure,reset): the only warning is the one the assumed timeout makes (no retries-overload, issue 41).
const ENVOY = `static_resources:
  listeners:
  - name: ingress
    filter_chains:
    - filters:
      - name: envoy.filters.network.http_connection_manager
        typed_config:
          route_config:
            virtual_hosts:
            - name: backend
              domains: ["*"]
              routes:
              - match: { prefix: "/api" }
                route:
                  cluster: api
                  retry_policy:
                    retry_on: connect-failure,reset
                    num_retries: 2
                    per_try_timeout: 8s
`;

describe("assumed values, named as the system's default", () => {
  it("a Job without backoffLimit: Kubernetes' 6 retries, assumed, in text and JSON; with backoffLimit none is", async () => {
    write("job.yaml", job(""));
    const text = await runCli(["check", "job.yaml"]);
    expect(text.code).toBe(0);
    // What it retries on (issue 41) comes first: every failed pod, as no podFailurePolicy narrows it.
    expect(text.stdout.split("\n").slice(3, 5)).toEqual(["    retries on every error (no podFailurePolicy: every failed pod)", "    assumed: 6 retries, Kubernetes Job's default count, assumed as the file sets none"]);
    const doc = JSON.parse((await runCli(["check", "job.yaml", "--format", "json"])).stdout);
    expect(doc.policies[0].retries).toBe(6);
    expect(doc.policies[0].assumed).toEqual([{ what: "retries", value: 6, assumed: true, source: "Kubernetes Job's default count" }]);
    write("job.yaml", job("  backoffLimit: 4\n"));
    const set = JSON.parse((await runCli(["check", "job.yaml", "--format", "json"])).stdout);
    expect(set.policies[0].assumed).toBeUndefined();
  });

  it("an Envoy route without a timeout: the finding that rests on Envoy's 15 s says so, in text, JSON and SARIF; --deadline replaces it", async () => {
    write("envoy.yaml", ENVOY);
    const source = "Envoy's default route timeout (15 s)";
    const doc = JSON.parse((await runCli(["check", "envoy.yaml", "--format", "json"])).stdout);
    const [policy] = doc.policies;
    expect(policy.deadline_ms).toBe(15_000);
    expect(policy.assumed).toEqual([{ what: "deadline", value_ms: 15_000, assumed: true, source }]);
    expect(policy.timeouts[0]).toEqual({ role: "deadline", field: source, line: null, column: null, assumed: true, source });
    expect(policy.warnings.map((w: { lint: string; assumed: string[] }) => [w.lint, w.assumed])).toEqual([["unreachable-retries", [`${source}, assumed as the file sets none`]]]);
    expect(policy.warnings[0].message).toMatch(/^retry 2 can never fire: .*; this rests on a value the file does not set, Envoy's default route timeout \(15 s\) \(--deadline overrides it\)$/);
    const text = await runCli(["check", "envoy.yaml"]);
    expect(text.stdout).toContain(`    assumed: ${source}, assumed as the file sets none\n`);
    expect(text.stdout).toContain(`(deadline: ${source}, assumed as the file sets none; try time: per_try_timeout at line 19:21)`);
    const sarif = JSON.parse((await runCli(["check", "envoy.yaml", "--format", "sarif"])).stdout);
    expect(sarif.runs[0].results.map((r: { ruleId: string; properties: { assumed?: string[] } }) => [r.ruleId, r.properties.assumed])).toEqual([["unreachable-retries", [`${source}, assumed as the file sets none`]]]);
    // --deadline replaces the default: nothing is assumed, and 60 s leaves both retries room.
    const given = JSON.parse((await runCli(["check", "envoy.yaml", "--deadline", "60s", "--format", "json"])).stdout);
    expect([given.policies[0].assumed, given.policies[0].warnings]).toEqual([undefined, []]);
  });
});
