import { describe, expect, it } from "vitest";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";
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

describe("a policy whose values are wrong is a finding, never the end of the scan", () => {
  it("json: the invalid retrier is listed at its place beside the good ones of its file and of the other files; exit 1", async () => {
    const { code, doc, rows, stderr } = await json(`${TREE}/contour`, SF);
    expect(code).toBe(1);
    expect(doc.invalid).toEqual([{ file: SF, line: 10, column: 82, system: "step-functions", name: "Reserve [States.Timeout]", reason: BAD_REASON, rule: "invalid-policy" }]);
    expect(rows).toEqual([
      // Contour (shapes/contour.ts): count 3, no back-off of its own, so Envoy's default 25 ms
      // base and 250 ms max: random() % 25, 50, 100 ms, at most 24 + 49 + 99 = 172 ms; 4 tries × 150 ms.
      { at: "contour/routes.yaml:16:5", name: "checkout/routes[0] (prefix /pay)", retries: 3, worst: 172 + 600, best: 600 },
      // Envoy's JitteredExponentialBackOffStrategy (source/common/common/backoff_strategy.cc, v1.31):
      // retry k waits random() % next, next = 200, 400, 800, 1600 ms (doubled while below
      // max_interval / 2): at most 199 + 399 + 799 + 1599 = 2,996 ms, at least 0; 5 tries × 0.5 s.
      { at: "contour/routes.yaml:29:7", name: 'shop / prefix "/cart"', retries: 4, worst: 2996 + 2500, best: 2500 },
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
      expect.stringMatching(/^ {4}⚠ no-cap: /),
      "  ✓ Charge (AWS Step Functions, line 17:17)",
      "    3 retries: worst-case total 4.5 s, best case 4.5 s, largest delay 2 s (attempt 3), no jitter",
      "✗ 1 invalid policy, 3 policies in 1 file; 1 warning",
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
      },
    ]);
    expect(run.tool.driver.rules.find((r: { id: string }) => r.id === "invalid-policy").defaultConfiguration).toEqual({ level: "error" });
    expect(run.invocations[0].exitCode).toBe(1);
  });

  it("junit, gitlab and GitHub annotations carry it too", async () => {
    const junit = await runCli(["check", SF, "--format", "junit"]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain(
      `<testcase classname="${SF}" name="Reserve [States.Timeout] (AWS Step Functions): invalid-policy" file="${SF}" line="10">\n      <failure type="invalid-policy" message="invalid-policy: ${BAD_REASON.replaceAll('"', "&quot;")}">`,
    );
    const gitlab = await runCli(["check", SF, "--format", "gitlab"]);
    expect(gitlab.code).toBe(1);
    expect(JSON.parse(gitlab.stdout)[0]).toMatchObject({ check_name: "invalid-policy", severity: "major", location: { path: SF, lines: { begin: 10 } } });
    const annotated = await runCli(["check", SF], { env: { GITHUB_ACTIONS: "true" } });
    expect(annotated.stdout.split("\n")[0]).toBe(`::error file=${SF},line=10,col=82,title=backoff check::Reserve [States.Timeout]: invalid-policy: ${BAD_REASON}`);
  });
});

describe("exit 2 stays for bad usage and for named files that hold nothing to check", () => {
  const cwd = useTempCwd("realworld");
  it("check without a PATH, a config or policy flags: one line", async () => {
    expect(await runCli(["check"])).toEqual({ code: 2, stdout: "", stderr: "error: no policy given: name a PATH such as `.`, a `--config FILE`, or policy flags such as --base 1s --attempts 8\n" });
    // Limits alone describe no policy either.
    expect((await runCli(["check", "--max-total", "5m"])).code).toBe(2);
  });
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
