import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RetryOn } from "../../../src/core/conditions/condition.js";
import { ARGO_DEFAULT_RETRY_ON, ARGO_PHASE_ERROR } from "../../../src/core/conditions/defaults/argo.js";
import { CONTOUR_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/contour.js";
import { DAPR_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/dapr.js";
import { ENVOY_GATEWAY_DEFAULT_RETRY_ON, ENVOY_GATEWAY_DEFAULT_STATUS_CODE, ENVOY_GATEWAY_DEFAULT_TRIGGERS } from "../../../src/core/conditions/defaults/envoy-gateway.js";
import { GATEWAY_API_CONNECTION_ERRORS, GATEWAY_API_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/gateway-api.js";
import { ISTIO_DEFAULT_RETRY_ON, ISTIO_DEFAULT_STATUS_CODE, ISTIO_DEFAULT_TRIGGERS } from "../../../src/core/conditions/defaults/istio.js";
import { KAFKA_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/kafka.js";
import { KNATIVE_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/knative.js";
import { KUBERNETES_JOB_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/kubernetes-job.js";
import { LAMBDA_ASYNC_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/lambda-async.js";
import { NICK_FIELDS_RETRY_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/nick-fields-retry.js";
import {
  SPRING_CLOUD_GATEWAY_DEFAULT_EXCEPTIONS,
  SPRING_CLOUD_GATEWAY_DEFAULT_METHODS,
  SPRING_CLOUD_GATEWAY_DEFAULT_RETRY_ON,
  SPRING_CLOUD_GATEWAY_DEFAULT_SERIES,
} from "../../../src/core/conditions/defaults/spring-cloud-gateway.js";
import { TRAEFIK_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/traefik.js";
import { WRETRY_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/wretry.js";
import { ROOT } from "../../support/paths.js";

/**
 * src/core/conditions/defaults/: each system's default retry conditions, the one definition its
 * preset shows and its shape reads (test/presets/against-shapes.test.ts checks the two paths end
 * to end). The expected values are written out here from the source each file cites, in the
 * vocabulary of core/conditions/condition.ts.
 */

/** Each file of the folder, by system, with its default as the cited source gives it. */
const EXPECTED: Readonly<Record<string, readonly [RetryOn, RetryOn]>> = {
  // istio/istio retry.go at 126806ab defaultPolicy: connect-failure and refused-stream are connection failures,
  // unavailable and cancelled gRPC codes, retriable-status-codes with RetriableStatusCodes [503].
  istio: [
    ISTIO_DEFAULT_RETRY_ON,
    {
      words: ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes 503"],
      from: "Istio's default",
      isDefault: true,
      conditions: [{ kind: "connection" }, { kind: "connection" }, { kind: "grpc", code: "UNAVAILABLE" }, { kind: "grpc", code: "CANCELLED" }, { kind: "status", code: 503 }],
    },
  ],
  // argo-workflows v4.1.2 operator.go processNodeRetries: no retryPolicy is OnFailure, phase Failed and not phase Error.
  argo: [
    ARGO_DEFAULT_RETRY_ON,
    {
      words: ["OnFailure"],
      from: "Argo's default retryPolicy",
      isDefault: true,
      conditions: [{ kind: "every-error", but: "phase Error (a failure other than a non-zero exit)" }],
    },
  ],
  // contour policy.go at 31c4bb38: retryOn "5xx", Envoy's 5xx being every 5xx, a failed connection and no response.
  contour: [CONTOUR_DEFAULT_RETRY_ON, { words: ["5xx"], from: "Contour's default", isDefault: true, conditions: [{ kind: "5xx" }, { kind: "connection" }, { kind: "timeout" }] }],
  // dapr pkg/resiliency/retry.go: without matching, every error.
  dapr: [DAPR_DEFAULT_RETRY_ON, { words: [], from: "no matching", isDefault: true, conditions: [{ kind: "every-error" }] }],
  // envoyproxy/gateway route.go: connect-failure,refused-stream,unavailable,cancelled,retriable-status-codes with 503.
  "envoy-gateway": [
    ENVOY_GATEWAY_DEFAULT_RETRY_ON,
    {
      words: ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes 503"],
      from: "Envoy Gateway's default",
      isDefault: true,
      conditions: [{ kind: "connection" }, { kind: "connection" }, { kind: "grpc", code: "UNAVAILABLE" }, { kind: "grpc", code: "CANCELLED" }, { kind: "status", code: 503 }],
    },
  ],
  // gateway-api httproute_types.go at 03775165: codes has no default; implementations SHOULD retry connection errors.
  "gateway-api": [
    GATEWAY_API_DEFAULT_RETRY_ON,
    {
      words: [],
      from: "retry without codes",
      isDefault: true,
      conditions: [{ kind: "connection" }, { kind: "timeout" }, { kind: "other", text: "the implementation's status codes (Gateway API sets none by default)" }],
    },
  ],
  // apache/kafka 4.3.1 Sender.canRetry: a RetriableException (NetworkException for a lost connection or a timed-out request).
  kafka: [
    KAFKA_DEFAULT_RETRY_ON,
    {
      words: ["RetriableException"],
      from: "the client's transient errors (Sender.canRetry)",
      isDefault: true,
      conditions: [{ kind: "connection" }, { kind: "timeout" }, { kind: "error", name: "RetriableException (NotLeaderOrFollowerException, NotEnoughReplicasException, …)" }],
    },
  ],
  // knative retries.go SelectiveRetry: errors, status ≥ 500, 404, 408, 409, 429.
  knative: [
    KNATIVE_DEFAULT_RETRY_ON,
    {
      words: ["errors", "5xx", "404", "408", "409", "429"],
      from: "Knative's SelectiveRetry",
      isDefault: true,
      conditions: [
        { kind: "connection" },
        { kind: "timeout" },
        { kind: "5xx" },
        { kind: "status", code: 404 },
        { kind: "status", code: 408 },
        { kind: "status", code: 409 },
        { kind: "status", code: 429 },
      ],
    },
  ],
  // kubernetes v1.36.3 pod_failure_policy.go: without a podFailurePolicy every failed pod counts.
  "kubernetes-job": [KUBERNETES_JOB_DEFAULT_RETRY_ON, { words: ["every failed pod"], from: "no podFailurePolicy", isDefault: true, conditions: [{ kind: "every-error" }] }],
  // Lambda Developer Guide, invocation-async-error-handling.html: every function error; throttles and system errors apart.
  "lambda-async": [
    LAMBDA_ASYNC_DEFAULT_RETRY_ON,
    {
      words: ["function errors", "Lambda's throttles and system errors, until the event's maximum age"],
      from: "AWS's documented retries",
      isDefault: true,
      conditions: [{ kind: "every-error" }, { kind: "other", text: "Lambda's own throttles (429) and system errors (5xx), apart from MaximumRetryAttempts" }],
    },
  ],
  // nick-fields/retry v4.0.0 src/index.ts: retry_on || 'any'.
  "nick-fields-retry": [NICK_FIELDS_RETRY_DEFAULT_RETRY_ON, { words: ["any"], from: "the action's default retry_on", isDefault: true, conditions: [{ kind: "every-error" }] }],
  // spring-cloud-gateway v5.0.3 RetryConfig: series SERVER_ERROR, exceptions IOException and TimeoutException, methods GET.
  "spring-cloud-gateway": [
    SPRING_CLOUD_GATEWAY_DEFAULT_RETRY_ON,
    {
      words: ["series SERVER_ERROR", "exceptions IOException and TimeoutException"],
      from: "the Retry filter's default",
      isDefault: true,
      conditions: [{ kind: "5xx" }, { kind: "error", name: "IOException" }, { kind: "error", name: "TimeoutException" }],
      methods: ["GET"],
    },
  ],
  // traefik retry.go at fd5a576d: without status, network errors alone.
  traefik: [TRAEFIK_DEFAULT_RETRY_ON, { words: ["network errors"], from: "retry middleware", isDefault: true, conditions: [{ kind: "connection" }] }],
  // wretry.action src/Retry.js at v3.8.0_js_action: retry_condition || true.
  wretry: [WRETRY_DEFAULT_RETRY_ON, { words: ["true"], from: "the action's default retry_condition", isDefault: true, conditions: [{ kind: "every-error" }] }],
};

describe("each system's default retry conditions", () => {
  it.each(Object.entries(EXPECTED))("%s", (_system, [actual, expected]) => {
    expect(actual).toEqual(expected);
  });

  it("the folder holds one file a system, each checked here", () => {
    const files = readdirSync(join(ROOT, "src/core/conditions/defaults")).map((file) => file.replace(/\.ts$/, ""));
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});

describe("the parts a shape also reads alone", () => {
  it("Argo: phase Error, which OnError retries and OnFailure does not", () => {
    expect(ARGO_PHASE_ERROR).toBe("phase Error (a failure other than a non-zero exit)");
  });

  it("Envoy Gateway: the triggers without retryOn.triggers, the code without httpStatusCodes", () => {
    expect(ENVOY_GATEWAY_DEFAULT_TRIGGERS).toEqual(["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes"]);
    expect(ENVOY_GATEWAY_DEFAULT_STATUS_CODE).toBe(503);
  });

  it("Istio: the triggers and the code istiod gives a route without retryOn", () => {
    expect(ISTIO_DEFAULT_TRIGGERS).toEqual(["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes"]);
    expect(ISTIO_DEFAULT_STATUS_CODE).toBe(503);
  });

  it("Gateway API: connection errors, retried with codes or without", () => {
    expect(GATEWAY_API_CONNECTION_ERRORS).toEqual([{ kind: "connection" }, { kind: "timeout" }]);
  });

  it("Spring Cloud Gateway: series, exceptions and methods, each defaulted alone", () => {
    expect([SPRING_CLOUD_GATEWAY_DEFAULT_SERIES, SPRING_CLOUD_GATEWAY_DEFAULT_EXCEPTIONS, SPRING_CLOUD_GATEWAY_DEFAULT_METHODS]).toEqual([["SERVER_ERROR"], ["IOException", "TimeoutException"], ["GET"]]);
  });
});
