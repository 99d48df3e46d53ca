import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { checkFigures } from "../../support/check-figures.js";
import { find, problem } from "../../support/recognise.js";

// linkerd2 edge-26.8.3 (b24cd405): policy-controller/k8s/index/src/outbound/index/http.rs
// parse_http_retry, grpc.rs parse_grpc_retry, index.rs parse_duration / parse_timeouts.
const DIR = "test/fixtures/policies/linkerd";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

describe("Linkerd retry annotations (shapes/linkerd.ts)", () => {
  it("retries.yaml: a Service, a Linkerd HTTPRoute, a GRPCRoute, each at its first retry annotation; limit \"0\" alone is retries off", () => {
    expect(find(fixture("retries.yaml"), "yaml", "retries.yaml")).toEqual({
      policies: [
        // limit "2", timeout 300ms (each try), timeout.linkerd.io/request 2s (the deadline).
        { at: "8:5", system: "linkerd", name: "books (Service)", options: { attempts: "2", attemptTime: "300ms", deadline: "2s" } },
        // http alone: limit unwrap_or(1).
        { at: "25:5", system: "linkerd", name: "authors-get-route (HTTPRoute)", options: {} },
        { at: "44:5", system: "linkerd", name: "emoji (GRPCRoute)", options: { attempts: "4" } },
        { at: "62:5", system: "linkerd", name: "web (Service)", options: { attempts: "0" }, disabled: true },
      ],
      unresolved: [],
      skipped: null,
    });
  });

  it("no-retry.yaml: a request timeout alone, routes not retryable, the annotation's name as a ConfigMap key: nothing", () => {
    expect(find(fixture("no-retry.yaml"), "yaml", "no-retry.yaml")).toEqual({ policies: [], unresolved: [], skipped: null });
  });

  const svc = (annotations: string, kind = "Service", apiVersion = "v1") => `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: s\n  annotations:\n${annotations}`;

  it("reads what each kind reads: an HTTPRoute ignores retry.linkerd.io/grpc, a GRPCRoute retry.linkerd.io/http", () => {
    expect(find(svc("    retry.linkerd.io/grpc: unavailable\n", "HTTPRoute", "gateway.networking.k8s.io/v1")).policies).toEqual([]);
    expect(find(svc("    retry.linkerd.io/http: 5xx\n", "GRPCRoute", "gateway.networking.k8s.io/v1")).policies).toEqual([]);
    // limit "0" beside a condition is unset, so 1 retry; a timeout of "0" is unset too.
    expect(find(svc('    retry.linkerd.io/limit: "0"\n    retry.linkerd.io/http: 502-504,gateway-error\n    retry.linkerd.io/timeout: "0"\n')).policies).toEqual([
      { at: "6:5", system: "linkerd", name: "s (Service)", options: {} },
    ]);
    expect(find(svc("    retry.linkerd.io/timeout: 1m\n", "EgressNetwork", "policy.linkerd.io/v1alpha1")).policies[0]!.options).toEqual({ attemptTime: "60s" });
  });

  it("refuses what the policy controller refuses, at the value", () => {
    // "    retry.linkerd.io/limit: " is 28 characters.
    expect(problem(svc("    retry.linkerd.io/limit: 3\n"))).toBe("f.yaml:6:29: retry.linkerd.io/limit of s (Service) must be a string (Kubernetes annotations are strings: quote it), got 3");
    expect(problem(svc('    retry.linkerd.io/limit: "70000"\n'))).toBe('f.yaml:6:29: retry.linkerd.io/limit of s (Service) must be a whole number from 0 to 65535 (the policy controller parses a u16), got "70000"');
    // split(',') keeps the space: " 429" is no code.
    expect(problem(svc('    retry.linkerd.io/http: "5xx, 429"\n'))).toBe(
      'f.yaml:6:28: retry.linkerd.io/http of s (Service) has " 429", which is no condition (5xx, gateway-error, a status code or a range such as 500-504, from 100 to 599, commas without spaces)',
    );
    expect(problem(svc("    retry.linkerd.io/http: 504-502\n"))).toMatch(/^f\.yaml:6:28: retry\.linkerd\.io\/http of s \(Service\) has "504-502", which is no condition/);
    expect(problem(svc("    retry.linkerd.io/grpc: unknown\n"))).toMatch(/^f\.yaml:6:28: retry\.linkerd\.io\/grpc of s \(Service\) has "unknown", which is no condition/);
    expect(problem(svc("    retry.linkerd.io/timeout: 1.5s\n"))).toBe('f.yaml:6:31: retry.linkerd.io/timeout of s (Service) must be a duration such as "500ms" or "2s" (whole numbers of ms, s, m, h or d), got "1.5s"');
    expect(problem(svc('    retry.linkerd.io/timeout: "5"\n'))).toMatch(/must be a duration such as "500ms"/);
  });

  it("a zero request timeout is left to run time; a placeholder too", () => {
    expect(find(svc('    retry.linkerd.io/limit: "2"\n    timeout.linkerd.io/request: "0"\n')).unresolved).toEqual([
      "7:33 s (Service): timeout.linkerd.io/request of s (Service) is 0, which the proxy is handed as a zero request timeout; what it then does is known only at run time",
    ]);
    expect(find(svc("    retry.linkerd.io/limit: '{{ .Values.retries }}'\n")).unresolved).toEqual([
      '6:29 s (Service): retry.linkerd.io/limit of s (Service) is a placeholder, "{{ .Values.retries }}"; its value is known only where it is rendered',
    ]);
  });

  it("check: the controller's 25–250 ms back-off under each count", async () => {
    const { byName, disabled } = await checkFigures(`${DIR}/retries.yaml`);
    expect(byName).toEqual({
      // Waits 25–50 and 50–100 ms, 3 tries × 300 ms: 900 + 150 = 1,050 at worst, 900 + 75 = 975 at best with the tries.
      // The best case, tries that fail at once: waits of 25 + 50 = 75 ms; 975 ms with the tries.
      "books (Service)": { retries: 2, worst: 1_050, best: 75, bestWithTries: 975, largest: 100 },
      "authors-get-route (HTTPRoute)": { retries: 1, worst: 50, best: 25, largest: 50 },
      // 25–50, 50–100, 100–200, 200–250 ms.
      "emoji (GRPCRoute)": { retries: 4, worst: 600, best: 375, largest: 250 },
    });
    expect(disabled).toEqual(["web (Service)"]);
  });
});

describe("Linkerd: retry and timeout annotations it does not read (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "svc.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const service = (annotations: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  annotations:\n${annotations}`;
  it("retry.linkerd.io/limt and timeout.linkerd.io/requests, named with the annotation meant; other annotations are not Linkerd's", () => {
    expect(keys(service('    retry.linkerd.io/limt: "3"\n    retry.linkerd.io/http: 5xx\n    timeout.linkerd.io/requests: 10s\n    example.com/owner: me\n'))).toEqual([
      '6:5: unknown key "retry.linkerd.io/limt" in Linkerd\'s retry annotations; did you mean "retry.linkerd.io/limit"? Linkerd uses its default, 1 retry',
      '8:5: unknown key "timeout.linkerd.io/requests" in Linkerd\'s retry annotations; did you mean "timeout.linkerd.io/request"? the request, retries included, has no timeout',
    ]);
    expect(keys(service('    retry.linkerd.io/limit: "3"\n    retry.linkerd.io/http: 5xx\n    retry.linkerd.io/timeout: 1s\n    timeout.linkerd.io/request: 10s\n'))).toEqual([]);
  });
});
