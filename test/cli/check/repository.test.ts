import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repositoryRoot, sourceRoot } from "../../../src/cli/check/repository.js";
import { runCli } from "../../support/cli.js";
import { useTempCwd } from "../../support/files.js";
import { validateSarif } from "../../support/sarif.js";

// src/cli/check/repository.ts: the repository's root (the nearest folder at or above the
// working directory holding .git, else the working directory), in a scratch repository the
// test makes, and check's SARIF named from it whatever the directory check runs in.
const { write, dir } = useTempCwd("repository");
const here = () => realpathSync(dir());

describe("repositoryRoot", () => {
  it("the nearest folder holding .git, at or above the directory; a worktree's .git file counts", () => {
    mkdirSync(join(here(), "repo", ".git", "objects"), { recursive: true });
    mkdirSync(join(here(), "repo", "deploy", "prod"), { recursive: true });
    expect(repositoryRoot(join(here(), "repo", "deploy", "prod"))).toBe(join(here(), "repo"));
    expect(repositoryRoot(join(here(), "repo"))).toBe(join(here(), "repo"));
    mkdirSync(join(here(), "repo", "nested", "src"), { recursive: true });
    writeFileSync(join(here(), "repo", "nested", ".git"), "gitdir: ../.git/worktrees/nested\n");
    expect(repositoryRoot(join(here(), "repo", "nested", "src"))).toBe(join(here(), "repo", "nested"));
  });

  it("no .git above: the directory itself", () => {
    // The scratch directory lies under the system's temporary directory, which no repository holds.
    mkdirSync(join(here(), "plain", "sub"), { recursive: true });
    expect(repositoryRoot(join(here(), "plain", "sub"))).toBe(join(here(), "plain", "sub"));
  });
});

describe("sourceRoot", () => {
  it("the root's file URI (ending /) and the working directory from it, each segment encoded", () => {
    mkdirSync(join(here(), "repo", ".git"), { recursive: true });
    mkdirSync(join(here(), "repo", "my dir", "x"), { recursive: true });
    expect(sourceRoot(join(here(), "repo", "my dir", "x"))).toEqual({ uri: `${pathToFileURL(join(here(), "repo")).href}/`, cwd: "my%20dir/x/" });
    expect(sourceRoot(join(here(), "repo")).cwd).toBe("");
  });
});

describe("check --format sarif from a subfolder of a repository", () => {
  // Exponential 1 s doubling, 8 retries, no cap: 255 s, over 1 min from attempt 6 (63 s).
  const BROKEN = '{"base": "1s", "attempts": 8}\n';

  it("names files from the repository's root: the same URIs, fingerprints and %SRCROOT% from the root and from two subfolders", async () => {
    mkdirSync(".git");
    write("deploy/retry.json", BROKEN);
    mkdirSync("test");
    const fromRoot = await runCli(["check", "deploy/retry.json", "--max-total", "1m", "--format", "sarif"]);
    process.chdir("test");
    // The case: cd test, then a path through ../.
    const fromTest = await runCli(["check", "../deploy/retry.json", "--max-total", "1m", "--format", "sarif"]);
    process.chdir("../deploy");
    const fromDeploy = await runCli(["check", "retry.json", "--max-total", "1m", "--format", "sarif"]);
    process.chdir("..");
    for (const run of [fromRoot, fromTest, fromDeploy]) {
      expect(run.code).toBe(1);
      const doc = JSON.parse(run.stdout);
      expect(validateSarif(doc)).toEqual([]);
      const [sarifRun] = doc.runs;
      expect(sarifRun.originalUriBaseIds["%SRCROOT%"].uri).toBe(`${pathToFileURL(here()).href}/`);
      expect(sarifRun.results.map((r: { ruleId: string; locations: [{ physicalLocation: { artifactLocation: unknown } }] }) => [r.ruleId, r.locations[0].physicalLocation.artifactLocation])).toEqual([
        ["max-total", { uri: "deploy/retry.json", uriBaseId: "%SRCROOT%" }],
        ["no-cap", { uri: "deploy/retry.json", uriBaseId: "%SRCROOT%" }],
      ]);
    }
    const prints = (run: { stdout: string }) => JSON.parse(run.stdout).runs[0].results.map((r: { partialFingerprints: unknown }) => r.partialFingerprints);
    expect(prints(fromTest)).toEqual(prints(fromRoot));
    expect(prints(fromDeploy)).toEqual(prints(fromRoot));
  });
});
