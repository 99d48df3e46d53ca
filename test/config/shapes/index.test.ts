import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mentionsPolicy } from "../../../src/config/recognise.js";
import type { ConfigShape } from "../../../src/config/shape.js";
import { RECOGNISED, SHAPES, SHAPE_WORDS, shapeOf } from "../../../src/config/shapes/index.js";
import { findPreset } from "../../../src/presets/registry.js";
import { ROOT } from "../../support/paths.js";
import { generatedDoc } from "../../support/registries.js";
import { SHAPES_TABLE_END, SHAPES_TABLE_START } from "../../../scripts/shapes-doc.js";

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

  // The inventory: the one test that holds the list, against the generated table of
  // docs/check-files.md (npm run docs writes a row per shape, in this order, its first cell docs.system).
  it("holds the shapes docs/check-files.md's table lists, in its order", () => {
    const doc = generatedDoc("docs/check-files.md");
    const table = doc.slice(doc.indexOf(SHAPES_TABLE_START), doc.indexOf(SHAPES_TABLE_END)).split("\n").slice(3, -1);
    expect(SHAPES.map((shape) => `| ${shape.docs.system} | ${shape.docs.where} | ${shape.docs.policy} | ${shape.docs.conditions ?? "not read"} |`)).toEqual(table);
    expect(table.length).toBeGreaterThan(0);
  });

  it("the recognised line lists the shapes in the registry's order (each shape's words as the message gave them before the registry)", () => {
    expect(RECOGNISED).toBe(SHAPES.map((shape) => shape.recognised).join(", "));
    // A new shape's words are in its own twin.
    const words: Record<string, string> = {
      backoff: "backoff's own config (JSON or YAML)",
      bullmq: "BullMQ job options",
      "step-functions": "Step Functions state machines (also in CloudFormation/SAM)",
      "kubernetes-job": "Kubernetes Job/CronJob",
      argo: "Argo Workflows retryStrategy",
      istio: "Istio VirtualService retries",
      contour: "Contour HTTPProxy retryPolicy",
      "envoy-gateway": "Envoy Gateway BackendTrafficPolicy retry",
      "gateway-api": "Gateway API HTTPRoute retry",
      linkerd: "Linkerd retry.linkerd.io annotations",
      "linkerd-profile": "Linkerd ServiceProfile isRetryable routes",
      knative: "Knative Eventing delivery (Trigger, Broker, Subscription, Channel)",
      envoy: "Envoy retry_policy",
      dapr: "Dapr Resiliency retries",
      traefik: "Traefik retry middleware (Middleware CRD, dynamic config YAML or TOML, labels)",
      resilience4j: "Spring resilience4j retry (application*.yml/.properties)",
      "spring-cloud-gateway": "Spring Cloud Gateway Retry filters (application*.yml/.properties)",
      kafka: "Kafka client retry properties",
      "spring-rabbitmq": "Spring Boot RabbitMQ retry (spring.rabbitmq.*.retry)",
      "spring-cloud-stream": "Spring Cloud Stream consumer retry (spring.cloud.stream.bindings)",
      grpc: "gRPC service config retryPolicy",
      "nick-fields-retry": "GitHub Actions nick-fields/retry steps",
      wretry: "GitHub Actions wretry.action steps",
      "lambda-async": "Lambda EventInvokeConfig (CloudFormation/SAM)",
    };
    const recognised = new Map(SHAPES.map((shape) => [shape.system, shape.recognised]));
    for (const [system, text] of Object.entries(words)) expect([system, recognised.get(system) ?? "no such shape"]).toEqual([system, text]);
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
