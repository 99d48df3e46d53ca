// A generated repository of configuration files for `npm run bench`'s `backoff check DIR`
// case: every kind `check` reads (Kubernetes manifests with Jobs among Deployments and
// ConfigMaps, Step Functions JSON, CloudFormation, Argo, Istio, Envoy, Spring
// application.yml, Kafka properties, backoff's own JSON), each file shaped as its project's
// docs write them and padded with the ordinary settings around the retry ones, to
// `count` files and about `totalBytes` in all.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** @param {number} n */
const env = (n) => Array.from({ length: n }, (_, i) => `        - name: SETTING_${i}\n          value: "value-${i}"`).join("\n");
/** @param {number} i */
const labels = (i) => `app.kubernetes.io/name: svc-${i}\n    app.kubernetes.io/part-of: shop\n    app.kubernetes.io/version: "1.${i % 50}.0"`;

/**
 * CloudFormation's DefinitionString states, chained.
 * @param {number} n
 */
const states = (n) =>
  Array.from({ length: n }, (_, s) => {
    const next = s + 1 < n ? `"Next": "S${s + 1}"` : '"End": true';
    return `            "S${s}": {"Type": "Task", "Resource": "\${Fn${s}.Arn}", "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 2, "MaxAttempts": 3}], ${next}}${s + 1 < n ? "," : ""}`;
  }).join("\n");

/**
 * One kind of configuration file: its folder, extension, share of the files, file name
 * (the folder's when absent) and its text for file `i` with `pad` ordinary settings.
 * @typedef {{ dir: string; ext: string; weight: number; name?: string; make: (i: number, pad: number) => string }} Kind
 */

/** @type {Kind[]} */
const KINDS = [
  {
    dir: "k8s",
    ext: "yaml",
    weight: 20,
    make: (i, pad) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: svc-${i}
  labels:
    ${labels(i)}
spec:
  replicas: 3
  selector:
    matchLabels: {app: svc-${i}}
  template:
    metadata:
      labels: {app: svc-${i}}
    spec:
      containers:
      - name: app
        image: registry.example.com/svc-${i}:1.${i % 50}.0
        ports: [{containerPort: 8080}]
        env:
${env(pad)}
---
apiVersion: v1
kind: Service
metadata:
  name: svc-${i}
spec:
  selector: {app: svc-${i}}
  ports: [{port: 80, targetPort: 8080}]
---
apiVersion: batch/v1
kind: Job
metadata:
  name: migrate-${i}
spec:
  backoffLimit: ${2 + (i % 5)}
  template:
    spec:
      containers:
      - name: migrate
        image: registry.example.com/svc-${i}-migrate:1.${i % 50}.0
      restartPolicy: Never
`,
  },
  {
    dir: "step-functions",
    ext: "asl.json",
    weight: 15,
    make: (i, pad) => {
      /** @type {Record<string, object>} */
      const states = {};
      const n = Math.max(3, Math.round(pad / 3));
      for (let s = 0; s < n; s++) {
        states[`Step${s}`] = {
          Type: "Task",
          Resource: "arn:aws:states:::lambda:invoke",
          Parameters: { FunctionName: `fn-${i}-${s}`, "Payload.$": "$" },
          Retry: [{ ErrorEquals: ["Lambda.ServiceException", "Lambda.TooManyRequestsException"], IntervalSeconds: 1 + (s % 3), MaxAttempts: 3 + (s % 4), BackoffRate: 2 }],
          ...(s + 1 < n ? { Next: `Step${s + 1}` } : { End: true }),
        };
      }
      return `${JSON.stringify({ Comment: `workflow ${i}`, StartAt: "Step0", States: states }, null, 2)}\n`;
    },
  },
  {
    dir: "argo",
    ext: "yaml",
    weight: 12,
    make: (i, pad) => `apiVersion: argoproj.io/v1alpha1
kind: WorkflowTemplate
metadata:
  name: pipeline-${i}
spec:
  entrypoint: main
  templates:
  - name: main
    steps:
${Array.from({ length: Math.max(2, Math.round(pad / 4)) }, (_, s) => `    - - name: step-${s}\n        template: work\n        arguments:\n          parameters: [{name: n, value: "${s}"}]`).join("\n")}
  - name: work
    inputs:
      parameters: [{name: n}]
    retryStrategy:
      limit: "${3 + (i % 4)}"
      retryPolicy: OnFailure
      backoff: {duration: "5", factor: "2", cap: "2m"}
    container:
      image: registry.example.com/work:1.0
      args: ["{{inputs.parameters.n}}"]
`,
  },
  {
    dir: "envoy",
    ext: "yaml",
    weight: 8,
    make: (i, pad) => `static_resources:
  listeners:
  - name: listener_${i}
    address:
      socket_address: {address: 0.0.0.0, port_value: 10000}
    filter_chains:
    - filters:
      - name: envoy.filters.network.http_connection_manager
        typed_config:
          "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
          stat_prefix: ingress_http
          route_config:
            name: local_route
            virtual_hosts:
            - name: backend
              domains: ["*"]
              routes:
${Array.from({ length: Math.max(2, Math.round(pad / 5)) }, (_, r) => `              - match: {prefix: "/api/v${r}"}
                route:
                  cluster: api_${r}
                  timeout: 15s
                  retry_policy:
                    retry_on: 5xx,reset,connect-failure
                    num_retries: ${1 + (r % 4)}
                    per_try_timeout: 2s
                    retry_back_off: {base_interval: 0.1s, max_interval: 1s}`).join("\n")}
  clusters:
  - name: api_0
    type: STRICT_DNS
    load_assignment:
      cluster_name: api_0
      endpoints:
      - lb_endpoints:
        - endpoint:
            address:
              socket_address: {address: api, port_value: 8080}
`,
  },
  {
    dir: "istio",
    ext: "yaml",
    weight: 10,
    make: (i, pad) => `apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: vs-${i}
spec:
  hosts: [svc-${i}.prod.svc.cluster.local]
  http:
${Array.from({ length: Math.max(2, Math.round(pad / 4)) }, (_, r) => `  - name: route-${r}
    match: [{uri: {prefix: /v${r}}}]
    route:
    - destination: {host: svc-${i}.prod.svc.cluster.local, subset: v${r}}
    retries: {attempts: ${1 + (r % 3)}, perTryTimeout: 2s, retryOn: "gateway-error,connect-failure"}`).join("\n")}
`,
  },
  {
    dir: "spring",
    ext: "yml",
    weight: 12,
    name: "application",
    make: (i, pad) => `spring:
  application:
    name: svc-${i}
  datasource:
    url: jdbc:postgresql://db:5432/svc${i}
  kafka:
    bootstrap-servers: kafka:9092
    producer:
      retries: 5
      properties:
        retry.backoff.ms: 200
management:
  endpoints:
    web:
      exposure:
        include: health,metrics,retries
resilience4j:
  retry:
    configs:
      default:
        maxAttempts: 3
        waitDuration: 100ms
    instances:
${Array.from({ length: Math.max(2, Math.round(pad / 6)) }, (_, r) => `      backend${r}:
        baseConfig: default
        maxAttempts: ${2 + (r % 4)}
        waitDuration: ${100 * (1 + (r % 5))}ms
        enableExponentialBackoff: true
        exponentialBackoffMultiplier: 2
        retryExceptions:
          - java.io.IOException`).join("\n")}
`,
  },
  {
    dir: "kafka",
    ext: "properties",
    weight: 10,
    name: "producer",
    make: (i, pad) => `# producer ${i}
bootstrap.servers=kafka-1:9092,kafka-2:9092
acks=all
retries=${2147483647 - (i % 3)}
retry.backoff.ms=100
retry.backoff.max.ms=1000
delivery.timeout.ms=120000
${Array.from({ length: pad }, (_, r) => `custom.setting.${r}=value-${r}`).join("\n")}
`,
  },
  {
    dir: "backoff",
    ext: "json",
    weight: 8,
    name: "retry",
    make: (_i, pad) =>
      `${JSON.stringify(
        { assert: { "max-total": "10m" }, policies: Object.fromEntries(Array.from({ length: Math.max(1, Math.round(pad / 3)) }, (_, p) => [`policy${p}`, { base: `${1 + (p % 3)}s`, cap: "1m", attempts: 5 + (p % 4) }])) },
        null,
        2,
      )}\n`,
  },
  {
    dir: "cloudformation",
    ext: "yaml",
    weight: 5,
    make: (i, pad) => `AWSTemplateFormatVersion: "2010-09-09"
Resources:
  Machine${i}:
    Type: AWS::StepFunctions::StateMachine
    Properties:
      RoleArn: !GetAtt Role.Arn
      DefinitionString: !Sub |
        {
          "StartAt": "S0",
          "States": {
${states(Math.max(2, Math.round(pad / 4)))}
          }
        }
  Role:
    Type: AWS::IAM::Role
    Properties:
      AssumeRolePolicyDocument: {Version: "2012-10-17"}
`,
  },
];

/**
 * Writes the tree; returns the number of files and bytes written.
 * @param {string} root
 * @param {number} [count]
 * @param {number} [totalBytes]
 * @returns {{ files: number; bytes: number }}
 */
export function generateConfigTree(root, count = 2000, totalBytes = 10 * 1024 * 1024) {
  const totalWeight = KINDS.reduce((sum, k) => sum + k.weight, 0);
  const shares = KINDS.map((k) => Math.floor((count * k.weight) / totalWeight));
  shares[0] = (shares[0] ?? 0) + count - shares.reduce((a, b) => a + b, 0);
  // The padding (settings around the retry ones) that brings the average file to totalBytes / count.
  const averageAt = (/** @type {number} */ pad) => KINDS.reduce((sum, k, i) => sum + (k.make(0, pad).length * (shares[i] ?? 0)) / count, 0);
  let pad = 1;
  while (averageAt(pad) * count < totalBytes && pad < 10_000) pad++;
  let bytes = 0;
  KINDS.forEach((kind, k) => {
    for (let index = 0; index < (shares[k] ?? 0); index++) {
      const dir = join(root, kind.dir, `group-${index % 20}`);
      mkdirSync(dir, { recursive: true });
      const text = kind.make(index, pad);
      writeFileSync(join(dir, `${kind.name ?? kind.dir}-${index}.${kind.ext}`), text);
      bytes += Buffer.byteLength(text);
    }
  });
  return { files: count, bytes };
}
