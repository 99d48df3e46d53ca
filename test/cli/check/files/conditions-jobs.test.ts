import { describe, expect, it } from "vitest";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";

// What the job runners and CI retries retry on (issue 41, item 1), through `check PATH`: the
// exact `retries on` line and the findings of the rules retries-overload and
// retries-everything. Each system's source is cited where it is tested.
const { write } = useTempCwd("conditions-jobs");

async function json(path: string) {
  const result = await runCli(["check", path, "--format", "json"]);
  return { code: result.code, doc: JSON.parse(result.stdout) };
}
/** Each policy's findings of the two rules of issue 41 (the schedule's own lints aside). */
const warningsOf = (doc: { policies: { warnings: { lint: string; message: string }[] }[] }) =>
  doc.policies.map((p) => p.warnings.map((w) => w.lint).filter((lint) => lint === "retries-overload" || lint === "retries-everything"));
const retriesOn = (stdout: string) => stdout.split("\n").filter((line) => line.startsWith("    retries on "));

/** The `retries on` lines of a workflow whose one step uses the action with these inputs and more (", retry_on: error"). */
const workflowStep = (uses: string, inputs: string) => async (more: string) => {
  write(".github/workflows/ci.yml", `name: ci\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n    - name: test\n      uses: ${uses}\n      with: {${inputs}${more}}\n`);
  return retriesOn((await runCli(["check", "."])).stdout);
};

describe("Kubernetes Job: every failed pod, unless spec.podFailurePolicy says otherwise", () => {
  // kubernetes/kubernetes pkg/controller/job/pod_failure_policy.go matchPodFailurePolicy: without a
  // policy every failed pod is counted against backoffLimit; with one the rules are tried in order
  // and the first that matches decides (FailJob and FailIndex retry no more, Ignore does not count,
  // Count counts); k8s.io/api v0.36.3 (Kubernetes v1.36.3) batch/v1/types.go PodFailurePolicy;
  // pkg/apis/batch/validation/validation.go supportedPodFailurePolicyActions.
  const job = (policy: string) => `apiVersion: batch/v1
kind: Job
metadata: {name: etl}
spec:
  backoffLimit: 3
${policy}  template:
    spec:
      restartPolicy: Never
      containers: [{name: main, image: busybox}]
`;

  it("without podFailurePolicy: every error, so retries-everything, the fix naming spec.podFailurePolicy", async () => {
    write("job.yaml", job(""));
    const text = await runCli(["check", "job.yaml"]);
    expect(retriesOn(text.stdout)).toEqual(["    retries on every error (no podFailurePolicy: every failed pod)"]);
    expect(text.stdout).toContain(
      "    ⚠ retries-everything: retries every error (no podFailurePolicy: every failed pod), permanent failures too: a request that cannot succeed is tried 4 times; retry only the errors that are transient (spec.podFailurePolicy of the Job: a FailJob rule on the exit codes of the failures that are permanent)\n",
    );
    const { doc } = await json("job.yaml");
    expect(doc.policies[0].retry_on).toEqual({ from: "no podFailurePolicy", default: true, words: ["every failed pod"], conditions: ["every error"], overload: [], everything: true });
  });

  it("a FailJob rule takes its exit codes out: no retries-everything; Ignore and Count rules are named", async () => {
    write(
      "job.yaml",
      job(`  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes: {containerName: main, operator: In, values: [42, 43]}
    - action: Ignore
      onPodConditions: [{type: DisruptionTarget}]
    - action: Count
      onExitCodes: {operator: NotIn, values: [1]}
`),
    );
    const text = await runCli(["check", "job.yaml"]);
    expect(retriesOn(text.stdout)).toEqual([
      "    retries on every error (podFailurePolicy: FailJob on exit codes 42, 43 of main, Ignore on DisruptionTarget, Count on exit codes other than 1); not exit codes 42, 43 of main (FailJob)",
    ]);
    expect(warningsOf((await json("job.yaml")).doc)).toEqual([[]]);
  });

  it("only Ignore rules (a disruption not counted): every error still, so retries-everything", async () => {
    write("job.yaml", job("  podFailurePolicy:\n    rules:\n    - {action: Ignore, onPodConditions: [{type: DisruptionTarget, status: 'True'}]}\n"));
    expect(retriesOn((await runCli(["check", "job.yaml"])).stdout)).toEqual(["    retries on every error (podFailurePolicy: Ignore on DisruptionTarget)"]);
    expect(warningsOf((await json("job.yaml")).doc)).toEqual([["retries-everything"]]);
  });

  it("a CronJob's jobTemplate, FailJob on every exit code but 1 (NotIn)", async () => {
    write(
      "cron.yaml",
      `apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly}
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      backoffLimit: 2
      podFailurePolicy:
        rules:
        - {action: FailJob, onExitCodes: {operator: NotIn, values: [1]}}
      template: {spec: {restartPolicy: Never, containers: [{name: main, image: x}]}}
`,
    );
    expect(retriesOn((await runCli(["check", "cron.yaml"])).stdout)).toEqual([
      "    retries on every error (podFailurePolicy: FailJob on exit codes other than 1); not exit codes other than 1 (FailJob)",
    ]);
  });

  it("an action or operator the API server refuses, a rule with neither requirement: an invalid policy", async () => {
    write("job.yaml", job("  podFailurePolicy:\n    rules:\n    - {action: Retry, onExitCodes: {operator: In, values: [2]}}\n"));
    expect((await runCli(["check", "job.yaml"])).stderr).toContain(
      'action of rule 1 of podFailurePolicy of Job "etl" must be one of FailJob, FailIndex, Ignore, Count (the API server refuses any other), got the string "Retry"',
    );
    write("job.yaml", job("  podFailurePolicy:\n    rules:\n    - {action: FailJob, onExitCodes: {operator: Is, values: [2]}}\n"));
    expect((await runCli(["check", "job.yaml"])).stderr).toContain('onExitCodes.operator of rule 1 of podFailurePolicy of Job "etl" must be In or NotIn');
    write("job.yaml", job("  podFailurePolicy:\n    rules:\n    - {action: FailJob}\n"));
    expect((await runCli(["check", "job.yaml"])).stderr).toContain('rule 1 of podFailurePolicy of Job "etl" needs onExitCodes or onPodConditions');
  });
});

describe("Argo Workflows: retryStrategy.retryPolicy (argoproj/argo-workflows v4.1.2, workflow/controller/operator.go processNodeRetries)", () => {
  // RetryPolicyActual (pkg/apis/workflow/v1alpha1/workflow_types.go): the policy written, else
  // OnFailure, or Always with an expression. Failed is a non-zero exit, Error any other failure
  // (NodeFailed, NodeError); OnTransientError asks util/errors/errors.go isTransientErr of the
  // node's message. A containerSet's retries: cmd/argoexec/commands/emissary.go retry.OnError
  // with a predicate that returns true.
  const workflow = (strategy: string) => `apiVersion: argoproj.io/v1alpha1
kind: Workflow
metadata: {name: wf}
spec:
  entrypoint: main
  templates:
  - name: main
    retryStrategy: {limit: 2${strategy}}
    container: {image: x}
`;
  const lineOf = async (strategy: string) => {
    write("wf.yaml", workflow(strategy));
    return retriesOn((await runCli(["check", "wf.yaml"])).stdout);
  };

  it("the default OnFailure: every non-zero exit, phase Error aside: retries-everything", async () => {
    expect(await lineOf("")).toEqual(["    retries on every error but phase Error (a failure other than a non-zero exit) (Argo's default retryPolicy: OnFailure)"]);
    expect(warningsOf((await json("wf.yaml")).doc)).toEqual([["retries-everything"]]);
  });

  it("Always, OnError, OnTransientError as the controller reads them", async () => {
    expect(await lineOf(", retryPolicy: Always")).toEqual(["    retries on every error (retryPolicy: Always)"]);
    expect(await lineOf(", retryPolicy: OnError")).toEqual(["    retries on phase Error (a failure other than a non-zero exit) (retryPolicy: OnError)"]);
    expect(warningsOf((await json("wf.yaml")).doc)).toEqual([[]]);
    expect(await lineOf(", retryPolicy: OnTransientError")).toEqual([
      "    retries on connection failures, timeouts, decided by code (the controller's transient errors and TRANSIENT_ERROR_PATTERN) (retryPolicy: OnTransientError)",
    ]);
    expect(warningsOf((await json("wf.yaml")).doc)).toEqual([[]]);
  });

  it("an expression decides (Always under it unless a policy is given): decided by code, never guessed", async () => {
    expect(await lineOf(", expression: 'asInt(lastRetry.exitCode) > 1'")).toEqual([
      "    retries on decided by code (the expression) (retryStrategy: retryPolicy Always, expression asInt(lastRetry.exitCode) > 1)",
    ]);
    expect(await lineOf(", retryPolicy: OnError, expression: 'lastRetry.status == \"Error\"'")).toEqual([
      '    retries on decided by code (the expression) (retryStrategy: retryPolicy OnError, expression lastRetry.status == "Error")',
    ]);
  });

  it("a retryPolicy Argo does not know is an invalid policy", async () => {
    write("wf.yaml", workflow(", retryPolicy: Never"));
    expect((await runCli(["check", "wf.yaml"])).stderr).toContain(
      'retryPolicy of retryStrategy "wf/main" must be Always, OnFailure, OnError or OnTransientError (Argo refuses any other: "is not a valid RetryPolicy"), got the string "Never"',
    );
  });

  it("templateDefaults' retryPolicy is merged under the template's strategy; a containerSet retries every error", async () => {
    write(
      "wf.yaml",
      `apiVersion: argoproj.io/v1alpha1
kind: WorkflowTemplate
metadata: {name: wt}
spec:
  templateDefaults:
    retryStrategy: {retryPolicy: OnTransientError}
  templates:
  - name: a
    retryStrategy: {limit: 3}
    container: {image: x}
  - name: b
    containerSet:
      retryStrategy: {retries: 3, duration: 1s}
      containers: [{name: m, image: x}]
`,
    );
    expect(retriesOn((await runCli(["check", "wf.yaml"])).stdout)).toEqual([
      "    retries on connection failures, timeouts, decided by code (the controller's transient errors and TRANSIENT_ERROR_PATTERN) (retryPolicy: OnTransientError)",
      "    retries on connection failures, timeouts, decided by code (the controller's transient errors and TRANSIENT_ERROR_PATTERN) (retryPolicy: OnTransientError)",
      "    retries on every error (the executor: retry.OnError, every error)",
    ]);
  });
});

describe("GitHub Actions nick-fields/retry: retry_on and retry_on_exit_code (src/index.ts runAction at v4.0.0, ad984534)", () => {
  // getInputs: retry_on is `getInput('retry_on') || 'any'`; runAction throws (no retry) when retry_on
  // is 'error' and the try timed out (!done), when retry_on_exit_code is set and differs from the exit
  // code (0 after a timeout: the command was killed), and when retry_on is 'timeout' and it exited
  // non-zero. Any other word is compared with neither: it retries as 'any'.
  const lineOf = workflowStep("nick-fields/retry@v3", "timeout_minutes: 5, command: make test");

  it("the default any: every failure, retries-everything; error: every failure but timeouts, retries-everything too", async () => {
    expect(await lineOf("")).toEqual(["    retries on every error (the action's default retry_on: any)"]);
    expect(warningsOf((await json(".")).doc)).toEqual([["retries-everything"]]);
    expect(await lineOf(", retry_on: error")).toEqual(["    retries on every error but timeouts (retry_on: error)"]);
    expect(warningsOf((await json(".")).doc)).toEqual([["retries-everything"]]);
  });

  it("timeout: timeouts only; retry_on_exit_code: that code alone; both: nothing", async () => {
    expect(await lineOf(", retry_on: timeout")).toEqual(["    retries on timeouts (retry_on: timeout)"]);
    expect(warningsOf((await json(".")).doc)).toEqual([[]]);
    expect(await lineOf(", retry_on_exit_code: 75")).toEqual(["    retries on exit code 75 (retry_on_exit_code: 75)"]);
    expect(await lineOf(", retry_on: any, retry_on_exit_code: 75")).toEqual(["    retries on exit code 75 (retry_on and retry_on_exit_code: any, 75)"]);
    expect(await lineOf(", retry_on: timeout, retry_on_exit_code: 75")).toEqual(["    retries on no condition (retry_on and retry_on_exit_code: timeout, 75)"]);
  });

  it("a word the action does not compare retries as any; a ${{ }} value is decided at run time", async () => {
    expect(await lineOf(", retry_on: timout")).toEqual(["    retries on every error (retry_on: timout)"]);
    expect(await lineOf(", retry_on: '${{ inputs.on }}'")).toEqual(["    retries on decided by code (retry_on set at run time) (retry_on: ${{ inputs.on }})"]);
  });
});

describe("GitHub Actions Wandalen/wretry.action: retry_condition (src/Retry.js at v3.8.0_js_action, 71a909eb)", () => {
  // `core.getInput('retry_condition') || true`, evaluated by onError after each failed try (wProcess
  // throws on a non-zero exit: throwingExitCode 'full' by default; wConsequence's _.retry asks onError).
  const lineOf = workflowStep("Wandalen/wretry.action@v3", "command: make test, attempt_delay: 1000");

  it("left out (true): every failure, retries-everything; false: nothing; an expression: decided by code", async () => {
    expect(await lineOf("")).toEqual(["    retries on every error (the action's default retry_condition: true)"]);
    expect(warningsOf((await json(".")).doc)).toEqual([["retries-everything"]]);
    expect(await lineOf(", retry_condition: false")).toEqual(["    retries on no condition (retry_condition: false)"]);
    expect(await lineOf(", retry_condition: \"github.ref_name == 'main'\"")).toEqual([
      "    retries on decided by code (the retry_condition expression) (retry_condition: github.ref_name == 'main')",
    ]);
    expect(warningsOf((await json(".")).doc)).toEqual([[]]);
  });
});

describe("AWS Lambda asynchronous invocation: every function error (lambda/latest/dg/invocation-async-error-handling.html)", () => {
  // "Function errors include errors returned by the function's code and errors returned by the
  // function's runtime, such as timeouts"; "For throttling errors (429) and system errors
  // (500-series), Lambda returns the event to the queue and attempts to run the function again for
  // up to 6 hours": Lambda's own, apart from MaximumRetryAttempts, named but no overload signal.
  it("every error, Lambda's own throttles and system errors named: no retries-everything (nothing in the file chooses the errors), no retries-overload", async () => {
    write(
      "template.yaml",
      `AWSTemplateFormatVersion: '2010-09-09'
Resources:
  Fn:
    Type: AWS::Lambda::Function
    Properties: {Handler: index.handler, Runtime: nodejs20.x, Timeout: 30}
  Cfg:
    Type: AWS::Lambda::EventInvokeConfig
    Properties:
      FunctionName: !Ref Fn
      Qualifier: $LATEST
      MaximumRetryAttempts: 1
`,
    );
    expect(retriesOn((await runCli(["check", "template.yaml"])).stdout)).toEqual([
      "    retries on every error, Lambda's own throttles (429) and system errors (5xx), apart from MaximumRetryAttempts (AWS's documented retries: function errors, Lambda's throttles and system errors, until the event's maximum age)",
    ]);
    const { doc } = await json("template.yaml");
    // Lambda fixes what it retries: a warning with nothing in the file to change is left out (condition-findings.ts).
    expect(warningsOf(doc)).toEqual([[]]);
    expect(doc.policies[0].retry_on.overload).toEqual([]);
  });
});

describe("backoff's own config: when and how often, never on what", () => {
  it("no retries on line, no retry_on in JSON (schema.ts has no key for conditions)", async () => {
    write("retry.json", '{"policies": {"email": {"strategy": "exponential", "base": "1s", "attempts": 3}}}\n');
    const text = await runCli(["check", "retry.json"]);
    expect(text.stdout).toContain("  ✓ email (backoff config, line 1:15)\n");
    expect(retriesOn(text.stdout)).toEqual([]);
    expect((await json("retry.json")).doc.policies[0].retry_on).toBeUndefined();
  });
});
