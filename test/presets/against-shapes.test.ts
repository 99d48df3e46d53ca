/**
 * Issue 41, item 2: each system preset's default conditions, as `backoff presets NAME` shows
 * them, are what `check` reads from that system's file when the policy sets none (the shape in
 * src/config/shapes/<system>.ts). Presets cannot import config, so both take the one definition
 * in src/core/conditions/defaults/<system>.ts (step-functions has none: a Retrier has no default);
 * these tests follow the two paths end to end on a minimal file of each system (as
 * test/presets/istio.test.ts does for Istio's mesh default). The 'retries on' lines are written
 * out by hand from the vocabulary of core/conditions (overload signals first, then the rest in
 * the system's order, the words after in brackets), from the sources each preset cites:
 * - argo: argo-workflows v4.1.2 (16a52d67) operator.go processNodeRetries, default retryPolicy OnFailure;
 * - contour: policy.go at 31c4bb38, retryOn "5xx" when empty (Envoy's 5xx: every 5xx, connect failures, timeouts);
 * - dapr: pkg/resiliency/retry.go at v1.18.0-rc.1-215-gd8450742, no matching retries every error;
 * - envoy-gateway: internal/xds/translator/route.go retryDefaultRetryOn with retryDefaultRetriableStatusCode 503;
 * - gateway-api: apis/v1/httproute_types.go at 03775165, codes without default (the implementation's);
 * - kafka: apache/kafka 4.3.1 Sender.java canRetry, a RetriableException;
 * - knative: knative-v1.22.0-20-g8cf4c4b6 pkg/kncloudevents/retries.go SelectiveRetry (errors, 5xx, 404, 408, 409, 429);
 * - kubernetes-job: v1.36.3 pod_failure_policy.go, no podFailurePolicy: every failed pod;
 * - lambda-async: the Lambda Developer Guide, invocation-async-error-handling.html, every function error;
 * - nick-fields-retry: v4.0.0 (ad984534) src/index.ts, retry_on `|| 'any'`;
 * - spring-gateway (shape spring-cloud-gateway): v5.0.3 RetryGatewayFilterFactory.java, SERVER_ERROR, IOException and TimeoutException, GET;
 * - step-functions: states-language.net, ErrorEquals is required: no default, the file's retriers decide;
 * - traefik: master at fd5a576d (after v3.7.9) pkg/middlewares/retry/retry.go, network errors without status;
 * - wretry: src/Retry.js at v3.8.0_js_action (71a909eb), retry_condition `|| true`.
 */
import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../src/config/recognise.js";
import type { RetryOn } from "../../src/core/conditions/condition.js";
import { findPreset } from "../../src/presets/registry.js";
import { runCli } from "../support/cli.js";

type Kind = "yaml" | "json" | "properties";

/** Per system: a minimal file whose one policy sets no conditions, and the exact 'retries on' line of `backoff presets NAME`. */
const SYSTEMS: readonly (readonly [string, string, Kind, string, string])[] = [
  [
    "argo",
    "w.yaml",
    "yaml",
    "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: w}\nspec:\n  templates:\n  - name: a\n    retryStrategy: {limit: 3}\n",
    "retries on every error but phase Error (a failure other than a non-zero exit) (Argo's default retryPolicy: OnFailure)",
  ],
  [
    "contour",
    "p.yaml",
    "yaml",
    "apiVersion: projectcontour.io/v1\nkind: HTTPProxy\nmetadata: {name: p}\nspec:\n  routes:\n  - services: [{name: s, port: 80}]\n    retryPolicy: {count: 3}\n",
    "retries on 5xx, connection failures, timeouts (Contour's default: 5xx)",
  ],
  [
    "dapr",
    "r.yaml",
    "yaml",
    "apiVersion: dapr.io/v1alpha1\nkind: Resiliency\nmetadata: {name: r}\nspec:\n  policies:\n    retries:\n      retry: {policy: constant, duration: 5s, maxRetries: 3}\n",
    "retries on every error (no matching)",
  ],
  [
    "envoy-gateway",
    "b.yaml",
    "yaml",
    "apiVersion: gateway.envoyproxy.io/v1alpha1\nkind: BackendTrafficPolicy\nmetadata: {name: p}\nspec:\n  retry:\n    numRetries: 3\n",
    "retries on 503, connection failures, gRPC UNAVAILABLE, gRPC CANCELLED (Envoy Gateway's default: connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes 503)",
  ],
  [
    "gateway-api",
    "r.yaml",
    "yaml",
    "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  rules:\n  - retry: {attempts: 3}\n",
    "retries on connection failures, timeouts, the implementation's status codes (Gateway API sets none by default) (retry without codes)",
  ],
  [
    "kafka",
    "producer.properties",
    "properties",
    "retries=5\n",
    "retries on connection failures, timeouts, RetriableException (NotLeaderOrFollowerException, NotEnoughReplicasException, …) (the client's transient errors (Sender.canRetry): RetriableException)",
  ],
  [
    "knative",
    "t.yaml",
    "yaml",
    "apiVersion: eventing.knative.dev/v1\nkind: Trigger\nmetadata: {name: t}\nspec:\n  broker: default\n  delivery: {retry: 3}\n",
    "retries on 5xx, 429, connection failures, timeouts, 404, 408, 409 (Knative's SelectiveRetry: errors, 5xx, 404, 408, 409, 429)",
  ],
  [
    "kubernetes-job",
    "j.yaml",
    "yaml",
    "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  backoffLimit: 4\n",
    "retries on every error (no podFailurePolicy: every failed pod)",
  ],
  [
    "lambda-async",
    "t.yaml",
    "yaml",
    "Transform: AWS::Serverless-2016-10-31\nResources:\n  Fn:\n    Type: AWS::Serverless::Function\n    Properties:\n      EventInvokeConfig: {MaximumRetryAttempts: 1}\n",
    "retries on every error, Lambda's own throttles (429) and system errors (5xx), apart from MaximumRetryAttempts (AWS's documented retries: function errors, Lambda's throttles and system errors, until the event's maximum age)",
  ],
  [
    "nick-fields-retry",
    "ci.yml",
    "yaml",
    "jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: nick-fields/retry@v3\n        with:\n          max_attempts: 3\n          timeout_minutes: 5\n          command: npm ci\n",
    "retries on every error (the action's default retry_on: any)",
  ],
  [
    "spring-gateway",
    "application.yml",
    "yaml",
    "spring:\n  cloud:\n    gateway:\n      default-filters:\n        - name: Retry\n          args:\n            retries: 2\n",
    "retries on 5xx, IOException, TimeoutException (the Retry filter's default: series SERVER_ERROR, exceptions IOException and TimeoutException); methods GET",
  ],
  [
    "traefik",
    "m.yaml",
    "yaml",
    "apiVersion: traefik.io/v1alpha1\nkind: Middleware\nmetadata: {name: m}\nspec:\n  retry: {attempts: 3}\n",
    "retries on connection failures (retry middleware: network errors)",
  ],
  [
    "wretry",
    "ci.yml",
    "yaml",
    "jobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: Wandalen/wretry.action@v3.8.0\n        with:\n          command: npm publish\n          attempt_limit: 3\n",
    "retries on every error (the action's default retry_condition: true)",
  ],
];

/** The system check names, where it is not the preset's name. */
const SYSTEM_OF: Readonly<Record<string, string>> = { "spring-gateway": "spring-cloud-gateway" };

/** A RetryOn without what only a finding uses (the keys to edit): what a preset carries. */
function shown(on: RetryOn): Omit<RetryOn, "levers"> {
  const { levers: _levers, ...rest } = on;
  return rest;
}

/** The one policy check reads from a file, which must set no conditions. */
function readPolicy(name: string, kind: Kind, text: string) {
  const result = recogniseFile({ name, text, kind, named: false });
  expect(result.policies).toHaveLength(1);
  return result.policies[0]!;
}

async function retriesOnLine(name: string): Promise<string[]> {
  const { code, stdout, stderr } = await runCli(["presets", name], { env: { NO_COLOR: "1" } });
  expect([code, stderr]).toEqual([0, ""]);
  return stdout.split("\n").filter((line) => line.startsWith("retries on "));
}

describe.each(SYSTEMS.map(([preset, file, kind, text, line]) => ({ preset, file, kind, text, line })))("$preset's default conditions", ({ preset, file, kind, text, line }) => {
  it("are what check reads for a policy that sets none", () => {
    const policy = readPolicy(file, kind, text);
    expect(policy.system).toBe(SYSTEM_OF[preset] ?? preset);
    expect(policy.conditions!.isDefault).toBe(true);
    expect(findPreset(preset)!.conditions).toEqual(shown(policy.conditions!));
  });

  it("backoff presets NAME prints them on one 'retries on' line", async () => {
    expect(await retriesOnLine(preset)).toEqual([line]);
  });
});

describe("step-functions: a Retrier has no default conditions", () => {
  // states-language.net, "Retrying after error": each Retrier MUST have an ErrorEquals field; the shape reads it as written.
  it("the preset says the file's ErrorEquals decides; check reads each retrier's own", async () => {
    const asl = (errors: string) => `{"StartAt": "A", "States": {"A": {"Type": "Task", "Resource": "arn:aws:lambda:us-east-1:1:function:f", "Retry": [{${errors}"MaxAttempts": 2}], "End": true}}}`;
    const preset = findPreset("step-functions")!.conditions!;
    expect(preset).toEqual({
      words: [],
      from: "ErrorEquals, required: a Retrier has no default",
      isDefault: false,
      conditions: [{ kind: "other", text: "the errors each Retrier's ErrorEquals names" }],
    });
    const timeout = readPolicy("m.json", "json", asl('"ErrorEquals": ["States.Timeout"], ')).conditions!;
    expect([timeout.from, timeout.isDefault, timeout.conditions]).toEqual(["ErrorEquals", false, [{ kind: "timeout" }]]);
    // Left out, the shape reads no error names and no default in their place.
    const none = readPolicy("m.json", "json", asl("")).conditions!;
    expect([none.from, none.isDefault, none.words, none.conditions]).toEqual(["ErrorEquals", false, [], []]);
    expect(await retriesOnLine("step-functions")).toEqual(["retries on the errors each Retrier's ErrorEquals names (ErrorEquals, required: a Retrier has no default)"]);
  });
});
