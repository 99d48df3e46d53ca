import { describe, expect, it } from "vitest";
import { fingerprint } from "../../../../src/core/check-report/finding.js";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";
import { validateJunit } from "../../../support/junit.js";
import { validateSarif } from "../../../support/sarif.js";

// Issue 22: `check` on the shapes real repositories hold (test/fixtures/real-world, files
// written for this project). Every figure is worked by hand from the system's own rules,
// cited beside it.
const TREE = "test/fixtures/real-world";
const SF = `${TREE}/step-functions/orders.asl.json`;
// MaxAttempts: "three" is the value at line 10, column 82 of orders.asl.json.
const BAD_AT = `${SF}:10:82`;
const BAD_REASON = 'MaxAttempts (state "Reserve", Retry[1]) must be a whole number, got the string "three"';

interface Row {
  readonly at: string;
  readonly name: string;
  readonly retries: number;
  readonly worst: number | null;
  readonly best: number | null;
  readonly note?: string | null;
}

async function json(...args: string[]) {
  const result = await runCli(["check", ...args, "--format", "json"]);
  const doc = JSON.parse(result.stdout);
  const rows: Row[] = doc.policies.map((p: { file: string; line: number; column: number; name: string; retries: number; worst_total_ms: number | null; best_total_ms: number | null; note: string | null }) => ({
    at: `${p.file.slice(TREE.length + 1)}:${p.line}:${p.column}`,
    name: p.name,
    retries: p.retries,
    worst: p.worst_total_ms,
    best: p.best_total_ms,
    ...(p.note === null ? {} : { note: p.note }),
  }));
  return { code: result.code, stderr: result.stderr, doc, rows };
}


// What the policies retry on (issue 41), as core/conditions and the shapes word it: Istio's
// default without retryOn (istio/istio retry.go defaultPolicy at 126806ab), an overload signal
// retried without a budget, every error retried (ASL States.ALL alone). `tries`: 1 + the retries.
const ISTIO_DEFAULT_ON = "    retries on 503, connection failures, gRPC UNAVAILABLE, gRPC CANCELLED (Istio's default: connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes 503)";
const istioOverload = (tries: number) =>
  "retries 503 (Istio's default: connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes 503) and no retry budget governs it: a service that answers this is overloaded, " +
  `and each retry adds to its load (${tries} times the traffic at worst); retry 502, 504 and connection failures only (retries.retryOn of the route, such as connect-failure,refused-stream,502,504), ` +
  "or add a retry budget (trafficPolicy.retryBudget of a DestinationRule for the route's host)";
const throttled = (error: string, tries: number) =>
  `retries ${error} (ErrorEquals: ${error}) and no retry budget governs it: a service that answers this is overloaded, and each retry adds to its load (${tries} times the traffic at worst); ` +
  "Step Functions has no retry budget: retry it at this one layer only (not in the task's own SDK too), with JitterStrategy FULL, or leave it out of ErrorEquals";
const EVERYTHING = (tries: number) =>
  `retries every error (ErrorEquals: States.ALL), permanent failures too: a request that cannot succeed is tried ${tries} times; ` +
  "retry only the errors that are transient (ErrorEquals in the retrier: name the transient errors (States.Timeout, Lambda.ServiceException, …) in a retrier before States.ALL)";

describe("a policy whose values are wrong is a finding, never the end of the scan", () => {
  it("json: the invalid retrier is listed at its place beside the good ones of its file and of the other files; exit 1", async () => {
    const { code, doc, rows, stderr } = await json(`${TREE}/contour`, SF);
    expect(code).toBe(1);
    expect(doc.invalid).toEqual([{ file: SF, line: 10, column: 82, system: "step-functions", name: "Reserve [States.Timeout]", reason: BAD_REASON, rule: "invalid-policy" }]);
    expect(rows).toEqual([
      // Contour (shapes/contour.ts): count 3, no back-off of its own, so Envoy's default 25 ms
      // base and 250 ms max: random() % 25, 50, 100 ms, at most 24 + 49 + 99 = 172 ms; 4 tries × 150 ms. At best
      // (tries that fail at once, every wait 0 ms) 0 ms.
      { at: "contour/routes.yaml:16:5", name: "checkout/routes[0] (prefix /pay)", retries: 3, worst: 172 + 600, best: 0 },
      // Envoy's JitteredExponentialBackOffStrategy (source/common/common/backoff_strategy.cc, v1.31):
      // retry k waits random() % next, next = 200, 400, 800, 1600 ms (doubled while below
      // max_interval / 2): at most 199 + 399 + 799 + 1599 = 2,996 ms, at least 0; 5 tries × 0.5 s.
      { at: "contour/routes.yaml:29:7", name: 'shop / prefix "/cart"', retries: 4, worst: 2996 + 2500, best: 0 },
      // 2, 4, 8, 16 s: IntervalSeconds × BackoffRate^(a−1) (States Language, "Retry"), 30 s.
      { at: "step-functions/orders.asl.json:9:9", name: "Reserve [Lambda.TooManyRequestsException]", retries: 4, worst: 30_000, best: 30_000 },
      // 1, 1.5, then 2.25 s held at MaxDelaySeconds 2: 4.5 s.
      { at: "step-functions/orders.asl.json:17:17", name: "Charge", retries: 3, worst: 4_500, best: 4_500 },
    ]);
    expect(doc.totals).toMatchObject({ policies: 4, invalid: 1, files_with_policies: 2 });
    expect(stderr).toBe(`error: ${BAD_AT}: ${BAD_REASON}\n`);
  });

  it("text: the invalid policy first in its file, counted in the summary", async () => {
    const result = await runCli(["check", SF]);
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n")).toEqual([
      SF,
      `  ✗ Reserve [States.Timeout] (AWS Step Functions, line 10:82): invalid policy: ${BAD_REASON}`,
      "  ✓ Reserve [Lambda.TooManyRequestsException] (AWS Step Functions, line 9:9)",
      "    4 retries: worst-case total 30 s, best case 30 s, largest delay 16 s (attempt 4), no jitter",
      // Issue 41: each retrier's ErrorEquals; Lambda's throttling error retried 4 times with no budget (Step Functions has none): 5 × the traffic.
      "    retries on Lambda.TooManyRequestsException (ErrorEquals: Lambda.TooManyRequestsException)",
      expect.stringMatching(/^ {4}⚠ no-cap: /),
      `    ⚠ retries-overload: ${throttled("Lambda.TooManyRequestsException", 5)}`,
      "  ✓ Charge (AWS Step Functions, line 17:17)",
      "    3 retries: worst-case total 4.5 s, best case 4.5 s, largest delay 2 s (attempt 3), no jitter",
      // States.ALL, its only retrier: every error, tried 1 + 3 times.
      "    retries on every error but States.DataLimitExceeded and States.Runtime (ErrorEquals: States.ALL)",
      `    ⚠ retries-everything: ${EVERYTHING(4)}`,
      "✗ 1 invalid policy, 3 policies in 1 file; 3 warnings",
      "",
    ]);
  });

  it("sarif: a result of rule invalid-policy, level error, at file:line:col; the document valid", async () => {
    const result = await runCli(["check", SF, "--format", "sarif"]);
    expect(result.code).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(validateSarif(doc)).toEqual([]);
    const run = doc.runs[0];
    const invalid = run.results.filter((r: { ruleId: string }) => r.ruleId === "invalid-policy");
    expect(invalid).toEqual([
      {
        ruleId: "invalid-policy",
        ruleIndex: run.tool.driver.rules.findIndex((r: { id: string }) => r.id === "invalid-policy"),
        level: "error",
        message: { text: `Reserve [States.Timeout] (AWS Step Functions): invalid policy: ${BAD_REASON}` },
        locations: [{ physicalLocation: { artifactLocation: { uri: SF, uriBaseId: "%SRCROOT%" }, region: { startLine: 10, startColumn: 82 } } }],
        // The finding's identity: its rule, its file from the repository's root, the policy's name.
        partialFingerprints: { "backoffFindingIdentity/v1": fingerprint(`invalid-policy\u0000${SF}\u0000Reserve [States.Timeout]`) },
      },
    ]);
    expect(run.tool.driver.rules.find((r: { id: string }) => r.id === "invalid-policy").defaultConfiguration).toEqual({ level: "error" });
    expect(run.invocations[0].exitCode).toBe(1);
  });

  it("junit, gitlab and GitHub annotations carry it too", async () => {
    const junit = await runCli(["check", SF, "--format", "junit"]);
    expect(junit.code).toBe(1);
    expect(validateJunit(junit.stdout)).toEqual([]);
    expect(junit.stdout).toContain(
      `<testcase classname="${SF}" name="Reserve [States.Timeout] (AWS Step Functions): invalid-policy">\n      <failure type="invalid-policy" message="invalid-policy: ${BAD_REASON.replaceAll('"', "&quot;")}">${BAD_AT}: invalid-policy: `,
    );
    const gitlab = await runCli(["check", SF, "--format", "gitlab"]);
    expect(gitlab.code).toBe(1);
    expect(JSON.parse(gitlab.stdout)[0]).toMatchObject({ check_name: "invalid-policy", severity: "major", location: { path: SF, lines: { begin: 10 } } });
    const annotated = await runCli(["check", SF], { env: { GITHUB_ACTIONS: "true" } });
    expect(annotated.stdout.split("\n")[0]).toBe(`::error file=${SF},line=10,col=82,title=backoff check::Reserve [States.Timeout]: invalid-policy: ${BAD_REASON}`);
  });
});

describe("exit 2 stays for named files that hold nothing to check", () => {
  // check without a PATH, a config or policy flags: test/cli/check/command.test.ts.
  const cwd = useTempCwd("realworld");
  it("a Helm template named on the command line: exit 2 at its first {{", async () => {
    cwd.write("job.yaml", "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  backoffLimit: 2\n");
    // Line 4, column 9: after "  name: ".
    expect(await runCli(["check", "job.yaml"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: job.yaml:4:9: a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -\n",
    });
  });
});

// Argo as the workflow controller runs it: workflow/controller/operator.go processNodeRetries
// (argoproj/argo-workflows at 481caa77): the wait is taken only inside
// `if retryStrategy.Backoff != nil` and only when `retryStrategy.Limit != nil`; timeToWait is
// duration × factor^(retries so far) when factor > 0, else duration; no backoff.duration is an
// error ("no base duration specified for retryStrategy"). A containerSet's retryStrategy is
// wait.Backoff{Steps: retries, Duration} (pkg/apis/workflow/v1alpha1/container_set_template.go
// GetRetryStrategy), run by client-go's retry.OnError: Steps calls, Duration between them
// (k8s.io/apimachinery pkg/util/wait ExponentialBackoff: "checks the condition up to Steps times").
describe("Argo as Argo runs it (argo/etl.yaml)", () => {
  const ARGO = `${TREE}/argo/etl.yaml`;
  it("no backoff waits 0, no factor is constant, no limit retries forever, templateDefaults merge under, containerSet, placeholders set at run time", async () => {
    const { code, doc, rows, stderr } = await json(ARGO, "--max-total", "1h");
    expect(code).toBe(1);
    const NO_BACKOFF = "no retryStrategy.backoff: Argo retries at once, with no wait (operator.go waits only when backoff is set)";
    const NO_LIMIT = "no retryStrategy.limit: Argo retries until the node succeeds, at once (operator.go waits only when limit is set)";
    expect(rows).toEqual([
      // templateDefaults {limit 4, duration 5 s, factor 2}: 5 + 10 + 20 + 40 = 75 s.
      { at: "argo/etl.yaml:10:5", name: "etl- (spec.templateDefaults.retryStrategy)", retries: 4, worst: 75_000, best: 75_000 },
      // limit "10", backoff: null (a strategic merge deletes the default's backoff): 10 retries, 0 waits.
      { at: "argo/etl.yaml:15:5", name: "etl-/fetch", retries: 10, worst: 0, best: 0, note: NO_BACKOFF },
      // limit 2 over the defaults' backoff: 5 + 10 = 15 s.
      { at: "argo/etl.yaml:23:5", name: "etl-/load", retries: 2, worst: 15_000, best: 15_000 },
      // retries: 3 is 3 calls of the container, 2 retries, 2 s apart: 4 s.
      { at: "argo/etl.yaml:34:7", name: "etl-/pipeline (containerSet)", retries: 2, worst: 4_000, best: 4_000 },
      // retryStrategy: {}: no limit, retried forever and at once; no total is bounded, and no count: JSON says null, not the 10 rows drawn.
      { at: "argo/etl.yaml:45:5", name: "forever/watch", retries: null, worst: null, best: null, note: NO_LIMIT },
      // 1 s doubling, no cap, 21 retries: 2^21 − 1 s = 2,097,151 s in all, the last 2^20 s (12 d 3 h).
      { at: "argo/etl.yaml:48:5", name: "forever/sync", retries: 21, worst: 2_097_151_000, best: 2_097_151_000 },
      // duration 10 s without factor: 10 s every time (not doubled), 30 s.
      { at: "argo/etl.yaml:53:5", name: "forever/poll", retries: 3, worst: 30_000, best: 30_000 },
    ]);
    const byName = (name: string) => doc.policies.find((p: { name: string }) => p.name === name);
    // Unbounded retries fail any --max-total, as check --preset temporal does.
    expect(byName("forever/watch").assertions.map((a: { ok: boolean; actual_ms: number | null }) => [a.ok, a.actual_ms])).toEqual([[false, null]]);
    // A 12-day delay without a cap earns no-cap like every shape's policy; with no retryPolicy it retries
    // OnFailure, every non-zero exit (operator.go processNodeRetries at v4.1.2, issue 41): retries-everything.
    expect(byName("forever/sync").warnings.map((w: { lint: string }) => w.lint)).toEqual(["no-cap", "over-a-day", "retries-everything"]);
    expect(byName("forever/sync").worst_delay_ms).toBe(2 ** 20 * 1000);
    expect(doc.invalid).toEqual([
      {
        file: ARGO,
        line: 60,
        column: 16,
        system: "argo",
        name: "forever/broken",
        reason: 'backoff of retryStrategy "forever/broken" has no duration: Argo fails the node ("no base duration specified for retryStrategy")',
        rule: "invalid-policy",
      },
    ]);
    // client-{{workflow.uid}} (line 21, bare) is Argo's, not Helm: the file is read; the placeholder limit is set at run time.
    expect(doc.skipped).toEqual([
      { file: ARGO, line: 30, column: 14, reason: 'etl-/notify (Argo Workflows) not checked: limit of retryStrategy "etl-/notify" is set at run time ("{{inputs.parameters.retries}}"), not a number the file gives' },
    ]);
    expect(stderr.split("\n")[0]).toBe(`warning: skipped ${ARGO}:30:14: ${doc.skipped[0].reason}`);
    // The text says so too: the count the rows show is not the policy's (it was "10 retries: … no bound").
    const text = (await runCli(["check", ARGO, "--max-total", "1h"])).stdout.split("\n");
    const watch = text.findIndex((line) => line.includes("forever/watch"));
    expect(text[watch + 1]).toBe("    retries forever: worst-case total no bound, best case no bound, largest delay 0 ms (attempt 1), no jitter");
  });

  it("--max-total and --min-first judge the waits Argo makes, not a demo back-off", async () => {
    // etl-/fetch waits 0 s in all: --max-total 1m holds, --min-first 1s is broken (no first wait).
    const { doc } = await json(ARGO, "--max-total", "1m", "--min-first", "1s");
    const fetch = doc.policies.find((p: { name: string }) => p.name === "etl-/fetch");
    expect(fetch.assertions.map((a: { limit: string; ok: boolean }) => [a.limit, a.ok])).toEqual([
      ["max-total", true],
      ["min-first", false],
    ]);
  });
});

describe("file names: .asl definitions are scanned", () => {
  it("a .asl file in a directory is read (JSON through the YAML reader)", async () => {
    const { rows } = await json(`${TREE}/step-functions`);
    // IntervalSeconds 3, BackoffRate 3, MaxAttempts 2: 3 + 9 = 12 s; the retrier's "{" at line 7, column 17.
    expect(rows.find((r) => r.name === "Pay")).toEqual({ at: "step-functions/payments.asl:7:17", name: "Pay", retries: 2, worst: 12_000, best: 12_000 });
  });
});

// Istio as istiod converts it (istio/istio 1.31.0-rc.0, 423f108b): route.go:681-683 gives the
// mesh default only to a route without `retries`; HTTPRetry.attempts left out is proto3's 0
// (istio/api v1.31.0-alpha.0 virtual_service.proto:1343), and ConvertPolicy
// (pilot/pkg/networking/core/route/retry/retry.go:105) returns no retry policy for
// attempts <= 0; validation.go:2673-2674 refuses attempts 0 beside perTryTimeout or retryOn.
describe("Istio retries without attempts (istio/routes.yaml)", () => {
  const VS = `${TREE}/istio/routes.yaml`;
  const REFUSED = 'retries of reviews/v3 sets retryOn, perTryTimeout with no attempts: istiod refuses it ("http retry policy configured when attempts are set to 0 (disabled)")';
  it("json: no attempts and attempts 0 are switched off, retryOn without attempts invalid, retries: null the mesh default; exit 1", async () => {
    const { code, doc, rows } = await json(VS);
    expect(code).toBe(1);
    expect(rows).toEqual([
      // retries: (null) is the mesh default, 2 retries at Envoy's 25 ms base: random() % 25, % 50: at most 24 + 49 ms.
      { at: "istio/routes.yaml:28:5", name: "reviews/v4 (mesh default)", retries: 2, worst: 73, best: 0 },
      // attempts 4, backoff 100 ms: intervals 100, 200, 400, 800 ms (max 10 × 100): at most 99 + 199 + 399 + 799 ms.
      { at: "istio/routes.yaml:32:5", name: "reviews/v5", retries: 4, worst: 1496, best: 0 },
    ]);
    expect(doc.disabled).toEqual([
      { file: VS, line: 12, column: 5, system: "istio", name: "reviews/v1" },
      { file: VS, line: 17, column: 5, system: "istio", name: "reviews/v2" },
    ]);
    expect(doc.invalid).toEqual([{ file: VS, line: 23, column: 7, system: "istio", name: "reviews/v3", reason: REFUSED, rule: "invalid-policy" }]);
  });
  it("text: the switched-off routes listed, the refused one a finding", async () => {
    const result = await runCli(["check", VS]);
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n")).toEqual([
      VS,
      `  ✗ reviews/v3 (Istio VirtualService, line 23:7): invalid policy: ${REFUSED}`,
      "  ✓ reviews/v4 (mesh default) (Istio VirtualService, line 28:5)",
      "    2 retries: worst-case total 73 ms, best case 0 ms, largest delay 49 ms (attempt 2), jittered",
      // Issue 41: neither sets retryOn, so Istio's default (retry.go defaultPolicy at 126806ab), 503 among it, and no retryBudget governs them.
      ISTIO_DEFAULT_ON,
      // No attempts: istiod's default policy, 2 retries (presets/istio.ts), named as assumed (issue 36, item 4).
      "    assumed: 2 retries, Istio VirtualService's default count, assumed as the file sets none",
      `    ⚠ retries-overload: ${istioOverload(3)}`,
      "  ✓ reviews/v5 (Istio VirtualService, line 32:5)",
      "    4 retries: worst-case total 1.5 s, best case 0 ms, largest delay 799 ms (attempt 4), jittered",
      ISTIO_DEFAULT_ON,
      `    ⚠ retries-overload: ${istioOverload(5)}`,
      "  – reviews/v1 (Istio VirtualService, line 12:5): retries switched off, nothing to check",
      "  – reviews/v2 (Istio VirtualService, line 17:5): retries switched off, nothing to check",
      "✗ 1 invalid policy, 3 policies in 1 file; 2 warnings",
      "",
    ]);
  });
});

// Issue 22, item 8: a published SAM template's flow map whose closing } sits left of its key
// (sam/template.yaml, line 17, column 11). YAML 1.2 (the yaml library) refuses it; PyYAML, which
// SAM CLI and cfn-lint read with, and go-yaml accept it (test/config/read/yaml.test.ts holds the
// tree against PyYAML's). It is read as they read it, and said so, in every format.
describe("YAML read as the systems' own readers read it (sam/template.yaml)", () => {
  const SAM = `${TREE}/sam/template.yaml`;
  const LENIENT =
    'a line of a flow collection indented left of its key, which YAML 1.2 refuses ("Flow map in block collection must be sufficiently indented and end with a }"); ' +
    "PyYAML (SAM CLI's and cfn-lint's reader) and go-yaml accept it: read as they read it";
  it("text: the retrier checked, the note on stderr, counted in the summary; exit 0", async () => {
    const result = await runCli(["check", SAM]);
    expect(result).toEqual({
      code: 0,
      stdout: [
        SAM,
        // IntervalSeconds 2, BackoffRate 2, MaxAttempts 3: 2 + 4 + 8 = 14 s.
        "  ✓ OrdersStateMachine/Charge (AWS Step Functions, line 19:17)",
        "    3 retries: worst-case total 14 s, best case 14 s, largest delay 8 s (attempt 3), no jitter",
        "    retries on Lambda.TooManyRequestsException (ErrorEquals: Lambda.TooManyRequestsException)",
        "    ⚠ no-cap: the delays of step-functions grow without a cap: attempt 3 waits 8 s; set its cap: MaxDelaySeconds in the retrier (whole seconds, at least IntervalSeconds)",
        `    ⚠ retries-overload: ${throttled("Lambda.TooManyRequestsException", 4)}`,
        "✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 2 warnings, 1 read leniently",
        "",
      ].join("\n"),
      stderr: `note: read leniently ${SAM}:17:11: ${LENIENT}\n`,
    });
  });
  it("json: listed under lenient and counted; sarif: a note notification at the line; annotations: a notice", async () => {
    const { code, doc, rows } = await json(SAM);
    expect(code).toBe(0);
    expect(rows).toEqual([{ at: "sam/template.yaml:19:17", name: "OrdersStateMachine/Charge", retries: 3, worst: 14_000, best: 14_000 }]);
    expect(doc.lenient).toEqual([{ file: SAM, line: 17, column: 11, reason: LENIENT }]);
    expect(doc.totals).toMatchObject({ lenient: 1, skipped: 0 });
    const sarif = JSON.parse((await runCli(["check", SAM, "--format", "sarif"])).stdout);
    expect(validateSarif(sarif)).toEqual([]);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications).toEqual([
      { level: "note", message: { text: `read leniently: ${LENIENT}` }, locations: [{ physicalLocation: { artifactLocation: { uri: SAM, uriBaseId: "%SRCROOT%" }, region: { startLine: 17, startColumn: 11 } } }] },
    ]);
    const annotated = await runCli(["check", SAM], { env: { GITHUB_ACTIONS: "true" } });
    expect(annotated.stdout.split("\n")).toContain(`::notice file=${SAM},line=17,col=11,title=backoff check::read leniently: ${LENIENT}`);
  });
  it("junit: a passing testcase at the line naming the rule; gitlab: an info issue at the line", async () => {
    const junit = (await runCli(["check", SAM, "--format", "junit"])).stdout;
    // The retrier (its two warnings, no-cap and retries-overload, skipped, shown as warnings, as no --strict is given) and the lenient read: 3 cases.
    expect(validateJunit(junit)).toEqual([]);
    expect(junit).toContain(`<testcase classname="${SAM}" name="read leniently ${SAM}:17:11">\n      <system-out>${SAM}:17:11: read leniently: `);
    expect(junit).toContain(`<testsuite name="${SAM}" tests="3" failures="0" errors="0" skipped="2" file="${SAM}">`);
    const gitlab = JSON.parse((await runCli(["check", SAM, "--format", "gitlab"])).stdout) as { check_name: string; severity: string; description: string; location: unknown }[];
    expect(gitlab.filter((i) => i.check_name === "read-leniently").map(({ description, severity, location }) => ({ description, severity, location }))).toEqual([
      { description: `read leniently: ${LENIENT}`, severity: "info", location: { path: SAM, lines: { begin: 17 } } },
    ]);
  });
});

// Spring Boot's own retry settings (spring/application.yml, spring/application.properties), with
// spring-retry's ExponentialBackOffPolicy: wait k = min(initial × multiplier^(k−1), max), each
// step truncated to a long (spring-retry 2.0 ExponentialBackOffPolicy.getSleepAndIncrement).
// RabbitMQ: Spring Boot v3.5.16 RabbitProperties.Retry (RabbitProperties.java:1093-1167: enabled
// false, max-attempts 3, initial-interval 1000 ms, multiplier 1.0, max-interval 10000 ms), built only
// when enabled (AbstractRabbitListenerContainerFactoryConfigurer.java:138-149); Spring Boot v4.0.8's
// max-retries counts retries (spring-boot-amqp RabbitProperties.java:1107). Spring Cloud Stream
// v5.0.3 ConsumerProperties.java:95-131 (maxAttempts 3, backOffInitialInterval 1000,
// backOffMultiplier 2.0, backOffMaxInterval 10000), default.consumer under every binding.
describe("Spring Boot RabbitMQ and Spring Cloud Stream retry (spring/)", () => {
  const YML = `${TREE}/spring/application.yml`;
  it("json: every block with its true schedule, the switched-off ones listed, the bean-decided one skipped", async () => {
    const { code, doc, rows, stderr } = await json(`${TREE}/spring`, "--max-total", "10s");
    expect(code).toBe(1);
    expect(rows).toEqual([
      // Spring Boot 4 (max-retries 4): 250 ms × 1.5: 250, 375, 562 (562.5 truncated), 843 ms.
      { at: "spring/application.properties:1:1", name: "spring.rabbitmq.listener.direct.retry", retries: 4, worst: 2_030, best: 2_030 },
      // max-attempts 6: 5 retries, 100 ms doubling under 1000 ms: 100 + 200 + 400 + 800 + 1000.
      { at: "spring/application.properties:5:1", name: "spring.cloud.stream.bindings.input", retries: 5, worst: 2_500, best: 2_500 },
      // max-attempts 5: 4 retries, 500 ms doubling under 5 s: 500 + 1000 + 2000 + 4000.
      { at: "spring/application.yml:9:9", name: "spring.rabbitmq.listener.simple.retry", retries: 4, worst: 7_500, best: 7_500 },
      // enabled, Spring Boot's defaults: 3 tries, 1 s fixed.
      { at: "spring/application.yml:19:7", name: "spring.rabbitmq.template.retry", retries: 2, worst: 2_000, best: 2_000 },
      // default.consumer maxAttempts 4 (3 retries), ConsumerProperties' 1 s doubling: 1 + 2 + 4 s.
      { at: "spring/application.yml:27:9", name: "spring.cloud.stream.bindings.process-in-0", retries: 3, worst: 7_000, best: 7_000 },
      // Its own 2 s × 3 under 20 s, default.consumer's 4 tries: 2 + 6 + 18 s.
      { at: "spring/application.yml:30:9", name: "spring.cloud.stream.bindings.audit-in-0", retries: 3, worst: 26_000, best: 26_000 },
      // The prod profile's max-attempts 8 over the rest: 0.5 + 1 + 2 + 4 + 5 + 5 + 5 s.
      { at: "spring/application.yml:53:9", name: "spring.rabbitmq.listener.simple.retry [profile prod]", retries: 7, worst: 22_500, best: 22_500 },
    ]);
    expect(doc.policies.filter((p: { ok: boolean }) => !p.ok).map((p: { name: string }) => p.name)).toEqual([
      "spring.cloud.stream.bindings.audit-in-0",
      "spring.rabbitmq.listener.simple.retry [profile prod]",
    ]);
    // listener.direct.retry without enabled: Spring builds no RetryTemplate; maxAttempts 1: none.
    expect(doc.disabled).toEqual([
      { file: YML, line: 16, column: 9, system: "spring-rabbitmq", name: "spring.rabbitmq.listener.direct.retry" },
      { file: YML, line: 36, column: 9, system: "spring-cloud-stream", name: "spring.cloud.stream.bindings.replay" },
    ]);
    const beanDecided =
      'spring.cloud.stream.bindings.legacy-in-0 (Spring Cloud Stream) not checked: retries and waits decided by the @StreamRetryTemplate bean "legacyRetry" (spring.cloud.stream.bindings.legacy-in-0.consumer.retryTemplateName): not computable from the file';
    expect(doc.skipped).toEqual([{ file: YML, line: 44, column: 13, reason: beanDecided }]);
    expect(stderr).toBe(`warning: skipped ${YML}:44:13: ${beanDecided}\n`);
  });
});

// Issue 22: a retry_policy outside a route (envoy/filters.yaml) is a config.core.v3.RetryPolicy,
// named by where it sits. Envoy hands it to the router through convertCoreToRouteRetryPolicy
// (source/common/http/utility.cc, envoyproxy/envoy v1.34): num_retries default 1, without
// retry_back_off 1 s to 10 s; RemoteAsyncDataProvider (a Wasm module's remote source) uses the
// same 1 s, 10 s and 1. The waits are the router's JitteredExponentialBackOffStrategy: retry k
// waits random() % min(base × 2^(k−1), max), at most one ms short of it.
describe("Envoy policies outside a route (envoy/filters.yaml)", () => {
  const ENVOY = `${TREE}/envoy/filters.yaml`;
  it("each named by its filter and keys, with core.v3's defaults; envoy_grpc's stream retry said not checked", async () => {
    const { code, doc, rows, stderr } = await json(ENVOY);
    expect(code).toBe(0);
    expect(rows).toEqual([
      // The route's own: 2 retries from 25 ms: 24 + 49 ms.
      { at: "envoy/filters.yaml:16:39", name: 'backend / prefix "/"', retries: 2, worst: 73, best: 0 },
      // ext_authz's http_service, 3 retries from 1 s: 999 + 1,999 + 3,999 ms.
      { at: "envoy/filters.yaml:23:17", name: "envoy.filters.http.ext_authz: http_service.retry_policy", retries: 3, worst: 6997, best: 0 },
      // The JWKS fetch, 4 retries from 0.5 s capped at 4 s: 499 + 999 + 1,999 + 3,999 ms.
      { at: "envoy/filters.yaml:33:21", name: "envoy.filters.http.jwt_authn: providers.auth0.remote_jwks.retry_policy", retries: 4, worst: 7496, best: 0 },
      // ext_proc's grpc_service (GrpcService.retry_policy), 2 retries from 1 s: 999 + 1,999 ms.
      { at: "envoy/filters.yaml:42:17", name: "envoy.filters.http.ext_proc: grpc_service.retry_policy", retries: 2, worst: 2998, best: 0 },
      // The Wasm module's fetch, 3 retries from 1 s.
      { at: "envoy/filters.yaml:56:23", name: "envoy.filters.http.wasm: config.vm_config.code.remote.retry_policy", retries: 3, worst: 6997, best: 0 },
    ]);
    const reason =
      "dynamic_resources.ads_config.grpc_services[0].envoy_grpc.retry_policy (Envoy) not checked: envoy_grpc's retry_policy only paces re-establishing an xDS gRPC stream, " +
      'which Envoy does until it holds ("Currently only supported for xDS gRPC streams"; 500 ms to 30 s by default): no retry count to check';
    expect(doc.skipped).toEqual([{ file: ENVOY, line: 64, column: 9, reason }]);
    expect(stderr).toBe(`warning: skipped ${ENVOY}:64:9: ${reason}\n`);
  });
});

// resilience4j with a class that decides the waits (resilience4j/application.yml): v2.4.0
// CommonRetryConfigurationProperties.buildConfig (:117-167) sets the instance's intervalBiFunction
// after its waitDuration's interval function; RetryConfig.Builder(base) keeps a base config's
// (RetryConfig.java:230-233) until the instance's own waitDuration replaces it. 1.x's
// maxRetryAttempts (v1.7.1 RetryConfigurationProperties.java:127-132) counts as maxAttempts.
describe("resilience4j waits decided by a class (resilience4j/application.yml)", () => {
  const R4J = `${TREE}/resilience4j/application.yml`;
  const WHY = "waits decided by com.example.retry.RetryAfterBackoff (resilience4j.retry.configs.default.intervalBiFunction): not computable from the file";
  const limits = ["--max-total", "1m", "--max-attempts", "4"];
  // No instance names retryExceptions: each retries every exception (RetryConfig's default, throwable -> true), a retries-everything warning.
  const EVERYTHING = (tries: number) =>
    `retries every error (no retryExceptions: RetryConfig's default), permanent failures too: a request that cannot succeed is tried ${tries} times; retry only the errors that are transient (retryExceptions of the instance, with ignoreExceptions for the permanent failures)`;
  it("json: the count checked, the waits not computable (never a made-up schedule); the others as usual", async () => {
    const { code, doc, rows } = await json(R4J, ...limits);
    expect(code).toBe(1);
    expect(rows).toEqual([
      // baseConfig default's class, its own maxAttempts 6: 5 retries, no waits known.
      { at: "resilience4j/application.yml:8:7", name: "payments", retries: 5, worst: null, best: null, note: WHY },
      // Its own waitDuration 200 ms replaces configs.default's class; default's maxAttempts 4: 3 × 200 ms.
      { at: "resilience4j/application.yml:11:7", name: "inventory", retries: 3, worst: 600, best: 600 },
      // maxRetryAttempts 5 over default's 4: 4 retries × 1 s.
      { at: "resilience4j/application.yml:13:7", name: "legacy", retries: 4, worst: 4_000, best: 4_000 },
      { at: "resilience4j/application.yml:4:7", name: "configs.default", retries: 3, worst: null, best: null, note: WHY },
    ]);
    const payments = doc.policies[0];
    expect(payments).toMatchObject({ options: { attempts: "5" }, jitter: null, waits_computable: false, worst_delay_ms: null, warnings: [{ lint: "retries-everything", message: EVERYTHING(6) }] });
    expect(payments.assertions).toEqual([
      { limit: "max-total", ok: true, computable: false, limit_ms: 60_000, actual_ms: null, attempt: null, message: "? max-total 1 min: not computable: the file does not decide the waits" },
      { limit: "max-attempts", ok: false, limit_value: 4, actual: 5, attempt: 5, message: "✗ max-attempts 4: 5 retries (retry 5 is beyond the limit)" },
    ]);
  });
  it("text: the count's verdict, the waits named as not computable, counted in the summary", async () => {
    const result = await runCli(["check", R4J, ...limits]);
    expect(result.code).toBe(1);
    const lines = result.stdout.split("\n");
    expect(lines.slice(0, 7)).toEqual([
      R4J,
      "  ✗ payments (Spring resilience4j, line 8:7)",
      "    5 retries: waits not computable from the file",
      `    ${WHY}`,
      "    retries on every error (no retryExceptions: RetryConfig's default)",
      "    ? max-total 1 min: not computable: the file does not decide the waits",
      "    ✗ max-attempts 4: 5 retries (retry 5 is beyond the limit)",
    ]);
    expect(lines.at(-2)).toBe("✗ 1 of 8 limits broken, 4 policies in 1 file; 2 limits not computable (waits decided by code), 4 warnings");
  });
  it("sarif notes, junit skipped cases, gitlab info issues and GitHub notices; never a failure", async () => {
    const sarif = JSON.parse((await runCli(["check", R4J, "--max-total", "1m", "--format", "sarif"])).stdout);
    expect(validateSarif(sarif)).toEqual([]);
    expect(sarif.runs[0].invocations[0].exitCode).toBe(0);
    expect(sarif.runs[0].results.map((r: { ruleId: string; level: string; message: { text: string }; locations: { physicalLocation: { region: { startLine: number } } }[] }) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.region.startLine, r.message.text])).toEqual([
      ["max-total", "note", 8, `payments (Spring resilience4j): max-total not computable: ${WHY}`],
      ["retries-everything", "warning", 8, `payments (Spring resilience4j): ${EVERYTHING(6)}`],
      ["retries-everything", "warning", 11, `inventory (Spring resilience4j): ${EVERYTHING(4)}`],
      ["retries-everything", "warning", 13, `legacy (Spring resilience4j): ${EVERYTHING(5)}`],
      ["max-total", "note", 4, `configs.default (Spring resilience4j): max-total not computable: ${WHY}`],
      ["retries-everything", "warning", 4, `configs.default (Spring resilience4j): ${EVERYTHING(4)}`],
    ]);
    const junit = await runCli(["check", R4J, "--max-total", "1m", "--format", "junit"]);
    expect(junit.code).toBe(0);
    expect(validateJunit(junit.stdout)).toEqual([]);
    // 4 limits and 4 warnings (retries-everything): 2 not computable and the 4 warnings skipped.
    expect(junit.stdout).toContain('<testsuites name="backoff check" tests="8" failures="0" errors="0">');
    expect(junit.stdout).toContain(`skipped="6" file="${R4J}">`);
    expect(junit.stdout).toContain(`name="payments (Spring resilience4j): max-total 1 min">\n      <skipped type="not-computable" message="max-total not computable: ${WHY}">${R4J}:8:`);
    const gitlab = JSON.parse((await runCli(["check", R4J, "--max-total", "1m", "--format", "gitlab"])).stdout);
    expect(gitlab.map((i: { check_name: string; severity: string; location: { lines: { begin: number } } }) => [i.check_name, i.severity, i.location.lines.begin])).toEqual([
      ["max-total", "info", 8],
      ["retries-everything", "minor", 8],
      ["retries-everything", "minor", 11],
      ["retries-everything", "minor", 13],
      ["max-total", "info", 4],
      ["retries-everything", "minor", 4],
    ]);
    const annotated = await runCli(["check", R4J, "--max-total", "1m"], { env: { GITHUB_ACTIONS: "true" } });
    expect(annotated.code).toBe(0);
    expect(annotated.stdout.split("\n")[0]).toBe(`::notice file=${R4J},line=8,col=7,title=backoff check::payments: max-total not computable: ${WHY}`);
  });
});
