import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { FILE_ENDINGS, kindOfName } from "../../src/cli/check/discover.js";
import { tempDir } from "../support/files.js";
import { REPOSITORY } from "../../src/cli/shared/version.js";
import { ROOT } from "../support/paths.js";

// The pre-commit hook (.pre-commit-hooks.yaml) run by the real pre-commit (Debian's package,
// which .ci/run installs): `pre-commit run` installs the hook from a clone of this repository (pre_commit/languages/node.py, 3.0.4: `npm install` in the repository,
// `npm pack`, `npm install -g` of the tarball into the hook's environment), then runs it on
// the staged files of a scratch project. Without pre-commit the test is skipped, except in CI.

const hooks = parse(readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as Array<{ id: string; entry: string; language: string; files: string; types: string[] }>;

describe("the backoff-check hook's manifest", () => {
  it("is one node hook running check on the files check reads, passing over files with no policy", () => {
    expect(hooks.map((hook) => [hook.id, hook.language, hook.entry])).toEqual([["backoff-check", "node", "backoff check --any-file"]]);
  });

  it("matches the names check DIR reads, in any case: the endings of FILE_ENDINGS, the list discovery reads by", () => {
    // pre-commit's `files` is a Python regular expression searched in each name; (?i) at its
    // start ignores case throughout. The pattern written out from discovery's own list:
    const endings = FILE_ENDINGS.map(([ending]) => ending.slice(1));
    expect(endings).toEqual(["json", "yaml", "yml", "properties", "toml", "asl"]);
    expect(hooks[0]!.files).toBe(`(?i)\\.(${endings.join("|")})$`);
    // The same pattern in JavaScript's terms (the (?i) prefix as the i flag), on names check
    // reads and names it passes over (discover.ts kindOfName).
    const files = new RegExp(hooks[0]!.files.replace(/^\(\?i\)/, ""), "i");
    const names = ["retry.json", "a/b/virtual-service.yaml", "workflow.yml", "application.properties", "order.asl", "order.asl.json", "order.asl.yaml", "traefik.toml", "dynamic/Middlewares.TOML", "RETRY.YAML", "Retry.Yml", "APP.JSON", "README.md", "main.go", "retry.json5", "x.yaml.bak", "toml", "Cargo.lock"];
    expect(names.filter((name) => files.test(name))).toEqual(["retry.json", "a/b/virtual-service.yaml", "workflow.yml", "application.properties", "order.asl", "order.asl.json", "order.asl.yaml", "traefik.toml", "dynamic/Middlewares.TOML", "RETRY.YAML", "Retry.Yml", "APP.JSON"]);
    for (const name of names) expect(files.test(name), name).toBe(kindOfName(name) !== null);
  });
});

const hasPreCommit = spawnSync("pre-commit", ["--version"], { encoding: "utf8" }).status === 0;
if (!hasPreCommit && process.env["CI"] === "true") throw new Error("pre-commit is needed for the pre-commit hook test in CI (.ci/run installs Debian's pre-commit)");
if (!hasPreCommit) console.warn("skipping the pre-commit hook test: pre-commit is not installed (apt-get install pre-commit)");

describe.skipIf(!hasPreCommit)("the backoff-check hook under pre-commit", () => {
  const home = tempDir("pre-commit-home");
  const project = tempDir("pre-commit-project");
  const hookRepo = tempDir("pre-commit-hook-repo");
  const git = (cwd: string, ...args: string[]) => {
    const result = spawnSync("git", args, { cwd, encoding: "utf8" });
    expect(result.status, `git ${args.join(" ")}: ${result.stderr}`).toBe(0);
    return result.stdout;
  };
  // The hook's repository as pre-commit clones it: this one as it is in the working tree
  // (what `pre-commit try-repo` makes too, but once for both runs, so the hook's environment,
  // keyed by repository and revision, is installed once).
  git(hookRepo, "clone", "-q", "--no-local", ROOT, ".");
  for (const name of git(ROOT, "ls-files", "-z", "--modified", "--others", "--exclude-standard").split("\0").filter(Boolean)) {
    if (existsSync(join(ROOT, name))) cpSync(join(ROOT, name), join(hookRepo, name));
    else rmSync(join(hookRepo, name), { force: true });
  }
  for (const [key, value] of [["user.email", "test@example.com"], ["user.name", "test"]] as const) {
    git(hookRepo, "config", key, value);
    git(project, "init", "-q");
    git(project, "config", key, value);
  }
  git(hookRepo, "add", "-A");
  git(hookRepo, "commit", "-q", "--allow-empty", "-m", "the working tree");
  const rev = git(hookRepo, "rev-parse", "HEAD").trim();
  writeFileSync(join(project, ".pre-commit-config.yaml"), `repos:\n  - repo: ${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: backoff-check\n`);
  const run = () => {
    const { COLUMNS: _c, FORCE_COLOR: _f, NO_COLOR: _n, ...env } = process.env;
    const result = spawnSync("pre-commit", ["run"], { cwd: project, encoding: "utf8", env: { ...env, PRE_COMMIT_HOME: home }, timeout: 600_000 });
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it("fails (exit 1) on a staged policy that breaks its limit, passing over a staged file with no policy", () => {
    // 1 + 2 + 4 + 8 s = 15 s after attempt 4: over the 10 s limit.
    writeFileSync(join(project, "retry.json"), '{"base": "1s", "attempts": 8, "assert": {"max-total": "10s"}}\n');
    writeFileSync(join(project, "package.json"), '{"name": "app"}\n');
    git(project, "add", "retry.json", "package.json", ".pre-commit-config.yaml");
    const result = run();
    expect(result.output).toContain("✗ max-total 10 s: worst case 4 min 15 s (first over the limit at attempt 4)");
    expect(result.output).toContain("- exit code: 1");
    expect(result.code).toBe(1);
  }, 600_000);

  it("passes (exit 0) once the policy holds", () => {
    // 1 + 2 + 4 + 8 + 16 = 31 s, under 5 min; the 30 s cap is never reached.
    writeFileSync(join(project, "retry.json"), '{"base": "1s", "cap": "30s", "attempts": 5, "assert": {"max-total": "5m"}}\n');
    git(project, "add", "retry.json");
    const result = run();
    expect(result.output).toMatch(/backoff check \(retry policies\)\.+Passed/);
    expect(result.code).toBe(0);
  }, 600_000);

  it("fails (exit 1) on a staged bad Traefik traefik.toml and an upper-case RETRY.YAML, which check DIR reads and the hook once skipped", () => {
    git(project, "commit", "-q", "--no-verify", "-m", "the good policy");
    writeFileSync(join(project, ".pre-commit-config.yaml"), `repos:\n  - repo: ${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: backoff-check\n        args: [--max-total, 10s]\n`);
    // attempts 2 is one retry; its interval 10 s, cenkalti's ±50 % at its top: 10/2 + 10 = 15 s.
    writeFileSync(join(project, "traefik.toml"), '[http.middlewares]\n  [http.middlewares.orders-retry.retry]\n    attempts = 2\n    initialInterval = "10s"\n');
    // 1 + 2 + 4 + … + 128 s = 255 s = 4 min 15 s; 1 + 2 + 4 + 8 = 15 s first passes 10 s at attempt 4.
    writeFileSync(join(project, "RETRY.YAML"), "base: 1s\nattempts: 8\n");
    git(project, "add", "traefik.toml", "RETRY.YAML", ".pre-commit-config.yaml");
    const result = run();
    expect(result.output).toContain("traefik.toml\n  ✗ orders-retry (Traefik retry middleware, line 2:34)\n");
    expect(result.output).toContain("✗ max-total 10 s: worst case 15 s (first over the limit at attempt 1)");
    expect(result.output).toContain("RETRY.YAML\n  ✗ RETRY.YAML (backoff config, line 1:1)\n");
    expect(result.output).toContain("✗ max-total 10 s: worst case 4 min 15 s (first over the limit at attempt 4)");
    expect(result.output).toContain("✗ 2 of 2 limits broken, 2 policies in 2 files");
    expect(result.output).toContain("- exit code: 1");
    expect(result.code).toBe(1);
  }, 600_000);

  it("takes the documented .pre-commit-config.yaml (docs/ci.md) without the mutable-reference warning: its rev is the release tag of package.json's version", () => {
    const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    const docs = readFileSync(join(ROOT, "docs", "ci.md"), "utf8");
    const block = /```yaml\n(repos:\n[\s\S]*?)```/.exec(docs)?.[1];
    expect(block).toBeDefined();
    expect(block).toContain(`    rev: v${version}\n`);
    // README's short form pins the same tag.
    expect(/^ {2}rev: (\S+)/m.exec(readFileSync(join(ROOT, "README.md"), "utf8"))?.[1]).toBe(`v${version}`);
    const validate = (config: string) => {
      writeFileSync(join(project, "documented.yaml"), config);
      const result = spawnSync("pre-commit", ["validate-config", "documented.yaml"], { cwd: project, encoding: "utf8", env: { ...process.env, PRE_COMMIT_HOME: home } });
      rmSync(join(project, "documented.yaml"));
      return { code: result.status, output: `${result.stdout}${result.stderr}` };
    };
    const documented = validate(block!);
    expect(documented).toEqual({ code: 0, output: "" });
    // The warning the tag avoids, drawn by the `rev: v1` the docs had (pre-commit's clientlib.py: a rev with no "." that is not a hash).
    const moving = validate(block!.replace(`rev: v${version}`, "rev: v1"));
    expect(moving.output).toContain(`[WARNING] The 'rev' field of repo '${REPOSITORY.url}' appears to be a mutable reference (moving tag / branch).`);
  });
});
