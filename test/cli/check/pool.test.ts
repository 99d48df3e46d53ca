import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Candidate } from "../../../src/cli/check/discover.js";
import { type ScanEvent, type WalkEvent, scanInOrder } from "../../../src/cli/check/pool.js";
import type { FileOutcome } from "../../../src/cli/check/scan-file.js";
import { spawnBin } from "../../support/bin.js";
import { runCli } from "../../support/cli.js";
import { tempDir } from "../../support/files.js";
import { emptyOutcome } from "../../support/outcomes.js";

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
  // Met on the way, between the files: a syntax error (a finding, rule unreadable), and skips: a template, a placeholder, a link loop.
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
    // 150 Jobs and the one backoff config; one file unreadable, two skipped, and the link loop.
    expect(json.totals.policies).toBe(151);
    expect(json.totals.files_scanned).toBe(154);
    expect(json.invalid.map((s: { file: string; rule: string }) => [s.file, s.rule])).toEqual([["jobs/job-020-broken.yaml", "unreadable"]]);
    expect(json.skipped.map((s: { file: string }) => s.file)).toEqual(["jobs/job-040-helm.yaml", "jobs/job-060-env.yaml", "jobs/loop/up"]);
  });

  it("writes the same JSON with GitHub annotations beside it (on standard error) as without", async () => {
    setUp(150);
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
    // The 150 Jobs, the backoff config in zz/ (read after the bad file) and the invalid one; one file unreadable, two files and the link loop skipped.
    expect(pooled.stdout.split("\n").at(-2)).toBe("✗ 1 unreadable file, 1 invalid policy, 152 policies in 152 files; 150 warnings, 3 skipped");
    // Files are read in name order: the unreadable file and two skips before job-100-bad.yaml, its error, then the link loop in jobs/loop/.
    expect(pooled.stderr).toBe(
      "error: jobs/job-020-broken.yaml:4:1: cannot be read, so none of its retry settings is checked: YAML: Flow map in block collection must be sufficiently indented and end with a }\n" +
        "warning: skipped jobs/job-040-helm.yaml: a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -\n" +
        'warning: skipped jobs/job-060-env.yaml:6:17: env (Kubernetes Job) not checked: backoffLimit of Job "env" is a placeholder, "${RETRIES}"; its value is known only where it is rendered\n' +
        'error: jobs/job-100-bad.yaml:6:17: backoffLimit of Job "bad" must be a whole number, got the string "three"\n' +
        "warning: skipped jobs/loop/up: a symbolic link loop (leads back to jobs)\n",
    );
    const inline = await runCli(["check", "jobs"]);
    expect(pooled).toEqual({ code: inline.code, stdout: inline.stdout, stderr: inline.stderr });
  });
});

// scanInOrder in this process: the tests run the TypeScript sources, which a worker cannot
// load, so every file is read by `inline`, on this thread, in the walk's order (the pooled
// path is held to the same output by the tests above, through the built binary).
describe("scanInOrder on the main thread", () => {
  const candidate = (name: string): Candidate => ({ path: name, name, kind: "yaml", named: false, helmTemplate: false });
  const outcome = (name: string): FileOutcome => emptyOutcome({ usageError: name === "bad.yaml" ? "bad input" : null });

  const walkOf = (events: readonly (WalkEvent | Error)[]): Iterator<WalkEvent> =>
    (function* () {
      for (const event of events) {
        if (event instanceof Error) throw event;
        yield event;
      }
    })();
  const file = (name: string): WalkEvent => ({ kind: "candidate", candidate: candidate(name) });
  const skip = (name: string): WalkEvent => ({ kind: "skip", skip: { name, reason: "a symbolic link loop" } });
  const shown = (event: ScanEvent) => (event.kind === "skip" ? `skip ${event.skip.name}` : `${event.candidate.name} ${event.outcome.usageError ?? "ok"}`);
  const settings = { explicit: {} };

  /** The events shown in order, and the error that ended them (null: none). */
  async function scanned(walk: Iterator<WalkEvent>, inline: (c: Candidate) => Promise<FileOutcome>, pool = true): Promise<{ events: string[]; error: string | null }> {
    const events: string[] = [];
    try {
      for await (const event of scanInOrder(walk, settings, inline, pool)) events.push(shown(event));
    } catch (error) {
      return { events, error: (error as Error).message };
    }
    return { events, error: null };
  }

  it("each candidate as its outcome and each skip in its place, in the walk's order, one read at a time", async () => {
    const read: string[] = [];
    const inline = async (c: Candidate) => {
      read.push(c.name);
      // The later files answer first: the order is still the walk's.
      await new Promise<void>((resolve) => setTimeout(resolve, c.name === "a.yaml" ? 20 : 0));
      return outcome(c.name);
    };
    const result = await scanned(walkOf([file("a.yaml"), skip("loop"), file("bad.yaml"), file("c.yaml")]), inline);
    expect(result).toEqual({ events: ["a.yaml ok", "skip loop", "bad.yaml bad input", "c.yaml ok"], error: null });
    expect(read).toEqual(["a.yaml", "bad.yaml", "c.yaml"]);
    // Without the pool (standard input among the paths) it is the same.
    expect(await scanned(walkOf([file("a.yaml"), skip("loop")]), inline, false)).toEqual({ events: ["a.yaml ok", "skip loop"], error: null });
  });

  it("an error the walk throws comes out in its place, after everything met before it", async () => {
    const result = await scanned(walkOf([file("a.yaml"), skip("loop"), new Error('cannot read "gone": no such file or directory'), file("never.yaml")]), async (c) => outcome(c.name));
    expect(result).toEqual({ events: ["a.yaml ok", "skip loop"], error: 'cannot read "gone": no such file or directory' });
  });

  it("a file whose read throws (a bug in backoff) stops the scan in its turn, after the outcomes before it", async () => {
    // pool.ts: a crash is thrown when its turn comes, after the files before it (run.ts reports it as an internal error).
    const inline = async (c: Candidate) => {
      if (c.name === "b.yaml") throw new Error("boom");
      return outcome(c.name);
    };
    expect(await scanned(walkOf([file("a.yaml"), skip("loop"), file("b.yaml"), file("c.yaml")]), inline)).toEqual({ events: ["a.yaml ok", "skip loop"], error: "boom" });
  });

  it("an empty walk yields nothing", async () => {
    expect(await scanned(walkOf([]), async (c) => outcome(c.name))).toEqual({ events: [], error: null });
  });
});

// Issue 38, item 2: a file that costs a worker its memory or its time budget is one skipped
// file; the worker is replaced and every other file is reported. The budget is lowered
// through BACKOFF_CHECK_FILE_MB / BACKOFF_CHECK_FILE_MS so that a valid but heavy file
// (2 MB of tables 62 levels deep, about 2 s and 100 MB to read) runs over it.
describe("one file can never end the scan (issue 38, item 2)", () => {
  const traefik = (name: string) => `[http.middlewares.${name}.retry]\nattempts = 4\ninitialInterval = "100ms"\n`;
  const heavy = () => {
    const header = Array.from({ length: 62 }, () => "a").join(".");
    const tables: string[] = [];
    for (let k = 0; tables.length * 140 < 2_000_000; k++) tables.push(`[${header}.k${k}]\nx = 1\n`);
    return traefik("heavy") + tables.join("");
  };

  it("the issue's TOML (a header of 100,000 parts beside a retry middleware) is one finding at its place; the good file beside it is reported", () => {
    write("repo/a-hostile.toml", `[http.middlewares.x.retry]\nattempts = 3\n[${Array.from({ length: 100_000 }, () => "a").join(".")}]\n`);
    write("repo/b-good.toml", traefik("good"));
    const result = spawnBin(["check", "repo"], { cwd: dir });
    // Its retry middleware goes unchecked: a finding (rule unreadable, issue 36, item 2), an error.
    expect(result.code).toBe(1);
    // Column 2 + 64 × 2: the 65th part; the good middleware's key "retry" at 1 + "[http.middlewares.good.".length.
    expect(result.stderr.split("\n")[0]).toBe("error: repo/a-hostile.toml:3:130: cannot be read, so none of its retry settings is checked: TOML: a table header nested deeper than 64 levels");
    expect(result.stdout).toContain("repo/b-good.toml\n  ✓ good (Traefik retry middleware, line 1:24)");
    expect(result.stdout.split("\n").at(-2)).toBe("✗ 1 unreadable file, 1 policy in 1 file");
  });

  it("out of memory: a few files (the large one on a worker of its own) and a pool of them alike", () => {
    write("few/a-heavy.toml", heavy());
    write("few/b-good.toml", traefik("good"));
    const few = spawnBin(["check", "few", "--format", "json"], { cwd: dir, env: { BACKOFF_CHECK_FILE_MB: "16" } });
    expect(few.code).toBe(0);
    expect(few.stderr).toBe("warning: skipped few/a-heavy.toml: not read: reading it needed more than 16 MB of memory\n");
    const json = JSON.parse(few.stdout);
    expect(json.policies.map((p: { file: string }) => p.file)).toEqual(["few/b-good.toml"]);
    expect(json.skipped).toEqual([{ file: "few/a-heavy.toml", line: null, column: null, reason: "not read: reading it needed more than 16 MB of memory" }]);

    setUp(150);
    // Twice, so that the worker which replaced the first is ended too; the files of its batch after the heavy one are read again.
    write("jobs/job-050-heavy.toml", heavy());
    write("jobs/job-120-heavy.toml", heavy());
    const pooled = spawnBin(["check", "jobs"], { cwd: dir, env: { BACKOFF_CHECK_FILE_MB: "16" } });
    // setUp's broken file is unreadable (an error), as without the heavy files.
    expect(pooled.code).toBe(1);
    expect(pooled.stderr.split("\n").filter((line) => line.includes("heavy"))).toEqual([
      "warning: skipped jobs/job-050-heavy.toml: not read: reading it needed more than 16 MB of memory",
      "warning: skipped jobs/job-120-heavy.toml: not read: reading it needed more than 16 MB of memory",
    ]);
    // The 150 Jobs and the backoff config, as without the heavy files; 3 skipped before, 2 more now.
    expect(pooled.stdout.split("\n").at(-2)).toBe("✗ 1 unreadable file, 151 policies in 151 files; 150 warnings, 5 skipped");
  });

  it("out of time: the file over the budget is skipped, the others read", () => {
    write("few/a-heavy.toml", heavy());
    write("few/b-good.toml", traefik("good"));
    const result = spawnBin(["check", "few"], { cwd: dir, env: { BACKOFF_CHECK_FILE_MS: "1" } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("warning: skipped few/a-heavy.toml: not read: reading it took longer than 0.001 s\n");
    expect(result.stdout.split("\n").at(-2)).toBe("✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 1 skipped");
    expect(spawnBin(["check", "few"], { cwd: dir, env: { BACKOFF_CHECK_FILE_MS: "soon" } })).toMatchObject({ code: 2, stderr: 'error: BACKOFF_CHECK_FILE_MS must be a whole number from 1 to 3600000, got "soon"\n' });
  });
});
