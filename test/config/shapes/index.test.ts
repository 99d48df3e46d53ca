import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mentionsPolicy } from "../../../src/config/recognise.js";
import type { ConfigShape } from "../../../src/config/shape.js";
import { RECOGNISED, SHAPES, SHAPE_WORDS, shapeOf } from "../../../src/config/shapes/index.js";
import { findPreset } from "../../../src/presets/registry.js";
import { ROOT } from "../../support/paths.js";

const SHAPES_DIR = join(ROOT, "src/config/shapes");

describe("the shape registry (src/config/shapes/index.ts)", () => {
  it("lists every file of src/config/shapes/ once, each file exporting one shape and nothing else", async () => {
    const files = readdirSync(SHAPES_DIR).filter((file) => file.endsWith(".ts") && file !== "index.ts");
    const exported: ConfigShape[] = [];
    for (const file of files) {
      const module = (await import(join(SHAPES_DIR, file))) as Record<string, unknown>;
      expect(Object.keys(module), `${file} exports one shape`).toHaveLength(1);
      exported.push(Object.values(module)[0] as ConfigShape);
    }
    expect(new Set(exported)).toEqual(new Set(SHAPES));
    expect(SHAPES).toHaveLength(files.length);
  });

  it("names each system once; a shape's preset is one the preset registry has", () => {
    const systems = SHAPES.map((shape) => shape.system);
    expect(new Set(systems).size).toBe(systems.length);
    for (const shape of SHAPES) {
      expect(shapeOf(shape.system)).toBe(shape);
      if (shape.preset !== null) expect(findPreset(shape.preset), shape.system).toBeDefined();
    }
    expect(() => shapeOf("nginx")).toThrow('no shape in the registry reports policies as "nginx"');
  });

  it("a reader that runs only with its words has words; every reader of a view has the words that open it", () => {
    for (const shape of SHAPES) {
      if (shape.documents?.onlyWithWords) expect(shape.words.tree, shape.system).toBeDefined();
      if (shape.spring !== undefined) expect(shape.words.tree, shape.system).toBeDefined();
      if (shape.properties !== undefined) expect(shape.words.properties, shape.system).toBeDefined();
    }
  });

  it("the recognised line lists the shapes in the registry's order (the message as it was before the registry)", () => {
    expect(RECOGNISED).toBe(
      "backoff's own config (JSON or YAML), BullMQ job options, Step Functions state machines (also in CloudFormation/SAM), " +
        "Kubernetes Job/CronJob, Argo Workflows retryStrategy, Istio VirtualService retries, Contour HTTPProxy retryPolicy, Envoy Gateway BackendTrafficPolicy retry, Gateway API HTTPRoute retry, Linkerd retry.linkerd.io annotations, Linkerd ServiceProfile isRetryable routes, Knative Eventing delivery (Trigger, Broker, Subscription, Channel), Envoy retry_policy, Dapr Resiliency retries, Traefik retry middleware (Middleware CRD, dynamic config YAML or TOML, labels), " +
        "Spring resilience4j retry (application*.yml/.properties), Spring Cloud Gateway Retry filters (application*.yml/.properties), Kafka client retry properties, " +
        "Spring Boot RabbitMQ retry (spring.rabbitmq.*.retry), Spring Cloud Stream consumer retry (spring.cloud.stream.bindings)" +
        ", gRPC service config retryPolicy, GitHub Actions nick-fields/retry steps, GitHub Actions wretry.action steps, Lambda EventInvokeConfig (CloudFormation/SAM)",
    );
  });
});

describe("the key-word pre-filter: one expression per kind of file, from every shape's words", () => {
  it("a JSON or YAML text with any shape's word is read; one with none is passed over", () => {
    const mentions = ["StartAt: A", "Type: AWS::StepFunctions::StateMachine", "backoffLimit: 3", 'kind: "CronJob"', "retryStrategy:", "kind: VirtualService", "retry_policy: {}", '"retryPolicy": {}', "resilience4j:", "spring.kafka.x: 1", '{"base": "1s"}', "policies:\n  a: {}"];
    for (const text of mentions) expect(mentionsPolicy(text, "yaml", false), text).toBe(true);
    for (const text of ['{"name": "app", "scripts": {"test": "vitest"}}', "kind: Deployment\nspec:\n  replicas: 3\n", "cap: 1s\nattempts: 3\n"]) {
      expect(mentionsPolicy(text, "yaml", false), text).toBe(false);
    }
  });

  it("a file named on the command line is read when it has any of backoff's own keys", () => {
    expect(mentionsPolicy("cap: 1s\nattempts: 3\n", "yaml", true)).toBe(true);
    expect(SHAPE_WORDS.named.test('{"jitter": "full"}')).toBe(true);
    expect(SHAPE_WORDS.tree.test('{"jitter": "full"}')).toBe(false);
  });

  it("a .properties text needs a Kafka retry key, Spring's prefix or resilience4j; `retries` only at the start of a line", () => {
    for (const text of ["retry.backoff.ms=100", "delivery.timeout.ms=1", "  retries=3", "spring.application.name=x", "resilience4j.retry.instances.a.maxAttempts=2"]) {
      expect(mentionsPolicy(text, "properties", false), text).toBe(true);
    }
    for (const text of ["max.retries=3", "server.port=8080"]) expect(mentionsPolicy(text, "properties", false), text).toBe(false);
  });
});
