import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Candidate } from "../../../src/cli/check/discover.js";
import { type ScanSettings, decode, scanFile } from "../../../src/cli/check/scan-file.js";
import { RECOGNISED } from "../../../src/config/shapes/index.js";
import { runCli } from "../../support/cli.js";
import { useTempCwd } from "../../support/files.js";
import { emptyOutcome } from "../../support/outcomes.js";

// src/cli/check/scan-file.ts: one file of check PATH…, from its path to plain data for the report.
const { write, dir } = useTempCwd("scanfile");

/** A resilience4j instance: maxAttempts 3 counts the first call, so 2 retries of a fixed 1 s (2 s in all). */
const RETRY = "resilience4j:\n  retry:\n    instances:\n      svc:\n        maxAttempts: 3\n        waitDuration: 1s\n";

const found = (name: string, kind: Candidate["kind"] = "yaml"): Candidate => ({ path: join(dir(), name), name, kind, named: false, helmTemplate: false });
const named = (name: string): Candidate => ({ ...found(name), named: true });
const settings = (explicit: ScanSettings["explicit"] = {}): ScanSettings => ({ explicit });
/** An outcome with nothing in it but what `changes` says. */
const nothing = emptyOutcome;

describe("scanFile: a file's policies, checked", () => {
  it("a resilience4j instance at its line and column, its values as flags, checked under the flags' limits", () => {
    write("application.yml", RETRY);
    const outcome = scanFile(found("application.yml"), settings({ maxTotal: "1s" }));
    expect({ ...outcome, policies: [] }).toEqual(nothing({}));
    expect(outcome.policies).toHaveLength(1);
    const [policy] = outcome.policies;
    expect([policy!.file, policy!.line, policy!.column, policy!.system, policy!.systemLabel, policy!.name, policy!.preset]).toEqual([
      "application.yml",
      4,
      7,
      "resilience4j",
      "Spring resilience4j",
      "svc",
      "resilience4j",
    ]);
    expect(policy!.options).toEqual({ base: "1s", factor: "1", jitter: "0", attempts: "2" });
    expect([policy!.attempts, policy!.attemptTimeMs, policy!.jittered]).toEqual([2, 0, false]);
    // 1 s + 1 s = 2 s over 1 s: total(1) = 1 s holds, total(2) breaks it.
    expect(policy!.result.assertions).toEqual([{ limit: "max-total", limitValue: 1000, actual: 2000, ok: false, attempt: 2 }]);
    expect([policy!.result.bestTotalMs, policy!.result.worstTotalMs, policy!.result.worstDelayMs, policy!.result.worstDelayAttempt]).toEqual([2000, 2000, 1000, 1]);
  });

  it("the same values under the same flags are checked once: one result serves both files", () => {
    write("a/application.yml", RETRY);
    write("b/application.yml", RETRY);
    const flags = { maxTotal: "1s" };
    const a = scanFile(found("a/application.yml"), settings(flags));
    const b = scanFile(found("b/application.yml"), settings(flags));
    expect(b.policies[0]!.result).toBe(a.policies[0]!.result);
    // Other flags (another object) check again, to the same figures.
    const c = scanFile(found("b/application.yml"), settings({ maxTotal: "1s" }));
    expect(c.policies[0]!.result).not.toBe(a.policies[0]!.result);
    expect(c.policies[0]!.result).toEqual(a.policies[0]!.result);
  });

  it("a policy whose values its system refuses is a finding at its place, and the scan goes on", () => {
    write("retry.json", '{"policies": {\n  "ok": {"base": "1s", "cap": "30s", "attempts": 2},\n  "bad": {"base": "1s", "cap": "500ms", "attempts": 2}\n}}\n');
    const outcome = scanFile(found("retry.json", "json"), settings());
    expect(outcome.policies.map((p) => p.name)).toEqual(["ok"]);
    expect(outcome.invalid).toEqual([
      { file: "retry.json", line: 3, column: 3, system: "backoff", systemLabel: "backoff config", name: "bad", reason: "--cap (500ms) must be at least --base (1s)" },
    ]);
    expect(outcome.usageError).toBeNull();
  });

  it("a syntax error in a file with a shape's key words is a finding (rule unreadable) at its line and column, named by the file and the system whose words it holds", () => {
    write("k8s/job.yaml", "apiVersion: batch/v1\nkind: Job\nspec:\n  backoffLimit: 2\n   bad: indentation\n");
    expect(scanFile(found("k8s/job.yaml"), settings())).toEqual(
      nothing({
        invalid: [
          {
            file: "k8s/job.yaml",
            line: 4,
            column: 17,
            system: "kubernetes-job",
            systemLabel: "Kubernetes Job",
            name: "job.yaml",
            reason: "cannot be read, so none of its retry settings is checked: YAML: Nested mappings are not allowed in compact mappings",
            rule: "unreadable",
          },
        ],
      }),
    );
  });

  it("standard input's text is passed in, JSON or YAML told apart by its first character", () => {
    const stdin: Candidate = { path: "-", name: "<stdin>", kind: "yaml", named: true, helmTemplate: false };
    const yaml = scanFile(stdin, settings(), RETRY);
    expect(yaml.policies.map((p) => [p.file, p.name, p.system])).toEqual([["<stdin>", "svc", "resilience4j"]]);
    const json = scanFile(stdin, settings(), '\uFEFF  {"base": "1s", "attempts": 2}');
    expect(json.policies.map((p) => [p.file, p.name, p.system, p.attempts])).toEqual([["<stdin>", "<stdin>", "backoff", 2]]);
  });
});

describe("scanFile: what is not read", () => {
  it("a file found in a directory with no policy is nothing; a named one is bad input naming what is recognised", () => {
    write("deployment.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n");
    expect(scanFile(found("deployment.yaml"), settings())).toEqual(nothing({}));
    const usage = scanFile(named("deployment.yaml"), settings()).usageError;
    expect(usage?.startsWith(`no retry policy found in deployment.yaml; recognised: ${RECOGNISED}`)).toBe(true);
  });

  it("binary content is no configuration: nothing when found, bad input when named", () => {
    write("blob.json", Buffer.from([0x7b, 0x00, 0xff, 0x13, 0x37, 0x00]));
    expect(scanFile(found("blob.json", "json"), settings())).toEqual(nothing({}));
    // Refused as it is read: not counted among the files scanned.
    expect(scanFile(named("blob.json"), settings())).toEqual(nothing({ scanned: false, usageError: "blob.json is not a text file (it holds binary data)" }));
  });

  it("a file over 10 MB is skipped, unread and uncounted, when found; refused when named", () => {
    // 10 MB + 1 byte: 10,485,761 bytes.
    write("huge.yaml", Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    expect(scanFile(found("huge.yaml"), settings())).toEqual(nothing({ scanned: false, skips: [{ file: "huge.yaml", line: null, column: null, reason: "larger than 10 MB (10485761 bytes)" }] }));
    expect(scanFile(named("huge.yaml"), settings())).toEqual(nothing({ scanned: false, usageError: "huge.yaml is 10485761 bytes; backoff reads configuration files of at most 10 MB" }));
  });

  it("a file gone before it is read: a skip when found, bad input when named", () => {
    expect(scanFile(found("gone.yaml"), settings())).toEqual(nothing({ scanned: false, skips: [{ file: "gone.yaml", line: null, column: null, reason: "cannot read: no such file or directory" }] }));
    expect(scanFile(named("gone.yaml"), settings())).toEqual(nothing({ scanned: false, usageError: "cannot read gone.yaml: no such file or directory" }));
  });

  it("binary files: passed over while scanning, refused when named", async () => {
    write("tree/blob.json", Buffer.from([0x7b, 0x00, 0xff, 0x13, 0x37, 0x00]));
    write("tree/latin1.yaml", Buffer.from("kind: Job\napiVersion: batch/v1\nmetadata: {name: caf\xe9}\n", "latin1"));
    write("tree/application.yml", RETRY);
    const scan = await runCli(["check", "tree"]);
    expect(scan.code).toBe(0);
    expect(scan.stderr).toBe("");
    expect(scan.stdout.split("\n").slice(0, 2)).toEqual(["tree/application.yml", "  ✓ svc (Spring resilience4j, line 4:7)"]);
    expect(await runCli(["check", "tree/blob.json"])).toEqual({ code: 2, stdout: "", stderr: "error: tree/blob.json is not a text file (it holds binary data)\n" });
  });

  it("a file over 10 MB: skipped with one line while scanning, refused when named", async () => {
    write("big/huge.yaml", `kind: Job\n#${"x".repeat(10 * 1024 * 1024)}\n`);
    const scan = await runCli(["check", "big"]);
    expect(scan).toEqual({ code: 0, stdout: "✓ no limits given (--max-total, --max-delay, …), no retry policy found in 0 files; 1 skipped\n", stderr: "warning: skipped big/huge.yaml: larger than 10 MB (10485772 bytes)\n" });
    expect(await runCli(["check", "big/huge.yaml"])).toEqual({ code: 2, stdout: "", stderr: "error: big/huge.yaml is 10485772 bytes; backoff reads configuration files of at most 10 MB\n" });
  });
});

describe("decode: UTF-8 text or null", () => {
  it("text as it is, its byte-order mark dropped", () => {
    expect(decode(Buffer.from("a: café\n", "utf8"))).toBe("a: café\n");
    expect(decode(Buffer.from("\uFEFFa: 1\n", "utf8"))).toBe("a: 1\n");
    expect(decode(new Uint8Array(0))).toBe("");
  });

  it("null for a NUL in the first 8 KB or bytes that are not UTF-8; a NUL later is text", () => {
    expect(decode(Buffer.from([0x61, 0x00, 0x62]))).toBeNull();
    // é in Latin-1 (0xE9) followed by "\n" is no UTF-8 sequence.
    expect(decode(Buffer.from("caf\xe9\n", "latin1"))).toBeNull();
    const late = Buffer.concat([Buffer.alloc(8192, 0x61), Buffer.from([0x00])]);
    expect(decode(late)).toBe(`${"a".repeat(8192)}\u0000`);
  });
});

describe("scanFile: keys a system does not define (issue 36)", () => {
  const JOB = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  backofLimit: 4\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: m, image: m}]\n";
  it("backoff check on a folder holding job.yaml with backofLimit: 4 exits 1, naming backofLimit at its place", async () => {
    write("job.yaml", JOB);
    const result = await runCli(["check", "."]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: job.yaml:6:3: unknown key "backofLimit" in a Job\'s spec; did you mean "backoffLimit"? Kubernetes uses its default, 6 retries\n');
    // Under its own rule, before the Job, which is still checked with the default its spec leaves it; the verdict counts it apart from the policies.
    const lines = result.stdout.split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "job.yaml",
      '  ✗ backofLimit (Kubernetes Job, line 6:3): unknown key "backofLimit" in a Job\'s spec; did you mean "backoffLimit"? Kubernetes uses its default, 6 retries',
      "  ✓ migrate (Kubernetes Job, line 5:1)",
    ]);
    // The Job itself retries every failed pod (no podFailurePolicy, issue 41): a warning beside the unknown key.
    expect(lines.at(-2)).toBe("✗ 1 unknown key, 1 policy in 1 file; 1 warning");
  });
  it("in every format under the rule unknown-key: JSON, SARIF, JUnit, GitLab, GitHub annotations", async () => {
    write("job.yaml", JOB);
    const message = 'unknown key "backofLimit" in a Job\'s spec; did you mean "backoffLimit"? Kubernetes uses its default, 6 retries';
    const json = JSON.parse((await runCli(["check", ".", "--format", "json"])).stdout);
    expect(json.invalid).toEqual([{ file: "job.yaml", line: 6, column: 3, system: "kubernetes-job", name: "backofLimit", reason: message, rule: "unknown-key" }]);
    const sarif = JSON.parse((await runCli(["check", ".", "--format", "sarif"])).stdout);
    const run = sarif.runs[0];
    const result = run.results.find((r: { ruleId: string }) => r.ruleId === "unknown-key");
    expect([run.tool.driver.rules[result.ruleIndex].id, result.level, result.message.text]).toEqual(["unknown-key", "error", `backofLimit (Kubernetes Job): ${message}`]);
    expect((await runCli(["check", ".", "--format", "junit"])).stdout).toContain(`<failure type="unknown-key" message="unknown-key: unknown key &quot;backofLimit&quot;`);
    const gitlab = JSON.parse((await runCli(["check", ".", "--format", "gitlab"])).stdout);
    expect(gitlab.map((i: { check_name: string; description: string }) => [i.check_name, i.description])).toEqual([
      ["unknown-key", `backofLimit (Kubernetes Job): ${message}`],
      // The Job's own finding (issue 41): it retries every failed pod, 1 + 6 tries.
      [
        "retries-everything",
        "migrate (Kubernetes Job): retries-everything: retries every error (no podFailurePolicy: every failed pod), permanent failures too: a request that cannot succeed is tried 7 times; retry only the errors that are transient (spec.podFailurePolicy of the Job: a FailJob rule on the exit codes of the failures that are permanent)",
      ],
    ]);
    const github = await runCli(["check", "."], { env: { GITHUB_ACTIONS: "true" } });
    expect(github.stdout).toContain(`::error file=job.yaml,line=6,col=3,title=backoff check::backofLimit: unknown-key: ${message}\n`);
  });
  it("spelt right: exit 0, nothing on stderr", async () => {
    write("job.yaml", JOB.replace("backofLimit", "backoffLimit"));
    const result = await runCli(["check", "."]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
  });
});

// resilience4j v2.4.0 InstanceProperties (maxAttempts, waitDuration, retryExceptions, ...); Kafka's CommonClientConfigs.
describe("scanFile: a Spring file's and a Kafka client's misspelt keys (issue 36)", () => {
  const APP = "resilience4j.retry.instances.svc.maxAtempts=5\nresilience4j.retry.instances.svc.wait-duration=1s\nresilience4j.retry.instances.svc.retry-exceptions=java.io.IOException\n";
  it("application.properties with maxAtempts and producer.properties with retry.backof.ms: exit 1, each named at its line", async () => {
    write("application.properties", APP);
    write("producer.properties", "bootstrap.servers=broker:9092\nretries=3\nretry.backof.ms=500\n");
    const result = await runCli(["check", "."]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: application.properties:1:1: unknown key "maxAtempts" in a resilience4j retry instance; did you mean "maxAttempts"? resilience4j uses its default, 3 attempts\n' +
        'error: producer.properties:3:1: unknown key "retry.backof.ms" in a Kafka client\'s properties; did you mean "retry.backoff.ms"? the client uses its default, 100 ms\n',
    );
    // The instance is still checked, with the default its typo leaves it: 3 attempts, 2 retries of 1 s.
    expect(result.stdout).toContain("  ✓ svc (Spring resilience4j, line 1:1)\n    2 retries (3 tries): worst-case total 2 s");
    expect(result.stdout.split("\n").at(-2)).toBe("✗ 2 unknown keys, 2 policies in 2 files");
  });
  it("spelt right (kebab-case or camelCase, as Spring binds both): exit 0, nothing on stderr", async () => {
    write("application.properties", APP.replace("maxAtempts", "max-attempts"));
    write("producer.properties", "bootstrap.servers=broker:9092\nretries=3\nretry.backoff.ms=500\n");
    const result = await runCli(["check", "."]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
  });
});
