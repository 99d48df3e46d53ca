import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { discover } from "../../src/cli/check/discover.js";
import { looksLikeTemplate, recogniseFile } from "../../src/config/recognise.js";
import { find, problem, unreadable } from "../support/recognise.js";

const TREE = "test/fixtures/policies";

/** Every policy found in the fixture tree, as [file, line:col, system, name, options, disabled]. */
async function found() {
  const rows: Array<[string, string, string, string, Record<string, string | undefined>, boolean]> = [];
  const passedOver: string[] = [];
  for await (const candidate of discover([TREE], [], () => undefined)) {
    const result = recogniseFile({ name: candidate.name, text: readFileSync(candidate.path, "utf8"), kind: candidate.kind, named: false });
    if (!result.looked) passedOver.push(candidate.name);
    for (const p of result.policies) rows.push([p.file.slice(TREE.length + 1), `${p.line}:${p.column}`, p.system, p.name, p.options, p.disabled === true]);
  }
  return { rows, passedOver };
}

// Lines and columns read off the fixture files (1-based; the column of the block's first
// character: the retrier's "{" or "- ", the retryStrategy / retries / retry_policy key,
// the instance's name key, the first retry property).
describe("policies found in the fixture tree", () => {
  it("finds every policy of every kind, at its line and column, with the values the file gives", async () => {
    const { rows } = await found();
    expect(rows).toEqual([
      ["argo/cron-workflow.yaml", "11:7", "argo", "nightly-report/report", { attempts: "3", base: "30s", factor: "2", cap: "300s" }, false],
      ["argo/workflow.yaml", "8:3", "argo", "retry-backoff- (spec.retryStrategy)", { attempts: "2" }, false],
      ["argo/workflow.yaml", "12:5", "argo", "retry-backoff-/retry-backoff", { attempts: "10", base: "1s", factor: "2", maxElapsed: "60s" }, false],
      [
        "backoff/retry.json",
        "4:5",
        "backoff",
        "email",
        { maxTotal: "5m", maxDelay: "30s", strategy: "exponential", base: "1s", cap: "30s", attempts: "8" },
        false,
      ],
      ["backoff/retry.json", "5:5", "backoff", "webhook", { maxTotal: "5m", maxDelay: "30s", strategy: "linear", base: "2s", step: "2s", attempts: "5" }, false],
      ["backoff/retry.yaml", "2:1", "backoff", "retry.yaml", { strategy: "exponential", base: "500ms", cap: "10s", attempts: "6", jitter: "full", maxTotal: "1m" }, false],
      ["bullmq/email-job.json", "1:1", "bullmq", "email-job.json", { preset: "bullmq", strategy: "exponential", base: "1000", attempts: "4" }, false],
      ["cloudformation/template.json", "8:168", "step-functions", "NightlyExport/Export", { base: "60s", attempts: "3" }, false],
      ["cloudformation/template.yaml", "18:17", "step-functions", "PaymentStateMachine/Charge", { base: "5s", attempts: "2" }, false],
      ["cloudformation/template.yaml", "40:17", "step-functions", "RefundStateMachine/Refund", { base: "10s", attempts: "5", factor: "2", cap: "60s" }, false],
      ["contour/httpproxy.yaml", "25:5", "contour", "storefront/routes[0] (prefix /api)", { attempts: "3", attemptTime: "150ms", deadline: "15s" }, false],
      ["contour/httpproxy.yaml", "43:5", "contour", "storefront/routes[2] (prefix /checkout)", { attempts: "0", deadline: "15s" }, true],
      ["contour/httpproxy.yaml", "48:5", "contour", "storefront/routes[3]", { deadline: "15s" }, false],
      ["contour/httpproxy.yaml", "55:5", "contour", "legacy (Ingress)", { attempts: "2", attemptTime: "1500ms", deadline: "15s" }, false],
      ["dapr/resiliency.yaml", "26:7", "dapr", "order-resiliency/pubsubRetry", { base: "5s", attempts: "10", attemptTime: "60s" }, false],
      ["dapr/resiliency.yaml", "30:7", "dapr", "order-resiliency/retryForever", { strategy: "exponential", cap: "15s", attemptTime: "5s" }, false],
      ["dapr/resiliency.yaml", "34:7", "dapr", "order-resiliency/important", { base: "500ms", attempts: "30", attemptTime: "5s" }, false],
      ["dapr/resiliency.yaml", "38:7", "dapr", "order-resiliency/defaults", {}, false],
      ["dapr/resiliency.yaml", "39:7", "dapr", "order-resiliency/DaprBuiltInServiceRetries", { base: "2s", attempts: "3" }, false],
      ["dapr/resiliency.yaml", "43:7", "dapr", "order-resiliency/noRetry", { attempts: "0" }, true],
      ["envoy/breakers.yaml", "21:19", "envoy", 'shop / prefix "/cart" [cluster cart: circuit breaker max_retries 5]', { attempts: "2", deadline: "5s" }, false],
      ["envoy/breakers.yaml", "27:19", "envoy", 'shop / prefix "/search" [cluster search: retry_budget budget_percent 10.0, min_retry_concurrency 3]', { attempts: "3", attemptTime: "1s", deadline: "15s" }, false],
      ["envoy/envoy.yaml", "22:19", "envoy", 'backend / prefix "/api"', { attempts: "3", attemptTime: "2s", base: "100ms", cap: "1s", deadline: "15s" }, false],
      ["envoy-gateway/backend-traffic-policy.yaml", "25:3", "envoy-gateway", "retry-for-route", { attempts: "5", attemptTime: "250ms", base: "100ms", cap: "10s", deadline: "15s" }, false],
      ["envoy-gateway/backend-traffic-policy.yaml", "48:3", "envoy-gateway", "retry-defaults", { deadline: "15s" }, false],
      ["envoy-gateway/backend-traffic-policy.yaml", "62:3", "envoy-gateway", "no-retries", { attempts: "0", deadline: "15s" }, true],
      ["gateway-api/httproute.yaml", "35:7", "gateway-api", "storefront/api", { attempts: "3", base: "100ms", deadline: "10s", attemptTime: "2s" }, false],
      ["gateway-api/httproute.yaml", "50:7", "gateway-api", "storefront/rules[1]", {}, false],
      ["gateway-api/httproute.yaml", "83:7", "gateway-api", "payments/charge", { attempts: "5", base: "1s" }, false],
      ["github-actions/.github/workflows/ci.yml", "22:9", "nick-fields-retry", "test/Install dependencies", { attempts: "3", base: "30s", attemptTime: "300s", deadline: "900s" }, false],
      ["github-actions/.github/workflows/ci.yml", "42:9", "nick-fields-retry", "e2e/Smoke test", { attemptTime: "50s" }, false],
      ["github-actions/.github/workflows/release.yml", "15:9", "wretry", "publish/Publish to npm", { attempts: "4", base: "15s", deadline: "600s" }, false],
      ["github-actions/.github/workflows/release.yml", "22:9", "wretry", "publish/Log in to GHCR", { attempts: "1" }, false],
      ["grpc/client.yaml", "14:9", "grpc", "payments.Payments/Charge, payments.Payments/Refund", { attempts: "4", base: "250ms", cap: "2s", factor: "3", jitter: "union" }, false],
      ["grpc/client.yaml", "24:25", "grpc", "(every method) (defaultServiceConfig)", { attempts: "2", base: "50ms", cap: "400ms", factor: "2", jitter: "union" }, false],
      ["grpc/service-config.json", "7:7", "grpc", "helloworld.Greeter/SayHello [retryThrottling maxTokens 10, tokenRatio 0.1]", { attempts: "3", base: "100ms", cap: "1s", deadline: "2s", factor: "2", jitter: "union" }, false],
      [
        "grpc/service-config.json",
        "17:7",
        "grpc",
        "inventory.Stock (maxAttempts 10, treated as 5) [retryThrottling maxTokens 10, tokenRatio 0.1]",
        { attempts: "4", base: "500ms", cap: "3s", factor: "1.5", jitter: "union" },
        false,
      ],
      ["istio/reviews.yaml", "14:5", "istio", "reviews/primary [DestinationRule reviews-limits: connectionPool.http.maxRetries 10; retryBudget percent 25, minRetryConcurrency 3]", { attempts: "4", attemptTime: "500ms" }, false],
      ["istio/virtual-service.yaml", "14:5", "istio", "ratings/ratings-v1", { attempts: "3", attemptTime: "2s" }, false],
      ["istio/virtual-service.yaml", "18:5", "istio", "ratings/http[1] (mesh default)", {}, false],
      ["kafka/producer.properties", "5:1", "kafka", "producer.properties", { base: "100ms", cap: "1s", attempts: "2147483647", maxElapsed: "120s" }, false],
      ["knative/eventing.yaml", "8:3", "knative", "orders (Broker) [then deadLetterSink]", { attempts: "5", strategy: "exponential", base: "500ms" }, false],
      ["knative/eventing.yaml", "33:3", "knative", "invoice (Trigger)", { attempts: "3", strategy: "linear", base: "1s", attemptTime: "2s" }, false],
      ["knative/eventing.yaml", "45:3", "knative", "audit (InMemoryChannel) [then deadLetterSink]", { attempts: "0" }, true],
      ["knative/eventing.yaml", "64:3", "knative", "audit-log (Subscription)", { attempts: "4" }, false],
      ["knative/eventing.yaml", "67:1", "knative", "default (Broker) (config-br-defaults as shipped)", { attempts: "10", strategy: "exponential", base: "200ms" }, false],
      ["kubernetes/jobs.yaml", "22:3", "kubernetes-job", "pi", { attempts: "4" }, false],
      ["kubernetes/jobs.yaml", "39:7", "kubernetes-job", "hello", { attempts: "2" }, false],
      ["kubernetes/jobs.yaml", "56:1", "kubernetes-job", "migrate", {}, false],
      ["lambda/cloudformation.json", "14:5", "lambda-async", "ReportAsyncConfig", { attempts: "1", deadline: "3600s", attemptTime: "300s" }, false],
      ["lambda/cloudformation.json", "23:5", "lambda-async", "AuditAsyncConfig", { deadline: "21600s" }, false],
      ["lambda/sam-template.yaml", "23:7", "lambda-async", "OrderProcessor (EventInvokeConfig)", { attempts: "2", deadline: "150s", attemptTime: "120s" }, false],
      ["lambda/sam-template.yaml", "36:7", "lambda-async", "Notifier (EventInvokeConfig)", { attempts: "0", deadline: "21600s", attemptTime: "30s" }, true],
      ["linkerd/retries.yaml", "8:5", "linkerd", "books (Service)", { attempts: "2", attemptTime: "300ms", deadline: "2s" }, false],
      ["linkerd/retries.yaml", "25:5", "linkerd", "authors-get-route (HTTPRoute)", {}, false],
      ["linkerd/retries.yaml", "44:5", "linkerd", "emoji (GRPCRoute)", { attempts: "4" }, false],
      ["linkerd/retries.yaml", "62:5", "linkerd", "web (Service)", { attempts: "0" }, true],
      [
        "linkerd/service-profile.yaml",
        "13:5",
        "linkerd-profile",
        "books.booksapp.svc.cluster.local/GET /books/{id}.json [retryBudget retryRatio 0.2, minRetriesPerSecond 10, ttl 10s]",
        { deadline: "300ms" },
        false,
      ],
      [
        "linkerd/service-profile.yaml",
        "35:5",
        "linkerd-profile",
        "authors.booksapp.svc.cluster.local/HEAD /authors/{id}.json [retryBudget default: retryRatio 0.2, minRetriesPerSecond 10, ttl 10s]",
        {},
        false,
      ],
      ["spring/application.properties", "6:1", "resilience4j", "paymentGateway", { base: "2s", factor: "2", jitter: "0", attempts: "3", cap: "10s" }, false],
      ["spring/application.properties", "3:1", "kafka", "spring.kafka.properties", { base: "250ms", cap: "5s" }, false],
      ["spring/application.yml", "22:7", "resilience4j", "backendA", { base: "500ms", factor: "2", jitter: "0", attempts: "4" }, false],
      ["spring/application.yml", "28:7", "resilience4j", "backendB", { base: "1s", factor: "1", jitter: "0.25", attempts: "3" }, false],
      ["spring/application.yml", "15:7", "resilience4j", "configs.default", { base: "100ms", factor: "1", jitter: "0", attempts: "2" }, false],
      ["spring/application.yml", "7:7", "kafka", "spring.kafka.producer", { base: "200ms", attempts: "5", maxElapsed: "60s" }, false],
      ["spring/application.yml", "41:7", "resilience4j", "backendA [profile prod]", { base: "500ms", factor: "2", jitter: "0", attempts: "7" }, false],
      ["spring-cloud-gateway/application.properties", "5:1", "spring-cloud-gateway", "payments (filters[0])", { attempts: "5" }, false],
      ["spring-cloud-gateway/application.properties", "9:1", "spring-cloud-gateway", "refunds (filters[1])", { attempts: "2", base: "1s", cap: "4s" }, false],
      ["spring-cloud-gateway/application.yml", "10:11", "spring-cloud-gateway", "spring.cloud.gateway (default-filters[1])", { attempts: "2" }, false],
      ["spring-cloud-gateway/application.yml", "19:15", "spring-cloud-gateway", "retry_test (filters[0])", { attempts: "3", base: "10ms", cap: "50ms", factor: "2" }, false],
      ["spring-cloud-gateway/application.yml", "35:15", "spring-cloud-gateway", "retry_shortcut (filters[1])", { attempts: "3", base: "100ms", cap: "500ms", factor: "2" }, false],
      ["spring-cloud-gateway/application.yml", "48:15", "spring-cloud-gateway", "jittered (filters[0])", { attempts: "4", base: "100ms", cap: "1s", jitter: "0.5" }, false],
      ["step-functions/legacy-map.asl.yaml", "15:15", "step-functions", "Transcode", { base: "30s", attempts: "4", factor: "3.0" }, false],
      [
        "step-functions/order.asl.json",
        "10:9",
        "step-functions",
        "ValidateOrder [Lambda.ServiceException, Lambda.TooManyRequestsException]",
        { base: "2s", attempts: "6", factor: "2" },
        false,
      ],
      ["step-functions/order.asl.json", "16:9", "step-functions", "ValidateOrder [States.Timeout]", { attempts: "0" }, true],
      ["step-functions/order.asl.json", "33:17", "step-functions", "ChargeCard", { base: "1s", attempts: "3", factor: "1.5", cap: "5s", jitter: "full" }, false],
      ["step-functions/order.asl.json", "59:31", "step-functions", "ReserveItem", {}, false],
      ["traefik/docker-compose.yml", "9:9", "traefik", "test-retry (labels of services.whoami)", { attempts: "3", base: "100ms" }, false],
      ["traefik/docker-compose.yml", "16:9", "traefik", "shop-retry (labels of services.shop.deploy)", { attempts: "2", base: "2s" }, false],
      ["traefik/dynamic.toml", "11:36", "traefik", "orders-retry", { attempts: "3", base: "100ms" }, false],
      ["traefik/dynamic.toml", "19:29", "traefik", "Quick", { attempts: "2" }, false],
      ["traefik/dynamic.yml", "12:7", "traefik", "api-retry", { attempts: "4", base: "250ms" }, false],
      ["traefik/middlewares.yaml", "9:3", "traefik", "test-retry", { attempts: "3", base: "100ms" }, false],
      ["traefik/middlewares.yaml", "18:3", "traefik", "retry-now", { attempts: "2" }, false],
      ["traefik/middlewares.yaml", "26:3", "traefik", "legacy-retry", { attempts: "1", base: "1s" }, false],
    ]);
  });

  it("reads package.json's text and passes it over without parsing; leaves out node_modules and what .gitignore lists", async () => {
    const { rows, passedOver } = await found();
    // docs.yml, a workflow without a retry step, is read and passed over unparsed too: .github/ is walked.
    // traefik.toml is Traefik's static configuration: no [http.middlewares, not parsed.
    expect(passedOver).toEqual([`${TREE}/package.json`, `${TREE}/github-actions/.github/workflows/docs.yml`, `${TREE}/traefik/traefik.toml`]);
    expect(rows.some(([file]) => file.startsWith("node_modules") || file.startsWith("generated"))).toBe(false);
  });
});

describe("files named on the command line and own configs", () => {
  it("a named file with a typo gets the --config message; while scanning the same file is no config at all", () => {
    expect(problem('{"base": "2s", "atempts": 6}', "json", "retry.json", true)).toBe('retry.json:1:16: unknown key "atempts" in the top level; did you mean "attempts"?');
    expect(find('{"base": "2s", "atempts": 6}', "json", "retry.json").policies).toEqual([]);
  });
  it("a JSON syntax error: exit-2 problem when named, unreadable (a finding) while scanning, naming the system whose words it holds", () => {
    expect(problem('{"base": "2s",}', "json", "retry.json", true)).toBe("retry.json:1:15: trailing comma before '}'");
    expect(unreadable('{"base": "2s",}', "json", "retry.json")).toEqual({ problem: "retry.json:1:15: trailing comma before '}'", systems: ["backoff"] });
    expect(find('{"base": "2s",}', "json", "retry.json").skipped).toBe(null);
  });
  it("a YAML syntax error names line and column", () => {
    // The flow map is never closed: the parser notices at the end of the text, line 4.
    expect(problem("apiVersion: batch/v1\nkind: Job\nspec: {backoffLimit: 2\n", "yaml", "job.yaml", true)).toBe(
      "job.yaml:4:1: YAML: Flow map in block collection must be sufficiently indented and end with a }",
    );
  });
});

// Seen on envoyproxy/gateway: its .github/workflows/command.yaml (an `if: |` block holding a
// `${{` … `}}` over five lines) and charts/gateway-addons-helm/values.yaml (a fluent-bit config
// in a `|` block with `{{ .Values.flush }}`) were skipped as Helm templates; both are plain YAML.
describe("what is a Helm or Jinja template", () => {
  const JOB = "apiVersion: batch/v1\nkind: Job\nspec:\n  backoffLimit: 2\n";
  it("a {{ … }} in plain YAML is one, at the first {{ outside quotes and comments", () => {
    expect(looksLikeTemplate(`${JOB}metadata:\n  name: {{ .Release.Name }}\n`)).toBe(true);
    expect(looksLikeTemplate(`${JOB}{{- if .Values.enabled }}\n`)).toBe(true);
    expect(looksLikeTemplate(`${JOB}metadata:\n  name: "{{ .Release.Name }}" # {{ x }}\n`)).toBe(false);
  });
  it("a {{ … }} in a block scalar's text is a string, not a template; the block ends at a line no deeper than its key", () => {
    const values = "config:\n  filter: |\n    [SERVICE]\n        Flush {{ .Values.flush }}\n\n    Log_Level {{ .Values.logLevel }}\n";
    expect(looksLikeTemplate(`${JOB}${values}`)).toBe(false);
    expect(looksLikeTemplate(`${JOB}args:\n- >-\n  echo {{ x }}\n`)).toBe(false);
    expect(looksLikeTemplate(`${JOB}${values}  name: {{ .Release.Name }}\n`)).toBe(true);
    // A block scalar's header with an indentation indicator and chomping (`|2-`).
    expect(looksLikeTemplate(`${JOB}data: |2-\n    {{ x }}\nkind: {{ y }}\n`)).toBe(true);
  });
  it("a GitHub expression over several lines is no template in a workflow", () => {
    const workflow = "on: issue_comment\njobs:\n  retest:\n    if: ${{\n       github.event.issue.pull_request\n       && github.actor != 'bot'\n      }}\n    runs-on: ubuntu-latest\n";
    expect(looksLikeTemplate(workflow)).toBe(false);
    expect(looksLikeTemplate(`${workflow}    name: {{ x }}\n`)).toBe(true);
  });
});

describe("a template found while scanning: a warning only where it may hold a policy", () => {
  // Seen on istio/istio's manifests/charts: a chart's Role, Service and Deployment templates matched the pre-filter
  // (a chart named "gateway", a Deployment's `strategy:`) and were each reported as a skipped template.
  const scan = (text: string) => recogniseFile({ text, name: "templates/x.yaml", kind: "yaml", named: false });
  const SKIPPED = "a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -";
  it("a Role of the gateway chart, a Deployment with a strategy: passed over, as files without a policy", () => {
    for (const text of [
      "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: {{ include \"gateway.name\" . }}\n",
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  strategy:\n    type: RollingUpdate\n",
      // linkerd2's controller: a flag named retryLimit is no Kafka retries.
      "kind: Deployment\nspec:\n  args:\n  - -event-requeue-limit={{ dig \"retryLimit\" $.Values.retryLimit . }}\n",
      // linkerd2's charts/linkerd-crds: the HTTPRoute's schema, not a route.
      "{{- if .Values.installGatewayAPI }}\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  names:\n    kind: HTTPRoute\n",
    ]) {
      expect(scan(text)).toMatchObject({ policies: [], skipped: null, looked: false });
    }
  });
  it("a VirtualService, a Job, a gateway's Retry filter or a Traefik retry: skipped with the warning", () => {
    for (const text of [
      "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata:\n  name: {{ .Release.Name }}\n",
      "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {{ .Release.Name }}\n",
      "spring:\n  cloud:\n    gateway:\n      routes:\n      - filters:\n        - name: Retry\n          args: {retries: {{ .Values.retries }}}\n",
      "kind: Middleware\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  retry:\n    attempts: 4\n",
      // A definition beside a route: the route may be a policy.
      "kind: CustomResourceDefinition\nspec:\n  names:\n    kind: HTTPRoute\n---\nkind: HTTPRoute\nmetadata:\n  name: {{ .Release.Name }}\n",
    ]) {
      expect(scan(text)).toMatchObject({ policies: [], skipped: SKIPPED, looked: true });
    }
  });
});

describe("line ends", () => {
  it("a YAML file saved with \\r\\n line ends gives its policies at the same lines and columns as with \\n", () => {
    const lf = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  backoffLimit: 4\n";
    // backoffLimit is the key of line 6, at column 3; the \r before each \n is no column of the next line.
    const expected = { policies: [{ at: "6:3", system: "kubernetes-job", name: "pi", options: { attempts: "4" } }], unresolved: [], skipped: null };
    expect(find(lf)).toEqual(expected);
    expect(find(lf.replace(/\n/g, "\r\n"))).toEqual(expected);
    // A wrong value is placed the same way: line 6, column 17 (after "  backoffLimit: ").
    expect(problem(lf.replace("4", '"4"').replace(/\n/g, "\r\n"))).toBe('f.yaml:6:17: backoffLimit of Job "pi" must be a whole number, got the string "4"');
  });
});
