import { describe, expect, it } from "vitest";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";

// What each policy retries on (issue 41): the `retries on` line, JSON's retry_on, SARIF's
// property bag, and the rules retries-overload and retries-everything, through `check PATH`.
// Istio: istio/istio pilot/pkg/networking/core/route/retry/retry.go at 126806ab (parseRetryOn:
// numbers are retriable status codes, replacing the default's 503); Envoy: router_filter.rst at
// 040783c8 (gateway-error is 502, 503, 504); ASL: the States Language's States.ALL; gRPC: A6.
const { write } = useTempCwd("conditions");

/** The VirtualService of scaleapi/llm-engine #866 (August 2026): `retryOn` as given, attempts 3. */
const vs = (retryOn: string) => `apiVersion: networking.istio.io/v1beta1
kind: VirtualService
metadata:
  name: llm-engine
  namespace: prod
spec:
  hosts: [llm-engine]
  http:
  - name: default
    route:
    - destination:
        host: llm-engine
    retries:
      attempts: 3
      retryOn: ${retryOn}
`;
const BUDGET = `---
apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata:
  name: llm-engine
  namespace: prod
spec:
  host: llm-engine
  trafficPolicy:
    retryBudget:
      percent: 10
`;

async function json(path: string) {
  const result = await runCli(["check", path, "--format", "json"]);
  return { code: result.code, doc: JSON.parse(result.stdout) };
}
/** Each policy's findings of the two rules of issue 41 (the schedule's own lints aside). */
const warningsOf = (doc: { policies: { warnings: { lint: string; message: string }[] }[] }) =>
  doc.policies.map((p) => p.warnings.map((w) => w.lint).filter((lint) => lint === "retries-overload" || lint === "retries-everything"));

describe("the incident: Istio retries 503 through gateway-error (scaleapi/llm-engine #866)", () => {
  it("connect-failure,unavailable,gateway-error, attempts 3: retries-overload naming 503, a warning (exit 0, 1 under --strict)", async () => {
    write("vs.yaml", vs("connect-failure,unavailable,gateway-error"));
    const text = await runCli(["check", "vs.yaml"]);
    expect(text.code).toBe(0);
    const lines = text.stdout.split("\n");
    // gateway-error is 502, 503 and 504; 503 first, the overload signal.
    expect(lines[3]).toBe("    retries on 503, connection failures, gRPC UNAVAILABLE, 502, 504 (retryOn: connect-failure, unavailable, gateway-error)");
    expect(lines[4]).toBe(
      "    ⚠ retries-overload: retries 503 (retryOn: connect-failure, unavailable, gateway-error) and no retry budget governs it: a service that answers this is overloaded, " +
        "and each retry adds to its load (4 times the traffic at worst); retry 502, 504 and connection failures only (retries.retryOn of the route, such as connect-failure,refused-stream,502,504), " +
        "or add a retry budget (trafficPolicy.retryBudget of a DestinationRule for the route's host)",
    );
    expect((await runCli(["check", "vs.yaml", "--strict"])).code).toBe(1);
    const { doc } = await json("vs.yaml");
    expect(doc.policies[0].retry_on).toEqual({
      from: "retryOn",
      default: false,
      words: ["connect-failure", "unavailable", "gateway-error"],
      conditions: ["503", "connection failures", "gRPC UNAVAILABLE", "502", "504"],
      overload: ["503"],
      everything: false,
    });
    expect(warningsOf(doc)).toEqual([["retries-overload"]]);
    const sarif = JSON.parse((await runCli(["check", "vs.yaml", "--format", "sarif"])).stdout);
    const [result] = sarif.runs[0].results;
    expect([result.ruleId, result.level, result.properties.retries, result.properties.retryOn.overload]).toEqual(["retries-overload", "warning", 3, ["503"]]);
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toContain("retries-overload");
  });

  it("the fix, connect-failure,unavailable,502,504: 502 and 504 replace the default's 503, no finding", async () => {
    write("vs.yaml", vs("connect-failure,unavailable,502,504"));
    const text = await runCli(["check", "vs.yaml"]);
    expect(text.stdout.split("\n")[3]).toBe("    retries on connection failures, gRPC UNAVAILABLE, 502, 504 (retryOn: connect-failure, unavailable, 502, 504)");
    expect(warningsOf((await json("vs.yaml")).doc)).toEqual([[]]);
    expect((await runCli(["check", "vs.yaml", "--strict"])).code).toBe(0);
  });

  it("the incident's route with a DestinationRule retryBudget on its host: governed, no finding", async () => {
    write("vs.yaml", vs("connect-failure,unavailable,gateway-error") + BUDGET);
    const { doc } = await json("vs.yaml");
    expect(doc.policies[0].limits.map((l: { kind: string; percent: number }) => [l.kind, l.percent])).toEqual([["retry-budget", 10]]);
    expect(warningsOf(doc)).toEqual([[]]);
  });

  it("a word istiod refuses is an invalid policy", async () => {
    write("vs.yaml", vs("connect-failure,5xxx"));
    const { code, doc } = await json("vs.yaml");
    expect(code).toBe(1);
    expect(doc.invalid.map((i: { reason: string }) => i.reason)).toEqual(['retries.retryOn of llm-engine/default: "5xxx" is not a valid retryOn policy (istiod refuses it)']);
  });
});

describe("Step Functions: States.ALL", () => {
  const machine = (retry: string) => `{"StartAt": "A", "States": {"A": {"Type": "Task", "Resource": "arn:aws:lambda:x", "Retry": ${retry}, "End": true}}}\n`;

  it("alone: retries-everything; after a States.TaskFailed retrier: the later retrier retries what it does not match, no finding", async () => {
    write("alone.asl.json", machine('[{"ErrorEquals": ["States.ALL"], "MaxAttempts": 2, "MaxDelaySeconds": 10}]'));
    const alone = await json("alone.asl.json");
    expect(warningsOf(alone.doc)).toEqual([["retries-everything"]]);
    expect(alone.doc.policies[0].warnings.find((w: { lint: string }) => w.lint === "retries-everything").message).toBe(
      "retries every error (ErrorEquals: States.ALL), permanent failures too: a request that cannot succeed is tried 3 times; " +
        "retry only the errors that are transient (ErrorEquals in the retrier: name the transient errors (States.Timeout, Lambda.ServiceException, …) in a retrier before States.ALL)",
    );
    write("narrowed.asl.json", machine('[{"ErrorEquals": ["States.TaskFailed"], "MaxAttempts": 2, "MaxDelaySeconds": 10}, {"ErrorEquals": ["States.ALL"], "MaxAttempts": 2, "MaxDelaySeconds": 10}]'));
    const narrowed = await json("narrowed.asl.json");
    expect(warningsOf(narrowed.doc)).toEqual([[], []]);
    expect(narrowed.doc.policies[1].retry_on).toMatchObject({ words: ["States.ALL"], except: ["States.TaskFailed"], everything: false });
    const text = await runCli(["check", "narrowed.asl.json"]);
    expect(text.stdout).toContain("    retries on every error but States.DataLimitExceeded and States.Runtime (ErrorEquals: States.ALL); not States.TaskFailed\n");
  });

  it("States.ALL beside another name, or before another retrier: invalid (the States Language's MUST)", async () => {
    write("beside.asl.json", machine('[{"ErrorEquals": ["States.ALL", "States.Timeout"]}]'));
    expect((await json("beside.asl.json")).doc.invalid.map((i: { reason: string }) => i.reason)).toEqual([
      'state "A", Retry[0]: States.ALL must appear alone in ErrorEquals (Step Functions refuses the definition)',
    ]);
    write("first.asl.json", machine('[{"ErrorEquals": ["States.ALL"]}, {"ErrorEquals": ["States.Timeout"]}]'));
    expect((await json("first.asl.json")).doc.invalid.map((i: { reason: string }) => i.reason)).toEqual([
      'state "A", Retry[0]: States.ALL must be in the last retrier, but retriers follow it (Step Functions refuses the definition)',
    ]);
  });
});

describe("gRPC: retryableStatusCodes, and retryThrottling as the budget", () => {
  const config = (codes: string, throttling = "") =>
    `{${throttling}"methodConfig": [{"name": [{"service": "s.S"}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ${codes}}}]}\n`;

  it("RESOURCE_EXHAUSTED (as a name in any case, or 8) without retryThrottling: retries-overload; with it: none", async () => {
    write("sc.json", config('["UNAVAILABLE", "resource_exhausted", 8]'));
    const { doc } = await json("sc.json");
    expect(doc.policies[0].retry_on).toEqual({
      from: "retryableStatusCodes",
      default: false,
      words: ["UNAVAILABLE", "RESOURCE_EXHAUSTED", "RESOURCE_EXHAUSTED"],
      conditions: ["gRPC RESOURCE_EXHAUSTED", "gRPC UNAVAILABLE"],
      overload: ["gRPC RESOURCE_EXHAUSTED"],
      everything: false,
    });
    expect(warningsOf(doc)).toEqual([["retries-overload"]]);
    write("sc.json", config('["RESOURCE_EXHAUSTED"]', '"retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}, '));
    const governed = (await json("sc.json")).doc;
    expect(governed.policies[0].retry_on.budget).toBe("retryThrottling maxTokens 10, tokenRatio 0.1");
    expect(warningsOf(governed)).toEqual([[]]);
  });

  it("a code gRPC does not define: the service config is refused", async () => {
    write("sc.json", config('["UNAVAILABLE", "BUSY"]'));
    expect((await json("sc.json")).doc.invalid.map((i: { reason: string }) => i.reason)).toEqual([
      'retryPolicy.retryableStatusCodes of s.S: the string "BUSY" is not a gRPC status code (gRPC clients refuse the service config)',
    ]);
  });
});

describe("Envoy: retry_on and retriable_status_codes", () => {
  const route = (policy: string) => `static_resources:
  listeners: []
  clusters: []
route_config:
  virtual_hosts:
  - name: backend
    domains: ["*"]
    routes:
    - match: {prefix: "/"}
      route:
        cluster: backend
        retry_policy: ${policy}
`;

  it("5xx with retriable-4xx: every 5xx and 409, both rules; retriable-status-codes its codes; no retry_on: no condition", async () => {
    write("envoy.yaml", route("{retry_on: '5xx,retriable-4xx', num_retries: 2}"));
    const both = (await json("envoy.yaml")).doc;
    // 5xx is the overload signal (503 among it), so first; then what 5xx includes, then retriable-4xx's 409.
    expect(both.policies[0].retry_on.conditions).toEqual(["5xx", "connection failures", "timeouts", "409"]);
    expect(both.policies[0].retry_on.overload).toEqual(["503"]);
    expect(warningsOf(both)).toEqual([["retries-overload", "retries-everything"]]);
    write("envoy.yaml", route("{retry_on: 'connect-failure,retriable-status-codes', retriable_status_codes: [502, 504], num_retries: 2}"));
    const text = await runCli(["check", "envoy.yaml"]);
    expect(text.stdout).toContain("    retries on connection failures, 502, 504 (retry_on: connect-failure, retriable-status-codes, retriable_status_codes [502, 504])\n");
    write("envoy.yaml", route("{num_retries: 2}"));
    expect((await runCli(["check", "envoy.yaml"])).stdout).toContain("    retries on no condition (no retry_on)\n");
  });
});

describe("Envoy Gateway and Contour: Envoy's words, each system's default", () => {
  it("Envoy Gateway: its default retries 503 (route.go retryDefaultRetryOn, retryDefaultRetriableStatusCode); httpStatusCodes replace it", async () => {
    const policy = (retry: string) => `apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: backend}
spec:
  retry: ${retry}
`;
    write("btp.yaml", policy("{numRetries: 2}"));
    const byDefault = (await json("btp.yaml")).doc;
    expect(byDefault.policies[0].retry_on).toMatchObject({
      from: "Envoy Gateway's default",
      words: ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes 503"],
      overload: ["503"],
    });
    expect(warningsOf(byDefault)).toEqual([["retries-overload"]]);
    write("btp.yaml", policy("{numRetries: 2, retryOn: {triggers: [connect-failure], httpStatusCodes: [502, 504]}}"));
    const fixed = (await json("btp.yaml")).doc;
    expect(fixed.policies[0].retry_on).toMatchObject({ words: ["connect-failure", "retriable-status-codes 502, 504"], conditions: ["connection failures", "502", "504"] });
    expect(warningsOf(fixed)).toEqual([[]]);
  });

  it("Contour: an HTTPProxy retryPolicy without retryOn retries 5xx (internal/dag/policy.go retryOn); an Ingress's retry-on annotation as written", async () => {
    write("proxy.yaml", `apiVersion: projectcontour.io/v1
kind: HTTPProxy
metadata: {name: web}
spec:
  routes:
  - conditions: [{prefix: /}]
    services: [{name: web, port: 80}]
    retryPolicy: {count: 2}
  - conditions: [{prefix: /api}]
    services: [{name: api, port: 80}]
    retryPolicy: {count: 2, retryOn: [reset, retriable-status-codes], retriableStatusCodes: [502]}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: old
  annotations:
    projectcontour.io/retry-on: gateway-error
`);
    const { doc } = await json("proxy.yaml");
    expect(doc.policies.map((p: { retry_on: { from: string; conditions: string[] } }) => [p.retry_on.from, p.retry_on.conditions])).toEqual([
      ["Contour's default", ["5xx", "connection failures", "timeouts"]],
      ["retryOn", ["connection failures", "timeouts", "502"]],
      ["projectcontour.io/retry-on", ["503", "502", "504"]],
    ]);
    // Contour writes no retry budget: the default's 5xx and the Ingress's gateway-error warn, the fixed route does not.
    expect(warningsOf(doc)).toEqual([["retries-overload"], [], ["retries-overload"]]);
  });
});

describe("Gateway API: an HTTPRoute rule's retry.codes (kubernetes-sigs/gateway-api apis/v1/httproute_types.go at 03775165, GEP-1731)", () => {
  const route = (retry: string) => `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: web}
spec:
  rules:
  - name: api
    backendRefs: [{name: api, port: 80}]
    retry: ${retry}
`;
  it("codes are retried with connection errors and timeouts (the spec's SHOULD); 503 among them warns, as Gateway API has no budget", async () => {
    write("route.yaml", route("{attempts: 2, codes: [503, 502]}"));
    expect((await runCli(["check", "route.yaml"])).stdout).toContain("    retries on 503, 502, connection failures, timeouts (retry.codes: 503, 502)\n");
    expect(warningsOf((await json("route.yaml")).doc)).toEqual([["retries-overload"]]);
    write("route.yaml", route("{attempts: 2, codes: [502, 504]}"));
    expect((await runCli(["check", "route.yaml"])).stdout).toContain("    retries on 502, 504, connection failures, timeouts (retry.codes: 502, 504)\n");
    expect(warningsOf((await json("route.yaml")).doc)).toEqual([[]]);
  });

  it("without codes the status codes are the implementation's: the spec sets no default, so none is guessed", async () => {
    write("route.yaml", route("{attempts: 2}"));
    const { doc } = await json("route.yaml");
    expect(doc.policies[0].retry_on).toMatchObject({ from: "retry without codes", default: true, words: [], overload: [] });
    expect((await runCli(["check", "route.yaml"])).stdout).toContain(
      "    retries on connection failures, timeouts, the implementation's status codes (Gateway API sets none by default) (retry without codes)\n",
    );
  });
});

describe("Traefik: the retry middleware's network errors and status (traefik/traefik master at fd5a576d, after v3.7.9)", () => {
  const middleware = (retry: string) => `apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: retry}
spec:
  retry: ${retry}
`;
  it("without status only network errors (retry.go WriteHeader: a request that reached the proxy, not written); no overload", async () => {
    write("mw.yaml", middleware("{attempts: 3, initialInterval: 100ms}"));
    expect((await runCli(["check", "mw.yaml"])).stdout).toContain("    retries on connection failures (retry middleware: network errors)\n");
    const { doc } = await json("mw.yaml");
    expect(doc.policies[0].retry_on).toMatchObject({ default: true, overload: [] });
    expect(warningsOf(doc)).toEqual([[]]);
  });

  it("status ranges (http_code_range.go NewHTTPCodeRanges): 500-599 is every 5xx, 503 among them warns; not on POST, PATCH, LOCK (ServeHTTP isIdempotent)", async () => {
    write("mw.yaml", middleware('{attempts: 3, initialInterval: 100ms, status: ["500-599", "429"]}'));
    expect((await runCli(["check", "mw.yaml"])).stdout).toContain(
      "    retries on 5xx, 429, connection failures (retry middleware: network errors, status 500-599, 429 (not on POST, PATCH, LOCK))\n",
    );
    // 5xx with a 4xx (429) is also the rule's "retries everything".
    expect(warningsOf((await json("mw.yaml")).doc)).toEqual([["retries-overload", "retries-everything"]]);
    write("mw.yaml", middleware('{attempts: 3, initialInterval: 100ms, status: ["502-504"], disableRetryOnNetworkError: true, retryNonIdempotentMethod: true}'));
    const { doc } = await json("mw.yaml");
    // 502-504 holds 503: an overload signal, in Traefik's own words.
    expect(doc.policies[0].retry_on).toMatchObject({ words: ["status 502-504"], conditions: ["502-504"], overload: ["502-504"] });
    write("mw.yaml", middleware('{attempts: 3, status: ["5xx"]}'));
    // A range NewHTTPCodeRanges cannot read: Traefik refuses the middleware, an invalid policy (exit 1).
    const refused = await runCli(["check", "mw.yaml"]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('"5xx" is not a status code or a range such as "500-599"; Traefik refuses the middleware (NewHTTPCodeRanges)');
  });
});

describe("Linkerd: the retry.linkerd.io annotations (linkerd2 edge-26.8.3 b24cd405, policy-controller outbound/index/http.rs parse_http_retry)", () => {
  const service = (annotations: string) => `apiVersion: v1
kind: Service
metadata:
  name: api
  annotations:
${annotations}
spec:
  ports: [{port: 80}]
`;
  it("http 5xx is 500-599, gateway-error 502-504; grpc names gRPC codes; no budget, so 503 warns", async () => {
    write("svc.yaml", service('    retry.linkerd.io/http: "gateway-error,429"\n    retry.linkerd.io/grpc: unavailable\n    retry.linkerd.io/limit: "2"'));
    expect((await runCli(["check", "svc.yaml"])).stdout).toContain(
      "    retries on 503, 429, 502, 504, gRPC UNAVAILABLE (retry.linkerd.io/http and retry.linkerd.io/grpc: gateway-error, 429, unavailable)\n",
    );
    expect(warningsOf((await json("svc.yaml")).doc)).toEqual([["retries-overload"]]);
    write("svc.yaml", service('    retry.linkerd.io/http: "502,504-504"\n    retry.linkerd.io/timeout: 300ms'));
    const { doc } = await json("svc.yaml");
    expect(doc.policies[0].retry_on).toMatchObject({ words: ["502", "504-504"], conditions: ["502", "504", "timeouts"], overload: [] });
  });

  it("without http or grpc the proxy's own default decides: decided by code, never guessed", async () => {
    write("svc.yaml", service('    retry.linkerd.io/limit: "2"'));
    expect((await runCli(["check", "svc.yaml"])).stdout).toContain(
      "    retries on decided by code (the proxy's default conditions: no retry.linkerd.io/http or /grpc) (no retry.linkerd.io/http or /grpc)\n",
    );
  });
});

describe("Linkerd ServiceProfile: an isRetryable route retries the responses classed as failures (linkerd.io 2.16 reference/service-profiles)", () => {
  const profile = (classes: string) => `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: api.prod.svc.cluster.local, namespace: prod}
spec:
  routes:
  - name: GET /books
    condition: {method: GET, pathRegex: /books}
    isRetryable: true
${classes}
`;
  it("responseClasses with isFailure and a status range are read; the profile's retryBudget governs them, so 503 does not warn", async () => {
    write("sp.yaml", profile("    responseClasses:\n    - condition: {status: {min: 500, max: 599}}\n      isFailure: true\n    - condition: {status: {min: 200, max: 299}}\n      isFailure: false"));
    expect((await runCli(["check", "sp.yaml"])).stdout).toContain("    retries on 5xx (responseClasses with isFailure: status 500-599)\n");
    const { doc } = await json("sp.yaml");
    expect(doc.policies[0].retry_on).toMatchObject({ overload: ["503"], budget: "retryBudget default: retryRatio 0.2, minRetriesPerSecond 10, ttl 10s" });
    expect(warningsOf(doc)).toEqual([[]]);
  });

  it("without responseClasses the proxy's classification decides: decided by code", async () => {
    write("sp.yaml", profile(""));
    expect((await runCli(["check", "sp.yaml"])).stdout).toContain(
      "    retries on decided by code (the proxy's failure classification: no responseClasses) (no responseClasses with isFailure)\n",
    );
  });
});

describe("Knative delivery: the dispatcher's SelectiveRetry (knative/eventing knative-v1.22.0-20-g8cf4c4b6, pkg/kncloudevents/retries.go)", () => {
  it("errors, every 5xx and 404, 408, 409, 429, whatever the delivery spec says: retries-overload, as no budget governs it; not retries-everything, as nothing in the spec chooses the errors", async () => {
    write("sub.yaml", `apiVersion: messaging.knative.dev/v1
kind: Subscription
metadata: {name: orders}
spec:
  channel: {apiVersion: messaging.knative.dev/v1, kind: Channel, name: orders}
  subscriber: {ref: {apiVersion: v1, kind: Service, name: handler}}
  delivery:
    retry: 3
    backoffPolicy: exponential
    backoffDelay: PT0.2S
`);
    expect((await runCli(["check", "sub.yaml"])).stdout).toContain(
      "    retries on 5xx, 429, connection failures, timeouts, 404, 408, 409 (Knative's SelectiveRetry: errors, 5xx, 404, 408, 409, 429)\n",
    );
    expect(warningsOf((await json("sub.yaml")).doc)).toEqual([["retries-overload"]]);
  });
});

describe("Dapr resiliency: matching (dapr/dapr v1.18.0-rc.1-215-gd8450742, pkg/resiliency/retry.go ParseRetryConditionMatch, mustRetryStatusCode)", () => {
  const resiliency = (extra: string) => `apiVersion: dapr.io/v1alpha1
kind: Resiliency
metadata: {name: app}
spec:
  policies:
    retries:
      api:
        policy: constant
        duration: 1s
        maxRetries: 3
${extra}
`;
  it("without matching Dapr retries every error: retries-everything", async () => {
    write("res.yaml", resiliency(""));
    expect((await runCli(["check", "res.yaml"])).stdout).toContain("    retries on every error (no matching)\n");
    expect(warningsOf((await json("res.yaml")).doc)).toEqual([["retries-everything"]]);
  });

  it("httpStatusCodes 502,504: those, errors without a code, and every gRPC status (an unset list retries every code of its kind)", async () => {
    write("res.yaml", resiliency('        matching:\n          httpStatusCodes: "502,504"'));
    expect((await runCli(["check", "res.yaml"])).stdout).toContain(
      "    retries on every gRPC status, errors without a status code, 502, 504 (matching: httpStatusCodes 502,504)\n",
    );
    write("res.yaml", resiliency('        matching:\n          httpStatusCodes: "502,504"\n          gRPCStatusCodes: "14"'));
    const { doc } = await json("res.yaml");
    expect(doc.policies[0].retry_on).toMatchObject({ conditions: ["errors without a status code", "502", "504", "gRPC UNAVAILABLE"], overload: [] });
    expect(warningsOf(doc)).toEqual([[]]);
  });
});

describe("Spring Cloud Gateway: the Retry filter's statuses, series, methods and exceptions (spring-cloud/spring-cloud-gateway v5.0.3, RetryGatewayFilterFactory.java RetryConfig)", () => {
  // RetryConfig: series = [SERVER_ERROR], statuses = [], methods = [GET], exceptions = [IOException, TimeoutException];
  // a status in statuses or its series in series is retried (the default series stays beside statuses: #1536);
  // HttpStatus: BAD_GATEWAY 502, SERVICE_UNAVAILABLE 503, GATEWAY_TIMEOUT 504, TOO_MANY_REQUESTS 429.
  const route = (args: string) => `spring:
  cloud:
    gateway:
      routes:
        - id: api
          uri: lb://api
          filters:
            - name: Retry
              args:
                retries: 2
${args}`;

  it("the defaults: every 5xx (503 with it, an overload signal), IOException and TimeoutException, on GET: retries-overload", async () => {
    write("application.yml", route(""));
    expect((await runCli(["check", "application.yml"])).stdout).toContain(
      "    retries on 5xx, IOException, TimeoutException (the Retry filter's default: series SERVER_ERROR, exceptions IOException and TimeoutException); methods GET\n",
    );
    const { doc } = await json("application.yml");
    expect(doc.policies[0].retry_on).toEqual({
      from: "the Retry filter's default",
      default: true,
      words: ["series SERVER_ERROR", "exceptions IOException and TimeoutException"],
      conditions: ["5xx", "IOException", "TimeoutException"],
      overload: ["503"],
      everything: false,
      methods: ["GET"],
    });
    expect(warningsOf(doc)).toEqual([["retries-overload"]]);
  });

  it("statuses as a comma-separated string and as a YAML list: every element read; SERVICE_UNAVAILABLE and TOO_MANY_REQUESTS are overload signals", async () => {
    write("application.yml", route("                statuses: BAD_GATEWAY, SERVICE_UNAVAILABLE\n                series:\n"));
    expect((await runCli(["check", "application.yml"])).stdout).toContain(
      "    retries on 503, 502, IOException, TimeoutException (the Retry filter's args: statuses BAD_GATEWAY and SERVICE_UNAVAILABLE, exceptions IOException and TimeoutException (default)); methods GET\n",
    );
    write("application.yml", route("                statuses:\n                  - BAD_GATEWAY\n                  - TOO_MANY_REQUESTS\n                series: []\n                methods: [GET, PUT]\n"));
    const { doc } = await json("application.yml");
    expect(doc.policies[0].retry_on).toMatchObject({ conditions: ["429", "502", "IOException", "TimeoutException"], overload: ["429"], methods: ["GET", "PUT"] });
    expect(warningsOf(doc)).toEqual([["retries-overload"]]);
  });

  it("the fix: statuses BAD_GATEWAY, GATEWAY_TIMEOUT with series empty, in .properties: no finding", async () => {
    write(
      "application.properties",
      "spring.cloud.gateway.routes[0].id=api\nspring.cloud.gateway.routes[0].filters[0].name=Retry\n" +
        "spring.cloud.gateway.routes[0].filters[0].args.statuses=BAD_GATEWAY,GATEWAY_TIMEOUT\nspring.cloud.gateway.routes[0].filters[0].args.series=\n" +
        "spring.cloud.gateway.routes[0].filters[0].args.exceptions[0]=java.net.ConnectException\n",
    );
    expect((await runCli(["check", "application.properties"])).stdout).toContain(
      "    retries on 502, 504, java.net.ConnectException (the Retry filter's args: statuses BAD_GATEWAY and GATEWAY_TIMEOUT, exceptions java.net.ConnectException); methods GET\n",
    );
    expect(warningsOf((await json("application.properties")).doc)).toEqual([[]]);
  });

  it("the shortcut sets one status and one method; series and exceptions keep their defaults", async () => {
    write("application.yml", "spring:\n  cloud:\n    gateway:\n      routes:\n        - id: api\n          filters:\n            - Retry=3,BAD_GATEWAY,POST\n");
    expect((await runCli(["check", "application.yml"])).stdout).toContain(
      "    retries on 5xx, 502, IOException, TimeoutException (the Retry shortcut: statuses BAD_GATEWAY, series SERVER_ERROR (default), exceptions IOException and TimeoutException (default)); methods POST\n",
    );
  });

  it("series, statuses and exceptions all empty, or methods empty: invalid (RetryConfig.validate)", async () => {
    write("application.yml", route('                series: ""\n                exceptions: ""\n'));
    expect((await json("application.yml")).doc.invalid.map((i: { reason: string }) => i.reason)).toEqual([
      'series, statuses and exceptions of "api (filters[0])" are all empty: Spring Cloud Gateway refuses the filter (RetryConfig.validate: "series, status and exceptions may not all be empty")',
    ]);
    write("application.yml", route('                methods: ""\n'));
    expect((await json("application.yml")).doc.invalid.map((i: { reason: string }) => i.reason)).toEqual([
      'methods of "api (filters[0])" is empty: Spring Cloud Gateway refuses the filter (RetryConfig.validate: "methods may not be empty")',
    ]);
  });
});
