import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnBin } from "../../../support/bin.js";
import { runCli } from "../../../support/cli.js";
import { tempDir } from "../../../support/files.js";

// A tree of more files than src/cli/check/pool.ts reads on the main thread: the built
// binary shares them out among worker threads, the in-process run (the TypeScript
// sources) reads them one after another. Both must say exactly the same, stderr's order
// and the first error included.
let previousCwd: string;
let dir: string;
beforeEach(() => {
  previousCwd = process.cwd();
  dir = tempDir("checkpool");
  process.chdir(dir);
});
afterEach(() => process.chdir(previousCwd));
const write = (name: string, content: string) => {
  mkdirSync(join(dir, name, ".."), { recursive: true });
  writeFileSync(join(dir, name), content);
};
const job = (i: number) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: job-${i}\nspec:\n  backoffLimit: ${1 + (i % 6)}\n`;
const pad = (i: number) => String(i).padStart(3, "0");

const setUp = (files: number) => {
  for (let i = 0; i < files; i++) write(`jobs/job-${pad(i)}.yaml`, job(i));
  // Skips met on the way, between the files: a syntax error, a template, a placeholder, a link loop.
  write("jobs/job-020-broken.yaml", "apiVersion: batch/v1\nkind: Job\nspec: {backoffLimit: 3\n");
  write("jobs/job-040-helm.yaml", "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  backoffLimit: 2\n");
  write("jobs/job-060-env.yaml", "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: env\nspec:\n  backoffLimit: ${RETRIES}\n");
  mkdirSync(join(dir, "jobs", "loop"));
  symlinkSync("..", join(dir, "jobs", "loop", "up"));
  write("jobs/zz/retry.json", '{"base": "1s", "cap": "30s", "attempts": 5}\n');
};

describe("check DIR on worker threads", () => {
  it("reports what one file after another would, in every format", async () => {
    setUp(150);
    for (const format of ["text", "json", "sarif"]) {
      const args = ["check", "jobs", "--format", format, "--max-total", "30s"];
      const pooled = spawnBin(args, { cwd: dir });
      const inline = await runCli(args);
      expect(pooled).toEqual({ code: inline.code, stdout: inline.stdout, stderr: inline.stderr });
    }
    const json = JSON.parse(spawnBin(["check", "jobs", "--format", "json"], { cwd: dir }).stdout);
    // 150 Jobs and the one backoff config; three files skipped, and the link loop.
    expect(json.totals.policies).toBe(151);
    expect(json.totals.files_scanned).toBe(154);
    expect(json.skipped.map((s: { file: string }) => s.file)).toEqual(["jobs/job-020-broken.yaml", "jobs/job-040-helm.yaml", "jobs/job-060-env.yaml", "jobs/loop/up"]);
  });

  it("writes the same JSON whether each file's policies are rendered where they are checked or from the whole report", async () => {
    setUp(150);
    // Under GITHUB_ACTIONS the annotations need the policies themselves, so the report is rendered from them on the main thread.
    for (const extra of [[], ["--strict"], ["jobs/job-001.yaml"]]) {
      const args = ["check", "jobs", ...extra, "--format", "json", "--max-total", "10s"];
      const rendered = spawnBin(args, { cwd: dir });
      const whole = spawnBin(args, { cwd: dir, env: { GITHUB_ACTIONS: "true" } });
      expect(rendered.stdout).toBe(whole.stdout);
      expect(rendered.code).toBe(whole.code);
    }
    // A file given twice is checked twice and counted once among the files with policies.
    const twice = JSON.parse(spawnBin(["check", "jobs", "jobs/job-001.yaml", "--format", "json"], { cwd: dir }).stdout);
    expect([twice.totals.policies, twice.totals.files_with_policies]).toEqual([152, 151]);
  });

  it("a bad value is a finding in its place among the warnings; every file after it is still read", async () => {
    setUp(150);
    write("jobs/job-100-bad.yaml", 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: bad\nspec:\n  backoffLimit: "three"\n');
    const pooled = spawnBin(["check", "jobs"], { cwd: dir });
    expect(pooled.code).toBe(1);
    // The 150 Jobs, the backoff config in zz/ (read after the bad file) and the invalid one; three files and the link loop skipped.
    expect(pooled.stdout.split("\n").at(-2)).toBe("✗ 1 invalid policy, 152 policies in 152 files; 4 skipped");
    // Files are read in name order: the three skips before job-100-bad.yaml, its error, then the link loop in jobs/loop/.
    expect(pooled.stderr).toBe(
      "warning: skipped jobs/job-020-broken.yaml:4:1: YAML: Flow map in block collection must be sufficiently indented and end with a }\n" +
        "warning: skipped jobs/job-040-helm.yaml: a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -\n" +
        'warning: skipped jobs/job-060-env.yaml:6:17: env (Kubernetes Job) not checked: backoffLimit of Job "env" is a placeholder, "${RETRIES}"; its value is known only where it is rendered\n' +
        'error: jobs/job-100-bad.yaml:6:17: backoffLimit of Job "bad" must be a whole number, got the string "three"\n' +
        "warning: skipped jobs/loop/up: a symbolic link loop (leads back to jobs)\n",
    );
    const inline = await runCli(["check", "jobs"]);
    expect(pooled).toEqual({ code: inline.code, stdout: inline.stdout, stderr: inline.stderr });
  });
});
