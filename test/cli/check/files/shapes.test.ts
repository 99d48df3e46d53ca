import { describe, expect, it } from "vitest";
import { type FileKind, recogniseFile } from "../../../../src/cli/check/recognise.js";
import { UsageError } from "../../../../src/cli/shared/errors.js";

function find(text: string, kind: FileKind = "yaml", name = "f.yaml", named = false) {
  const result = recogniseFile({ name, text, kind, named });
  return {
    policies: result.policies.map((p) => ({ at: `${p.line}:${p.column}`, system: p.system, name: p.name, options: p.options, ...(p.disabled ? { disabled: true } : {}) })),
    unresolved: result.unresolved.map((u) => `${u.line}:${u.column} ${u.name}: ${u.reason}`),
    skipped: result.skipped,
  };
}

function problem(text: string, kind: FileKind = "yaml", name = "f.yaml", named = false): string {
  try {
    recogniseFile({ name, text, kind, named });
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("expected a problem");
}

describe("Step Functions", () => {
  it("a wrong type names the key, the state and the place (MaxAttempts: \"three\")", () => {
    const asl = '{"StartAt": "A", "States": {"A": {"Type": "Task", "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": "three"}], "End": true}}}';
    expect(problem(asl, "json", "sfn.json")).toBe('sfn.json:1:108: MaxAttempts (state "A", Retry[0]) must be a whole number, got the string "three"');
  });
  it("refuses what the States Language refuses: BackoffRate below 1, an unknown JitterStrategy", () => {
    const retrier = (fields: string) => `StartAt: A\nStates:\n  A:\n    Type: Task\n    Retry:\n      - ErrorEquals: [States.ALL]\n        ${fields}\n    End: true\n`;
    expect(problem(retrier("BackoffRate: 0.5"))).toBe('f.yaml:7:22: BackoffRate (state "A", Retry[0]) must be at least 1.0, got 0.5');
    expect(problem(retrier("JitterStrategy: PARTIAL"))).toBe('f.yaml:7:25: JitterStrategy (state "A", Retry[0]) must be "FULL" or "NONE", got the string "PARTIAL"');
    expect(problem(retrier("IntervalSeconds: 1.5"))).toBe('f.yaml:7:26: IntervalSeconds (state "A", Retry[0]) must be a whole number, got 1.5');
  });
  it("a Serverless Framework file's state machine is found where it sits", () => {
    const text = "stepFunctions:\n  stateMachines:\n    orders:\n      definition:\n        StartAt: Pay\n        States:\n          Pay:\n            Type: Task\n            Retry:\n              - ErrorEquals: [States.ALL]\n                MaxAttempts: 2\n            End: true\n";
    expect(find(text).policies).toEqual([{ at: "10:17", system: "step-functions", name: "Pay", options: { attempts: "2" } }]);
  });
  it("CloudFormation: a DefinitionString with Fn::Sub variables outside JSON strings is not checked, and says why", () => {
    const text = 'Resources:\n  M:\n    Type: AWS::StepFunctions::StateMachine\n    Properties:\n      DefinitionString: !Sub \'{"StartAt": "A", "States": {"A": {"Type": "Task", "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": ${Retries}}], "End": true}}}\'\n';
    expect(find(text)).toEqual({
      policies: [],
      unresolved: ["5:30 M: DefinitionString of M has Fn::Sub variables outside JSON strings, known only when deployed"],
      skipped: null,
    });
  });
  it("CloudFormation: a DefinitionString built with Fn::Join is not checked, and says why", () => {
    const text = '{"Resources": {"M": {"Type": "AWS::StepFunctions::StateMachine", "Properties": {"DefinitionString": {"Fn::Join": ["", ["{", "}"]]}}}}}';
    expect(find(text, "json", "t.json").unresolved).toEqual(["1:81 M: DefinitionString of M is built by Fn::Join; only a JSON string (or Fn::Sub of one) can be read"]);
  });
});

describe("Kubernetes, Argo, Istio, Envoy", () => {
  it("Kubernetes: a quoted backoffLimit is refused as the API server refuses it; other kinds are no policy", () => {
    expect(problem('apiVersion: batch/v1\nkind: Job\nmetadata: {name: x}\nspec:\n  backoffLimit: "4"\n')).toBe('f.yaml:5:17: backoffLimit of Job "x" must be a whole number, got the string "4"');
    expect(find("apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {}\n").policies).toEqual([]);
  });
  it("Kubernetes: the items of a List, and backoffLimitPerIndex for Indexed Jobs", () => {
    const text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: batch/v1\n  kind: Job\n  metadata: {name: a}\n  spec:\n    completionMode: Indexed\n    backoffLimitPerIndex: 1\n    backoffLimit: 0\n";
    expect(find(text).policies).toEqual([{ at: "9:5", system: "kubernetes-job", name: "a (per index)", options: { attempts: "1" } }]);
  });
  it("Argo: quoted numbers as Argo allows; a template expression is a placeholder, not checked", () => {
    const text = 'apiVersion: argoproj.io/v1alpha1\nkind: WorkflowTemplate\nmetadata: {name: t}\nspec:\n  templates:\n  - name: a\n    retryStrategy: {limit: "4", backoff: {duration: "2m", factor: "3", cap: "10m"}}\n  - name: b\n    retryStrategy:\n      limit: "{{workflow.parameters.retries}}"\n';
    expect(find(text)).toEqual({
      policies: [{ at: "7:5", system: "argo", name: "t/a", options: { attempts: "4", base: "120s", factor: "3", cap: "600s" } }],
      unresolved: ['10:14 t/b: limit of retryStrategy "t/b" is a placeholder, "{{workflow.parameters.retries}}"; its value is known only where it is rendered'],
      skipped: null,
    });
  });
  it("Argo: an Argo Events Sensor's retryStrategy is another kind: no policy", () => {
    expect(find("apiVersion: argoproj.io/v1alpha1\nkind: Sensor\nmetadata: {name: s}\nspec:\n  retryStrategy: {steps: 3}\n").policies).toEqual([]);
  });
  it("Istio: attempts 0 turns retries off; a bad duration names the key", () => {
    const vs = (retries: string) => `apiVersion: networking.istio.io/v1beta1\nkind: VirtualService\nmetadata: {name: r}\nspec:\n  http:\n  - name: main\n    retries: ${retries}\n`;
    expect(find(vs("{attempts: 0}")).policies).toEqual([{ at: "7:5", system: "istio", name: "r/main", options: { attempts: "0" }, disabled: true }]);
    expect(problem(vs("{attempts: 2, perTryTimeout: 2}"))).toBe('f.yaml:7:43: retries.perTryTimeout of r/main must be a duration such as "2s" or "25ms", got 2');
  });
  it("Envoy: camelCase JSON, quoted numbers and {seconds, nanos} durations; gRPC's retryPolicy is not Envoy's", () => {
    const json = '{"virtualHosts": [{"name": "vh", "domains": ["*"], "routes": [{"match": {"path": "/x"}, "route": {"cluster": "c", "retryPolicy": {"numRetries": "2", "retryBackOff": {"baseInterval": {"seconds": 0, "nanos": 50000000}}}}}]}]}';
    expect(find(json, "json", "rds.json").policies).toEqual([{ at: "1:115", system: "envoy", name: 'vh / path "/x"', options: { attempts: "2", base: "50ms" } }]);
    const grpc = '{"methodConfig": [{"name": [{"service": "s"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}';
    expect(find(grpc, "json", "service-config.json", true).policies).toEqual([]);
  });
});

describe("Spring resilience4j and Kafka", () => {
  const yaml = (instance: string, configs = "") => `resilience4j:\n  retry:\n${configs}    instances:\n      svc:\n${instance}`;
  it("defaults: 3 attempts, a fixed 500 ms (RetryConfig), when the instance says nothing about waits", () => {
    expect(find(yaml("        retryExceptions: [java.io.IOException]\n")).policies).toEqual([]);
    expect(find(yaml("        maxAttempts: 3\n")).policies).toEqual([
      { at: "4:7", system: "resilience4j", name: "svc", options: { base: "500ms", factor: "1", jitter: "0", attempts: "2" } },
    ]);
  });
  it("baseConfig lends only the four switches, not waitDuration's partner randomizedWaitFactor (ConfigUtils.mergePropertiesIfAny)", () => {
    const configs = "    configs:\n      shared:\n        enableRandomizedWait: true\n        randomizedWaitFactor: 0.1\n        waitDuration: 2s\n        maxAttempts: 6\n";
    // The instance's own waitDuration rebuilds the interval: randomized (lent) with the default factor 0.5, not 0.1.
    expect(find(yaml("        baseConfig: shared\n        waitDuration: 1s\n", configs)).policies).toEqual([
      { at: "10:7", system: "resilience4j", name: "svc", options: { base: "1s", factor: "1", jitter: "0.5", attempts: "5" } },
    ]);
    // Without its own waitDuration it keeps the base's interval function (randomized 2 s, factor 0.1).
    expect(find(yaml("        baseConfig: shared\n", configs)).policies[0]!.options).toEqual({ base: "2s", factor: "1", jitter: "0.1", attempts: "5" });
  });
  it("exponentialMaxWaitDuration counts only with a multiplier (and, randomized, a factor too)", () => {
    expect(find(yaml("        waitDuration: 1s\n        enableExponentialBackoff: true\n        exponentialMaxWaitDuration: 5s\n")).policies[0]!.options).toEqual({ base: "1s", factor: "1.5", jitter: "0", attempts: "2" });
    expect(find(yaml("        waitDuration: 1s\n        enableExponentialBackoff: true\n        exponentialBackoffMultiplier: 3\n        exponentialMaxWaitDuration: 5s\n")).policies[0]!.options).toEqual({
      base: "1s",
      factor: "3",
      jitter: "0",
      attempts: "2",
      cap: "5s",
    });
  });
  it("refuses a missing baseConfig, a cycle, maxAttempts below 1, and a duration Spring would not read", () => {
    expect(problem(yaml("        baseConfig: nope\n"))).toBe('f.yaml:5:21: baseConfig "nope" of svc names no resilience4j.retry.configs entry');
    expect(problem(yaml("        maxAttempts: 0\n"))).toBe("f.yaml:5:22: resilience4j.retry.instances.svc.maxAttempts must be at least 1 (it counts the first call), got 0");
    expect(problem(yaml("        waitDuration: 1.5s\n"))).toBe('f.yaml:5:23: resilience4j.retry.instances.svc.waitDuration must be a duration such as 500ms, 2s or PT1S, got the string "1.5s"');
    const cycle = "    configs:\n      a: {baseConfig: b, maxAttempts: 2}\n      b: {baseConfig: a}\n";
    expect(problem(yaml("        baseConfig: a\n", cycle))).toBe('f.yaml:5:23: baseConfig "a" of b makes a cycle (a → b → a)');
  });
  it("a ${placeholder} is not checked, and says why", () => {
    const text = "resilience4j.retry.instances.svc.max-attempts=${RETRIES:3}\nresilience4j.retry.instances.svc.wait-duration=1s\n";
    expect(find(text, "properties", "application.properties")).toEqual({
      policies: [],
      unresolved: ['1:47 svc: resilience4j.retry.instances.svc.max-attempts is a placeholder, "${RETRIES:3}"; its value is known only where it is rendered'],
      skipped: null,
    });
  });
  it("Kafka in Spring: the client's own properties over the common ones, one policy per client", () => {
    const text = "spring.kafka.properties.retry.backoff.ms=300\nspring.kafka.consumer.properties[retry.backoff.max.ms]=3000\nspring.kafka.producer.properties.retries=0\n";
    expect(find(text, "properties", "application.properties").policies).toEqual([
      { at: "3:1", system: "kafka", name: "spring.kafka.producer", options: { base: "300ms", attempts: "0" }, disabled: true },
      { at: "2:1", system: "kafka", name: "spring.kafka.consumer", options: { base: "300ms", cap: "3s" } },
    ]);
  });
  it("Kafka client file: a non-number is refused with its key", () => {
    expect(problem("retries=three\n", "properties", "client.properties")).toBe('client.properties:1:9: retries must be a whole number (or one in quotes), got the string "three"');
  });
});

describe("files named on the command line and own configs", () => {
  it("a named file with a typo gets the --config message; while scanning the same file is no config at all", () => {
    expect(problem('{"base": "2s", "atempts": 6}', "json", "retry.json", true)).toBe('retry.json:1:16: unknown key "atempts" in the top level; did you mean "attempts"?');
    expect(find('{"base": "2s", "atempts": 6}', "json", "retry.json").policies).toEqual([]);
  });
  it("a JSON syntax error: exit-2 problem when named, a skip reason while scanning", () => {
    expect(problem('{"base": "2s",}', "json", "retry.json", true)).toBe("retry.json:1:15: trailing comma before '}'");
    expect(find('{"base": "2s",}', "json", "retry.json").skipped).toBe("retry.json:1:15: trailing comma before '}'");
  });
  it("a YAML syntax error names line and column", () => {
    // The flow map is never closed: the parser notices at the end of the text, line 4.
    expect(problem("apiVersion: batch/v1\nkind: Job\nspec: {backoffLimit: 2\n", "yaml", "job.yaml", true)).toBe(
      "job.yaml:4:1: YAML: Flow map in block collection must be sufficiently indented and end with a }",
    );
  });
});
