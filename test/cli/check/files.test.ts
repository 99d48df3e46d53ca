import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFilesReport } from "../../../src/cli/check/files.js";
import { FILES_WORDS } from "../../../src/cli/check/report.js";
import { RECOGNISED } from "../../../src/config/shapes/index.js";
import type { CheckResult } from "../../../src/core/check.js";
import { runCli } from "../../support/cli.js";
import { tempFiles, useTempCwd } from "../../support/files.js";
import { memoryStdin } from "../../support/io.js";
import { validateJunit } from "../../support/junit.js";
import { validateSarif } from "../../support/sarif.js";

// `backoff check PATH…` end to end, in a directory of its own (paths in reports are
// relative to the working directory). Figures worked out by hand in the comments.
const { write, dir } = useTempCwd("checkfiles");

// email: exponential 1 s, cap 30 s, 5 retries: 1 + 2 + 4 + 8 + 16 = 31 s, largest 16 s.
// report: exponential 10 s, no cap, 4 retries: 10 + 20 + 40 + 80 = 150 s; total(2) = 30 s,
//   total(3) = 70 s > 1 min: broken at attempt 3; 40 s is the first delay above 20 s.
// svc (resilience4j): maxAttempts 3 = 2 retries of a fixed 1 s: 2 s in all; it retries IOException only (retryExceptions).
const RETRY_JSON = '{"assert": {"max-total": "1m"}, "policies": {\n  "email": {"base": "1s", "cap": "30s", "attempts": 5},\n  "report": {"base": "10s", "attempts": 4}\n}}\n';
const APPLICATION_YML = "resilience4j:\n  retry:\n    instances:\n      svc:\n        maxAttempts: 3\n        waitDuration: 1s\n        retryExceptions: [java.io.IOException]\n";
const SVC_RETRIES_ON = "    retries on java.io.IOException (the retry properties: retryExceptions java.io.IOException)";
const setUp = () => {
  write("retry.json", RETRY_JSON);
  write("application.yml", APPLICATION_YML);
};

const TEXT = [
  "retry.json",
  "  ✗ report (backoff config, line 3:3)",
  "    4 retries: worst-case total 2 min 30 s, best case 2 min 30 s, largest delay 1 min 20 s (attempt 4), no jitter",
  "    ✗ max-total 1 min: worst case 2 min 30 s (first over the limit at attempt 3)",
  "    ✗ max-delay 20 s: worst delay 1 min 20 s (first over the limit at attempt 3)",
  "    ⚠ no-cap: exponential backoff without a cap: attempt 4 waits 1 min 20 s and the delays grow without limit; set a cap",
  "  ✓ email (backoff config, line 2:3)",
  "    5 retries: worst-case total 31 s, best case 31 s, largest delay 16 s (attempt 5), no jitter",
  "    ✓ max-total 1 min: worst case 31 s",
  "    ✓ max-delay 20 s: worst delay 16 s (attempt 5)",
  "application.yml",
  "  ✓ svc (Spring resilience4j, line 4:7)",
  "    2 retries (3 tries): worst-case total 2 s, best case 2 s, largest delay 1 s (attempt 1), no jitter",
  SVC_RETRIES_ON,
  "    ✓ max-delay 20 s: worst delay 1 s (attempt 1)",
  "✗ 2 of 5 limits broken, 3 policies in 2 files; 1 warning",
  "",
];

describe("a value too large for its reader, said once at its place (issue 38, item 8)", () => {
  it("BullMQ-style attempts past 2^53 in a backoff config: its location once", async () => {
    write("bull4.json", '{"attempts": 99999999999999999999, "backoff": {"type": "exponential", "delay": 1000}}');
    const result = await runCli(["check", "bull4.json"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("error: bull4.json:1:14: attempts is too large: 99999999999999999999 is beyond 9007199254740991\n");
  });
});

describe("an invalid policy on a terminal: once, in the report (issue 39, item 5)", () => {
  it("the text report names it on the terminal, so stderr does not repeat it; a pipe still gets both", async () => {
    write("bull4.json", '{"attempts": 99999999999999999999, "backoff": {"type": "exponential", "delay": 1000}}');
    const reason = "attempts is too large: 99999999999999999999 is beyond 9007199254740991";
    const terminal = await runCli(["check", "bull4.json"], { isTTY: true, columns: 200 });
    expect(terminal.code).toBe(1);
    expect(terminal.stderr).toBe("");
    expect(terminal.stdout.split(reason)).toHaveLength(2);
    const piped = await runCli(["check", "bull4.json"]);
    expect(piped.stderr).toBe(`error: bull4.json:1:14: ${reason}\n`);
    expect(piped.stdout.split(reason)).toHaveLength(2);
    // A machine format's document on a terminal: stderr keeps the line.
    expect((await runCli(["check", "bull4.json", "--format", "json"], { isTTY: true, columns: 200 })).stderr).toBe(`error: bull4.json:1:14: ${reason}\n`);
  });
});

describe("backoff check PATH: reports", () => {
  it("text: grouped by file, the files and policies with a failure first; exit 1", async () => {
    setUp();
    expect(await runCli(["check", ".", "--max-delay", "20s"])).toEqual({ code: 1, stdout: TEXT.join("\n"), stderr: "" });
  });

  it("exit 0 when every limit holds: a flag's limit reaches every policy (and replaces the file's own)", async () => {
    setUp();
    const result = await runCli(["check", ".", "--max-total", "3m", "--max-delay", "90s"]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n").at(-2)).toBe("✓ all 6 limits hold, 3 policies in 2 files; 1 warning");
    expect((await runCli(["check", ".", "--max-total", "3m", "--max-delay", "90s", "--strict"])).code).toBe(1);
  });

  it("GitHub annotations under GITHUB_ACTIONS=true: file, line and column of each broken limit and warning", async () => {
    setUp();
    const result = await runCli(["check", ".", "--max-delay", "20s"], { env: { GITHUB_ACTIONS: "true" } });
    expect(result.stdout.split("\n").slice(0, 3)).toEqual([
      "::error file=retry.json,line=3,col=3,title=backoff check::report: max-total 1 min broken: worst case 2 min 30 s (first over the limit at attempt 3)",
      "::error file=retry.json,line=3,col=3,title=backoff check::report: max-delay 20 s broken: worst delay 1 min 20 s (first over the limit at attempt 3)",
      "::warning file=retry.json,line=3,col=3,title=backoff check::report: no-cap: exponential backoff without a cap: attempt 4 waits 1 min 20 s and the delays grow without limit; set a cap",
    ]);
    expect(result.stdout.split("\n").slice(3)).toEqual(TEXT);
  });

  it("json: one document with the policies, an unreadable file and totals; annotations go to stderr", async () => {
    setUp();
    write("bad/job.yaml", "apiVersion: batch/v1\nkind: Job\nspec: [\n");
    const result = await runCli(["check", ".", "--max-delay", "20s", "--format", "json"], { env: { GITHUB_ACTIONS: "true" } });
    expect(result.code).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(doc.ok).toBe(false);
    expect(doc.exit_code).toBe(1);
    expect(doc.policies.map((p: Record<string, unknown>) => [p.file, p.line, p.column, p.system, p.name, p.ok, p.retries, p.worst_total_ms, p.best_total_ms, p.worst_delay_ms])).toEqual([
      ["application.yml", 4, 7, "resilience4j", "svc", true, 2, 2000, 2000, 1000],
      ["retry.json", 2, 3, "backoff", "email", true, 5, 31_000, 31_000, 16_000],
      ["retry.json", 3, 3, "backoff", "report", false, 4, 150_000, 150_000, 80_000],
    ]);
    expect(doc.policies[0].preset).toBe("resilience4j");
    expect(doc.policies[0].options).toEqual({ base: "1s", factor: "1", jitter: "0", attempts: "2" });
    expect(doc.policies[2].assertions[0]).toEqual({ limit: "max-total", ok: false, limit_ms: 60_000, actual_ms: 150_000, attempt: 3, message: "✗ max-total 1 min: worst case 2 min 30 s (first over the limit at attempt 3)" });
    expect(doc.invalid).toEqual([{ file: "bad/job.yaml", line: 4, column: 1, system: "kubernetes-job", name: "job.yaml", reason: "cannot be read, so none of its retry settings is checked: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]", rule: "unreadable" }]);
    expect(doc.skipped).toEqual([]);
    expect(doc.totals).toEqual({ files_scanned: 3, files_with_policies: 2, policies: 3, disabled: 0, invalid: 1, skipped: 0, lenient: 0, links_not_followed: 0, limits: 5, retry_limits: 0, broken: 2, warnings: 1 });
    expect(result.stderr.split("\n")).toEqual([
      "error: bad/job.yaml:4:1: cannot be read, so none of its retry settings is checked: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
      "::error file=bad/job.yaml,line=4,col=1,title=backoff check::job.yaml: unreadable: cannot be read, so none of its retry settings is checked: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
      expect.stringMatching(/^::error file=retry\.json,line=3,col=3,title=backoff check::report: max-total/),
      expect.stringMatching(/^::error file=retry\.json,line=3,col=3/),
      expect.stringMatching(/^::warning file=retry\.json,line=3,col=3/),
      "",
    ]);
  });

  it("sarif: valid against the SARIF 2.1.0 schema (OASIS, errata 01), one result per broken limit and warning at its line", async () => {
    setUp();
    write("bad/job.yaml", "apiVersion: batch/v1\nkind: Job\nspec: [\n");
    write("chart/job.yaml", "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {{ .Release.Name }}\n");
    const result = await runCli(["check", ".", "--max-delay", "20s", "--format", "sarif"]);
    expect(result.code).toBe(1);
    const sarif = JSON.parse(result.stdout);
    expect(validateSarif(sarif)).toEqual([]);
    const run = sarif.runs[0];
    expect(run.tool.driver.name).toBe("backoff");
    expect(run.results.map((r: { ruleId: string; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }> }) => [
      r.ruleId,
      r.level,
      r.locations[0]!.physicalLocation.artifactLocation.uri,
      r.locations[0]!.physicalLocation.region.startLine,
      r.locations[0]!.physicalLocation.region.startColumn,
    ])).toEqual([
      ["unreadable", "error", "bad/job.yaml", 4, 1],
      ["max-total", "error", "retry.json", 3, 3],
      ["max-delay", "error", "retry.json", 3, 3],
      ["no-cap", "warning", "retry.json", 3, 3],
    ]);
    expect(run.results[0].message.text).toBe("job.yaml (Kubernetes Job): cannot be read, so none of its retry settings is checked: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]");
    expect(run.results[1].message.text).toBe("report (backoff config): max-total broken: worst case 2 min 30 s (first over the limit at attempt 3)");
    expect(run.results.every((r: { ruleId: string; ruleIndex: number }) => run.tool.driver.rules[r.ruleIndex].id === r.ruleId)).toBe(true);
    expect(run.invocations[0].toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text)).toEqual([
      "skipped: a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -",
    ]);
  });

  it("sarif for --config FILE too; a document with no results when every limit holds", async () => {
    setUp();
    const viaConfig = JSON.parse((await runCli(["check", "--config", "retry.json", "--format", "sarif"])).stdout);
    expect(validateSarif(viaConfig)).toEqual([]);
    expect(viaConfig.runs[0].results.map((r: { ruleId: string; locations: Array<{ physicalLocation: { region: { startLine: number } } }> }) => [r.ruleId, r.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ["max-total", 3],
      ["no-cap", 3],
    ]);
    const clean = JSON.parse((await runCli(["check", "application.yml", "--format", "sarif"])).stdout);
    expect(validateSarif(clean)).toEqual([]);
    expect(clean.runs[0].results).toEqual([]);
    expect(await runCli(["check", "--base", "1s", "--format", "sarif"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: --format sarif points at lines of files: give the policies as a PATH (backoff check retry.json) or with --config FILE\n",
    });
  });
});

describe("backoff check PATH: what it reads and refuses", () => {
  it("check retry.json (positional) gives --config's verdicts for the same policies", async () => {
    setUp();
    const positional = JSON.parse((await runCli(["check", "retry.json", "--format", "json"])).stdout);
    const config = JSON.parse((await runCli(["check", "--config", "retry.json", "--format", "json"])).stdout);
    expect(positional.policies.map((p: Record<string, unknown>) => [p.name, p.worst_total_ms, p.assertions])).toEqual(
      config.policies.map((p: Record<string, unknown>) => [p.name, p.worst_total_ms, (p.assertions as unknown[])]),
    );
    expect(positional.exit_code).toBe(config.exit_code);
  });

  it("- reads one file from standard input (JSON or YAML, told apart by its first character)", async () => {
    const result = await runCli(["check", "-", "--max-total", "1s"], { stdin: memoryStdin([APPLICATION_YML]) });
    expect(result.stdout.split("\n").slice(0, 5)).toEqual([
      "<stdin>",
      "  ✗ svc (Spring resilience4j, line 4:7)",
      "    2 retries (3 tries): worst-case total 2 s, best case 2 s, largest delay 1 s (attempt 1), no jitter",
      SVC_RETRIES_ON,
      "    ✗ max-total 1 s: worst case 2 s (first over the limit at attempt 2)",
    ]);
    expect(result.code).toBe(1);
  });

  it("a named file with no policy: exit 2, naming what is recognised", async () => {
    write("deployment.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n");
    const result = await runCli(["check", "deployment.yaml"]);
    expect(result.code).toBe(2);
    // The shapes' registry says what is recognised (src/config/shapes/index.ts); the test does not list it again.
    expect(result.stderr.startsWith(`error: no retry policy found in deployment.yaml; recognised: ${RECOGNISED}`)).toBe(true);
    expect(RECOGNISED).toContain("Step Functions state machines");
  });

  it("a missing PATH, a policy flag with PATH, a --config beside PATH it cannot read, a bad limit: exit 2, one line", async () => {
    setUp();
    expect(await runCli(["check", "nope"])).toEqual({ code: 2, stdout: "", stderr: 'error: cannot read "nope": no such file or directory\n' });
    expect(await runCli(["check", ".", "--base", "1s"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: --base describes one policy, but with PATH the policies come from the files; give limits instead (--max-total, --max-delay, --attempt-time, …)\n",
    });
    // --config FILE beside PATH names the repository config (issue 37, item 1): a file it cannot read is bad input.
    expect((await runCli(["check", ".", "--config", "missing.json"])).code).toBe(2);
    expect(await runCli(["check", ".", "--max-total", "soon"])).toEqual({ code: 2, stdout: "", stderr: 'error: --max-total must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "soon"\n' });
  });

  it("--exclude takes .gitignore patterns, repeatable; the root .gitignore is honoured, with ! re-including", async () => {
    setUp();
    write("old/retry.json", RETRY_JSON);
    write("keep/application.yml", APPLICATION_YML);
    write(".gitignore", "*.json\n!retry.json\n");
    const files = async (...args: string[]) => {
      const doc = JSON.parse((await runCli(["check", ".", "--format", "json", ...args])).stdout);
      return [...new Set(doc.policies.map((p: { file: string }) => p.file))];
    };
    expect(await files()).toEqual(["application.yml", "retry.json", "keep/application.yml", "old/retry.json"]);
    expect(await files("--exclude", "old/", "--exclude", "keep/*.yml")).toEqual(["application.yml", "retry.json"]);
    write(".gitignore", "/old\nretry.json\n");
    expect(await files()).toEqual(["application.yml", "keep/application.yml"]);
  });


  it("--any-file: named files are read as a directory scan reads them (no policy, or no reader for the name: passed over)", async () => {
    write("package.json", '{"name": "app"}\n');
    write("README.md", "# app\n");
    write("retry.json", '{"base": "1s", "cap": "30s", "attempts": 5}\n');
    // Without it, a named file must hold a policy.
    expect(await runCli(["check", "package.json"])).toMatchObject({ code: 2, stdout: "" });
    expect(await runCli(["check", "--any-file", "package.json", "README.md"])).toEqual({ code: 0, stdout: "✓ no limits given (--max-total, --max-delay, …), no retry policy found in 1 file\n", stderr: "" });
    // 1 + 2 + 4 + 8 + 16 = 31 s, under a minute.
    expect(await runCli(["check", "--any-file", "package.json", "README.md", "retry.json", "--max-total", "1m"])).toMatchObject({ code: 0, stdout: expect.stringContaining("✓ max-total 1 min: worst case 31 s\n") });
  });

  it("a Kubernetes Job is checked with the kubernetes-job preset's pod back-off", async () => {
    write("job.yaml", "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  backoffLimit: 4\n");
    // The Job controller's pod back-off: 10 s doubling, capped at 6 min (kubernetes-job preset):
    // 4 retries wait 10 + 20 + 40 + 80 = 150 s = 2 min 30 s; the largest is 80 s = 1 min 20 s.
    expect(await runCli(["check", "job.yaml"])).toEqual({
      code: 0,
      stdout: [
        "job.yaml",
        "  ✓ pi (Kubernetes Job, line 5:3)",
        "    4 retries: worst-case total 2 min 30 s, best case 2 min 30 s, largest delay 1 min 20 s (attempt 4), no jitter",
        // Without a podFailurePolicy every failed pod is retried (pod_failure_policy.go, issue 41): retries-everything.
        "    retries on every error (no podFailurePolicy: every failed pod)",
        "    ⚠ retries-everything: retries every error (no podFailurePolicy: every failed pod), permanent failures too: a request that cannot succeed is tried 5 times; retry only the errors that are transient (spec.podFailurePolicy of the Job: a FailJob rule on the exit codes of the failures that are permanent)",
        "✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 1 warning",
        "",
      ].join("\n"),
      stderr: "",
    });
  });
});

// Issue 22: a count is given as retries, with the tries beside it only where the library counts
// tries (the --config side, and resilience4j's, in test/cli/check/action.test.ts).
describe("check PATH: retries, and tries where the system counts tries", () => {
  it("a system that counts retries gives no tries: Step Functions' MaxAttempts 3 is 3 retries", async () => {
    write("flow.asl.json", '{"StartAt": "A", "States": {"A": {"Type": "Task", "Resource": "arn:aws:lambda:x", "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": 3}], "End": true}}}\n');
    const json = JSON.parse((await runCli(["check", "flow.asl.json", "--format", "json"])).stdout);
    expect(json.policies.map((p: Record<string, unknown>) => [p["retries"], p["tries"]])).toEqual([[3, undefined]]);
    const sarif = JSON.parse((await runCli(["check", "flow.asl.json", "--format", "sarif"])).stdout);
    // IntervalSeconds 1, BackoffRate 2 (the defaults): 1, 2, 4 s, no cap: one no-cap result, its count in the property bag;
    // States.ALL alone retries every error (issue 41): retries-everything, its conditions in the bag beside the count.
    const retryOn = {
      from: "ErrorEquals",
      default: false,
      words: ["States.ALL"],
      conditions: ["every error but States.DataLimitExceeded and States.Runtime"],
      overload: [],
      everything: true,
    };
    expect(sarif.runs[0].results.map((r: { ruleId: string; properties: unknown }) => [r.ruleId, r.properties])).toEqual([
      ["no-cap", { retries: 3, retryOn }],
      ["retries-everything", { retries: 3, retryOn }],
    ]);
  });
});

describe("configFilesReport: check --config FILE as check PATH reports files", () => {
  // A check's result, handed on as it is: max-total 1 min broken at attempt 6 (2 min 1 s in all).
  const result: CheckResult = {
    assertions: [{ limit: "max-total", limitValue: 60_000, actual: 121_000, ok: false, attempt: 6 }],
    warnings: [],
    bestTotalMs: 121_000,
    worstTotalMs: 121_000,
    worstDelayMs: 30_000,
    worstDelayAttempt: 6,
  };
  const report = (name: string | null, line: number | null) => ({ name, line, attempts: 8, attemptTimeMs: 2000, result });

  it("each policy at its line of the config file (line 1 for a file of one policy), column 1, a backoff config", () => {
    const files = configFilesReport([report("email", 4), report(null, null)], join(dir(), "deploy", "retry.json"), true, "--format sarif");
    const place = { file: "deploy/retry.json", column: 1, system: "backoff", systemLabel: "backoff config", preset: null, options: {}, attempts: 8, attemptTimeMs: 2000, jittered: false, note: null };
    expect(files.policies).toEqual([
      { ...place, line: 4, name: "email", result },
      // A file that is one policy names it after the file.
      { ...place, line: 1, name: "deploy/retry.json", result },
    ]);
    expect(files.policies[0]!.result).toBe(result);
    // Its findings at the policies' places, and the exit code they give.
    expect(files.findings.map((f) => [f.rule, f.location, f.policy?.name])).toEqual([
      ["max-total", { file: "deploy/retry.json", line: 4, column: 1 }, "email"],
      ["max-total", { file: "deploy/retry.json", line: 1, column: 1 }, "deploy/retry.json"],
    ]);
    expect({ ...files, policies: [], findings: [] }).toEqual({ policies: [], disabled: [], invalid: [], skipped: [], lenient: [], limits: [], linksNotFollowed: 0, filesScanned: 1, findings: [], strict: true, words: FILES_WORDS, exitCode: 1 });
  });

  it("flags alone, or standard input, have no lines to point at: refused, naming the format", () => {
    const refusal = (format: string) => `--format ${format} points at lines of files: give the policies as a PATH (backoff check retry.json) or with --config FILE`;
    expect(() => configFilesReport([report(null, null)], null, false, "--format junit")).toThrow(refusal("junit"));
    expect(() => configFilesReport([report(null, null)], "<stdin>", false, "--format gitlab")).toThrow(refusal("gitlab"));
  });
});

/** A JUnit document read by a real XML parser (python3's expat, via xml.etree): each testcase's classname, name and file, or the parser's error. */
function parsedJunit(xml: string): string[][] {
  const script = "import sys, json, xml.etree.ElementTree as E\nroot = E.fromstring(sys.stdin.buffer.read())\nprint(json.dumps([[c.get('classname'), c.get('name'), s.get('file')] for s in root.iter('testsuite') for c in s.iter('testcase')]))";
  return JSON.parse(execFileSync("python3", ["-c", script], { input: Buffer.from(xml, "utf8") }).toString("utf8"));
}

describe("backoff check PATH…: names from files cannot forge output (issue 38, item 4)", () => {
  // A file named with \u0001 holding Traefik middlewares named with a line end before a
  // workflow command, and with \u0001 and an escape sequence; a file named as a workflow command.
  const TRAEFIK = 'http:\n  middlewares:\n    "n\\n::warning file=x::forged":\n      retry:\n        attempts: 3\n    "a\\x01\\e[31mred":\n      retry:\n        attempts: 2\n';
  const setUpHostile = () => {
    write("ctl\u0001.yml", TRAEFIK);
    write("::warning file=x::y.yml", "http:\n  middlewares:\n    r:\n      retry:\n        attempts: 3\n");
  };
  // attempts 3 is 2 retries (Traefik counts tries), attempts 2 is 1: --max-attempts 1 breaks r and n, a holds.
  const ARGS = ["check", ".", "--max-attempts", "1"];
  // No status: Traefik retries network errors only (retry.go WriteHeader, traefik master at fd5a576d).
  const NOTE = "    no initialInterval: Traefik retries at once (newBackOff returns ZeroBackOff)";
  const ON = "    retries on connection failures (retry middleware: network errors)";
  const ZERO = "worst-case total 0 ms, best case 0 ms, largest delay 0 ms (attempt 1), no jitter";

  it("the table escapes each control character and begins no line with ::; only the annotations do", async () => {
    setUpHostile();
    const result = await runCli(ARGS, { env: { GITHUB_ACTIONS: "true" } });
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n")).toEqual([
      "::error file=%3A%3Awarning file=x%3A%3Ay.yml,line=4,col=7,title=backoff check::r: max-attempts 1 broken: 2 retries (retry 2 is beyond the limit)",
      "::error file=ctl\\x01.yml,line=4,col=7,title=backoff check::n%0A::warning file=x::forged: max-attempts 1 broken: 2 retries (retry 2 is beyond the limit)",
      "\\x3a:warning file=x::y.yml",
      "  ✗ r (Traefik retry middleware, line 4:7)",
      `    2 retries (3 tries): ${ZERO}`,
      NOTE,
      ON,
      "    ✗ max-attempts 1: 2 retries (retry 2 is beyond the limit)",
      "ctl\\x01.yml",
      "  ✗ n\\n::warning file=x::forged (Traefik retry middleware, line 4:7)",
      `    2 retries (3 tries): ${ZERO}`,
      NOTE,
      ON,
      "    ✗ max-attempts 1: 2 retries (retry 2 is beyond the limit)",
      "  ✓ a\\x01\\x1b[31mred (Traefik retry middleware, line 7:7)",
      `    1 retry (2 tries): ${ZERO}`,
      NOTE,
      ON,
      "    ✓ max-attempts 1: 1 retry",
      "✗ 2 of 3 limits broken, 3 policies in 2 files",
      "",
    ]);
    // No control character but the line ends, wrapped to a narrow terminal as well.
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    const narrow = await runCli(ARGS, { columns: 30 });
    expect(narrow.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    for (const line of narrow.stdout.split("\n")) expect(line.trimStart().startsWith("::"), line).toBe(false);
  });

  it("stderr escapes them too: a file that does not parse, named with an escape sequence and a workflow command", async () => {
    // The list is never closed: YAML's reader stops at line 5, where the text ends inside it.
    write("bad\u001b[31m\n::warning file=x::y.yml", "http:\n  middlewares:\n    r:\n      retry:\n        attempts: [3\n");
    const result = await runCli(["check", "."]);
    const lines = result.stderr.split("\n").filter((line) => line !== "");
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes("bad\\x1b[31m\\n::warning file=x::y.yml"))).toBe(true);
    expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    for (const line of result.stderr.split("\n")) expect(line.trimStart().startsWith("::"), line).toBe(false);
  });

  it("an error that names a file given on the command line escapes its name", async () => {
    write("a\u0001.json", "{");
    const result = await runCli(["check", "a\u0001.json"]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    // "{" holds no retry policy: named on the command line, that is bad input, exit 2.
    expect(result.stderr).toContain(" a\\x01.json;");
  });

  it("JUnit is well-formed XML for an XML parser, the names escaped in its attributes", async () => {
    setUpHostile();
    const result = await runCli([...ARGS, "--format", "junit"]);
    expect(result.code).toBe(1);
    expect(validateJunit(result.stdout)).toEqual([]);
    expect(parsedJunit(result.stdout)).toEqual([
      ["::warning file=x::y.yml", "r (Traefik retry middleware): max-attempts 1", "::warning file=x::y.yml"],
      ["ctl\\x01.yml", "n\\n::warning file=x::forged (Traefik retry middleware): max-attempts 1", "ctl\\x01.yml"],
      ["ctl\\x01.yml", "a\\x01\\x1b[31mred (Traefik retry middleware): max-attempts 1", "ctl\\x01.yml"],
    ]);
  });

  it("JSON, SARIF and GitLab stay valid and keep the names as they are", async () => {
    setUpHostile();
    const json = JSON.parse((await runCli([...ARGS, "--format", "json"])).stdout);
    expect(json.policies.map((p: { file: string; name: string }) => [p.file, p.name])).toEqual([
      ["::warning file=x::y.yml", "r"],
      ["ctl\u0001.yml", "n\n::warning file=x::forged"],
      ["ctl\u0001.yml", "a\u0001\u001b[31mred"],
    ]);
    const sarif = JSON.parse((await runCli([...ARGS, "--format", "sarif"])).stdout);
    expect(validateSarif(sarif)).toEqual([]);
    const gitlab = JSON.parse((await runCli([...ARGS, "--format", "gitlab"])).stdout);
    expect(gitlab.map((i: { location: { path: string } }) => i.location.path)).toEqual(["::warning file=x::y.yml", "ctl\u0001.yml"]);
  });
});

describe("backoff check --config with a chain: a layer's name cannot forge output (issue 38, item 4)", () => {
  it("the table and JUnit escape it; JUnit parses", async () => {
    const dir = tempFiles({ "chain.json": JSON.stringify({ chain: [{ spec: "fixed:attempts=2", name: "a\u0001\u001b[31mred\n::warning file=x::forged" }, "fixed:attempts=3"] }) });
    const file = join(dir, "chain.json");
    try {
      // 3 tries over 4 tries: 12 calls reach the backend, over 4.
      const args = ["check", "--config", file, "--max-amplification", "4"];
      const table = await runCli(args);
      expect(table.code).toBe(1);
      expect(table.stdout.split("\n")[0]).toBe(`${file}: a chain of 2 layers, outermost first: a\\x01\\x1b[31mred\\n::warning file=x::forged, fixed:attempts=3`);
      expect(table.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
      const who = "chain (a\\x01\\x1b[31mred\\n::warning file=x::forged, fixed:attempts=3)";
      expect(parsedJunit((await runCli([...args, "--format", "junit"])).stdout)).toEqual([
        [file, `${who}: max-amplification 4`, file],
        [file, `${who}: stacked-retries`, file],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("inline suppressions: # backoff-ignore RULE -- reason (issue 37, item 2)", () => {
  // email: exponential 10 s, no cap, 4 retries (10 + 20 + 40 + 80 = 150 s): one finding, no-cap (a warning).
  const svc = (comment: string, above = "") => `policies:\n${above}  email:\n    base: 10s\n    attempts: 4${comment}\n`;

  it("on a key's line, with a reason: the finding is suppressed, still shown, counted, failing nothing even under --strict", async () => {
    execFileSync("git", ["init", "-q", dir()], { stdio: "ignore" });
    write("svc.yaml", svc("   # backoff-ignore no-cap -- the queue drops jobs after 5 min"));
    const result = await runCli(["check", "svc.yaml", "--strict"]);
    expect(result.stdout).toBe(
      [
        "svc.yaml",
        "  ✓ email (backoff config, line 2:3)",
        "    4 retries: worst-case total 2 min 30 s, best case 2 min 30 s, largest delay 1 min 20 s (attempt 4), no jitter",
        "    ⚠ no-cap: exponential backoff without a cap: attempt 4 waits 1 min 20 s and the delays grow without limit; set a cap (suppressed at line 4: the queue drops jobs after 5 min)",
        "✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 1 suppressed",
        "",
      ].join("\n"),
    );
    expect(result.code).toBe(0);
    // SARIF (the official 2.1.0 schema holds it): the result kept, with a suppression in source and the reason as its justification.
    const sarif = JSON.parse((await runCli(["check", "svc.yaml", "--format", "sarif"])).stdout) as { runs: { results: { ruleId: string; suppressions?: unknown[] }[] }[] };
    // Valid against the SARIF 2.1.0 schema, suppressions included.
    expect(validateSarif(sarif)).toEqual([]);
    expect(sarif.runs[0]!.results.map((r) => [r.ruleId, r.suppressions])).toEqual([
      ["no-cap", [{ kind: "inSource", justification: "the queue drops jobs after 5 min", location: { physicalLocation: { artifactLocation: { uri: "svc.yaml", uriBaseId: "%SRCROOT%" }, region: { startLine: 4, startColumn: 19 } } } }]],
    ]);
    // JUnit: a skipped testcase.
    const junit = (await runCli(["check", "svc.yaml", "--format", "junit"])).stdout;
    expect(junit).toContain('<skipped type="suppressed" message="suppressed (# backoff-ignore at line 4: the queue drops jobs after 5 min): no-cap: exponential backoff without a cap');
  });

  it("on the line above the policy, without a reason: suppressed, and a suppression-without-reason warning at the comment", async () => {
    execFileSync("git", ["init", "-q", dir()], { stdio: "ignore" });
    write("svc.yaml", svc("", "  # backoff-ignore no-cap\n"));
    const result = await runCli(["check", "svc.yaml"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("(suppressed at line 2: no reason given)\n");
    expect(result.stdout).toContain('  ⚠ suppression-without-reason (line 2:3): backoff-ignore no-cap gives no reason: say why after " -- "\n');
    expect(result.stdout.split("\n").at(-2)).toBe("✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 1 warning, 1 suppressed");
    expect((await runCli(["check", "svc.yaml", "--strict"])).code).toBe(1);
  });

  it("one that suppresses nothing is reported as unused; a misspelt rule gets did-you-mean", async () => {
    execFileSync("git", ["init", "-q", dir()], { stdio: "ignore" });
    write("svc.yaml", svc("   # backoff-ignore max-total, no-capp -- legacy"));
    const result = await runCli(["check", "svc.yaml"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("  ⚠ unused-suppression (line 4:19): backoff-ignore max-total suppresses nothing: no max-total finding for a policy on this line or the next\n");
    expect(result.stdout).toContain("  ⚠ unused-suppression (line 4:19): backoff-ignore no-capp: no such rule; did you mean no-cap?\n");
    expect(result.stdout).toContain("    ⚠ no-cap: exponential backoff without a cap: attempt 4 waits 1 min 20 s and the delays grow without limit; set a cap\n");
    expect((await runCli(["check", "svc.yaml", "--strict"])).code).toBe(1);
  });

  it("in .properties, a comment above a key the policy reads: a broken limit suppressed (20 s over 5 s)", async () => {
    execFileSync("git", ["init", "-q", dir()], { stdio: "ignore" });
    // resilience4j: maxAttempts 3 = 2 retries of a fixed 10 s: 20 s in all (IOException only: no retries-everything warning).
    write("application.properties", "resilience4j.retry.instances.svc.maxAttempts=3\n# backoff-ignore max-total -- a batch job nobody waits on\nresilience4j.retry.instances.svc.waitDuration=10s\nresilience4j.retry.instances.svc.retryExceptions=java.io.IOException\n");
    const result = await runCli(["check", "application.properties", "--max-total", "5s"]);
    expect(result.stdout).toContain("    ✗ max-total 5 s: worst case 20 s (first over the limit at attempt 1) (suppressed at line 2: a batch job nobody waits on)\n");
    expect(result.stdout.split("\n").at(-2)).toBe("✓ 1 of 1 limit broken (suppressed), 1 policy in 1 file; 1 suppressed");
    expect(result.code).toBe(0);
  });
});

describe("a baseline: --write-baseline FILE, --baseline FILE (issue 37, item 3)", () => {
  // retry.json: "report" exponential 10 s, 4 retries, no cap: 150 s, over --max-total 1m; "email" capped 1 s..30 s, 5 retries: 31 s.
  const POLICIES = (extraLines: string, third = "") => `{${extraLines}"policies": {\n  "email": {"base": "1s", "cap": "30s", "attempts": 5},\n  "report": {"base": "10s", "attempts": 4}${third}\n}}\n`;

  it("records today's findings, then fails only on new ones, whatever lines moved; says how many recorded are gone", async () => {
    execFileSync("git", ["init", "-q", dir()], { stdio: "ignore" });
    write("retry.json", POLICIES(""));
    const written = await runCli(["check", "retry.json", "--max-total", "1m", "--write-baseline", "base.json"]);
    expect(written.code).toBe(0);
    expect(written.stderr).toBe("baseline written: base.json records 2 findings\n");
    expect(readFileSync(join(dir(), "base.json"), "utf8")).toBe(
      '{\n  "version": 1,\n  "tool": "backoff check",\n  "findings": [\n    {"file":"retry.json","system":"backoff","policy":"report","rule":"max-total"},\n    {"file":"retry.json","system":"backoff","policy":"report","rule":"no-cap"}\n  ]\n}\n',
    );
    // Lines moved above the policies: the same findings, still recorded.
    write("retry.json", POLICIES('\n\n"clients": 3,\n'));
    const moved = await runCli(["check", "retry.json", "--max-total", "1m", "--baseline", "base.json", "--strict"]);
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain("baseline base.json: 2 findings recorded, 2 still found (not failing), 0 gone\n");
    // Each recorded finding says so on its line, as a suppressed one does: report's policy holds (✓), its findings fail nothing.
    // report: 10 + 20 + 40 + 80 = 150 s (2 min 30 s); total(3) = 70 s, over 1 min from attempt 3; attempt 4 waits 80 s (1 min 20 s).
    expect(moved.stdout).toContain(
      [
        "  ✓ report (backoff config, line 6:3)",
        "    4 retries: worst-case total 2 min 30 s, best case 2 min 30 s, largest delay 1 min 20 s (attempt 4), no jitter",
        "    ✗ max-total 1 min: worst case 2 min 30 s (first over the limit at attempt 3) (in the baseline)",
        "    ⚠ no-cap: exponential backoff without a cap: attempt 4 waits 1 min 20 s and the delays grow without limit; set a cap (in the baseline)",
      ].join("\n"),
    );
    // A new policy over the limit fails; "report" fixed (a cap), its two recorded findings are gone.
    write("retry.json", POLICIES("", ',\n  "batch": {"base": "20s", "attempts": 3}').replace('"report": {"base": "10s", "attempts": 4}', '"report": {"base": "1s", "cap": "5s", "attempts": 4}'));
    const fresh = await runCli(["check", "retry.json", "--max-total", "1m", "--baseline", "base.json"]);
    expect(fresh.code).toBe(1);
    // batch: 20 + 40 + 80 = 140 s over 1 min, at attempt 3 (20 + 40 = 60 s is not over).
    expect(fresh.stdout).toContain("    ✗ max-total 1 min: worst case 2 min 20 s (first over the limit at attempt 3)\n");
    expect(fresh.stdout).toContain("baseline base.json: 2 findings recorded, 0 still found (not failing), 2 gone\n");
    expect(readdirSync(dir()).sort()).toEqual([".git", "base.json", "retry.json"]);
  });

  it("SARIF marks each result new or unchanged against the baseline and counts the recorded ones gone, valid against the schema", async () => {
    execFileSync("git", ["init", "-q", dir()], { stdio: "ignore" });
    write("retry.json", POLICIES(""));
    expect((await runCli(["check", "retry.json", "--max-total", "1m", "--write-baseline", "base.json"])).code).toBe(0);
    type Sarif = { runs: { results: { ruleId: string; message: { text: string }; baselineState?: string }[]; properties?: unknown }[] };
    const sarif = async (argv: string[]) => JSON.parse((await runCli(["check", "retry.json", "--max-total", "1m", "--format", "sarif", ...argv])).stdout) as Sarif;
    // Without --baseline, no result says a state.
    const plain = await sarif([]);
    expect(plain.runs[0]!.results.map((r) => r.baselineState)).toEqual([undefined, undefined]);
    expect(plain.runs[0]!.properties).toBeUndefined();
    // "batch" added (20 + 40 + 80 = 140 s, over 1 min, no cap): its two findings new, report's two recorded ones unchanged.
    write("retry.json", POLICIES("", ',\n  "batch": {"base": "20s", "attempts": 3}'));
    const added = await sarif(["--baseline", "base.json"]);
    expect(validateSarif(added)).toEqual([]);
    const states = (doc: Sarif) => doc.runs[0]!.results.map((r) => [r.ruleId, r.message.text.split(" ")[0], r.baselineState]);
    expect(states(added)).toEqual([
      ["max-total", "report", "unchanged"],
      ["no-cap", "report", "unchanged"],
      ["max-total", "batch", "new"],
      ["no-cap", "batch", "new"],
    ]);
    expect(added.runs[0]!.properties).toEqual({ baseline: { file: "base.json", recorded: 2, unchanged: 2, new: 2, absent: 0 } });
    // "report" fixed (a cap of 5 s: 1 + 2 + 4 + 5 = 12 s): its two recorded findings are gone, counted as absent.
    write("retry.json", POLICIES("", ',\n  "batch": {"base": "20s", "attempts": 3}').replace('"report": {"base": "10s", "attempts": 4}', '"report": {"base": "1s", "cap": "5s", "attempts": 4}'));
    const fixed = await sarif(["--baseline", "base.json"]);
    expect(validateSarif(fixed)).toEqual([]);
    expect(states(fixed)).toEqual([
      ["max-total", "batch", "new"],
      ["no-cap", "batch", "new"],
    ]);
    expect(fixed.runs[0]!.properties).toEqual({ baseline: { file: "base.json", recorded: 2, unchanged: 0, new: 2, absent: 2 } });
  });

  it("a baseline that is not one is bad input (exit 2); without PATH it is refused", async () => {
    write("retry.json", POLICIES(""));
    write("base.json", "[]");
    expect(await runCli(["check", "retry.json", "--baseline", "base.json"])).toEqual({ code: 2, stdout: "", stderr: 'error: --baseline "base.json": not a baseline (a JSON object with "findings"); write one with --write-baseline FILE\n' });
    expect((await runCli(["check", "--base", "1s", "--baseline", "base.json"])).code).toBe(2);
  });
});
