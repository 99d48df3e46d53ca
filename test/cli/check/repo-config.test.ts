import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findRepoConfig } from "../../../src/cli/check/repo-config.js";
import { repositoryRoot } from "../../../src/cli/check/repository.js";
import { runCli } from "../../support/cli.js";
import { useTempCwd } from "../../support/files.js";

// The repository config of `check PATH…` (issue 37, item 1), in a scratch git repository
// each test makes in its own temporary directory (removed after it).
const { write, dir } = useTempCwd("repoconfig");

/** A git repository in the working directory (`git init`), as a team's checkout is. */
const gitInit = () => execFileSync("git", ["init", "-q", dir()], { stdio: "ignore" });

// retry.json: exponential 10 s, no cap, 4 retries: 10 + 20 + 40 + 80 = 150 s (2 min 30 s),
// largest delay 80 s (1 min 20 s); total(2) = 30 s, total(3) = 70 s, so a 1 min limit breaks at attempt 3.
const UNCAPPED = '{"base": "10s", "attempts": 4}\n';
// capped.json: exponential 1 s, cap 4 s, 3 retries: 1 + 2 + 4 = 7 s.
const CAPPED = '{"base": "1s", "cap": "4s", "attempts": 3}\n';

describe("the repository config found by check PATH (issue 37, item 1)", () => {
  it("is found at the repository's root from a subfolder, and the text report's first line names it", async () => {
    gitInit();
    write(".backoff.yaml", "assert:\n  max-total: 1m\n");
    write("deploy/retry.json", UNCAPPED);
    process.chdir(join(dir(), "deploy"));
    expect(findRepoConfig()).toBe(join(dir(), ".backoff.yaml"));
    const result = await runCli(["check", "."]);
    expect(result.code).toBe(1);
    const lines = result.stdout.split("\n");
    expect(lines[0]).toBe("config: ../.backoff.yaml");
    expect(lines[1]).toBe("retry.json");
    expect(lines).toContain("    ✗ max-total 1 min: worst case 2 min 30 s (first over the limit at attempt 3)");
  });

  it("two configs at the root: the first of .backoff.yaml, .yml, .json is read, and a warning says the other is not", async () => {
    gitInit();
    write(".backoff.yaml", "assert:\n  max-total: 1m\n");
    write(".backoff.json", '{"assert": {"max-total": "10m"}}\n');
    write("retry.json", UNCAPPED);
    const result = await runCli(["check", "."]);
    // The YAML's 1 min is the limit (2 min 30 s breaks it), the JSON's 10 min is not read.
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n")[0]).toBe("config: .backoff.yaml");
    expect(result.stderr).toBe("warning: .backoff.json is not read: .backoff.yaml is the repository config (the first of .backoff.yaml, .backoff.yml, .backoff.json); keep one\n");
    // --config names one: no warning.
    expect((await runCli(["check", ".", "--config", ".backoff.json"])).stderr).toBe("");
  });

  it("is the working directory's when no folder above holds .git", () => {
    mkdirSync(join(dir(), "a"));
    process.chdir(join(dir(), "a"));
    // The temporary directory is under no repository (global-setup.ts points TMPDIR at one of its own).
    expect(repositoryRoot()).toBe(join(dir(), "a"));
    expect(findRepoConfig()).toBeNull();
  });

  it("flags override the file's limits; --no-config reads none; --config FILE names another beside PATH", async () => {
    gitInit();
    write(".backoff.yaml", "assert:\n  max-total: 1m\n");
    write("retry.json", UNCAPPED);
    write("ci/strict.json", '{"assert": {"max-total": "2m"}}\n');
    const flagged = await runCli(["check", "retry.json", "--max-total", "3m"]);
    expect(flagged.code).toBe(0);
    expect(flagged.stdout).toContain("    ✓ max-total 3 min: worst case 2 min 30 s\n");
    const none = await runCli(["check", "retry.json", "--no-config"]);
    expect(none.stdout.split("\n")[0]).toBe("retry.json");
    expect(none.stdout).toContain("✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 1 warning\n");
    expect(none.code).toBe(0);
    const named = await runCli(["check", "retry.json", "--config", "ci/strict.json"]);
    expect(named.stdout.split("\n")[0]).toBe("config: ci/strict.json");
    expect(named.stdout).toContain("    ✗ max-total 2 min: worst case 2 min 30 s (first over the limit at attempt 4)");
    expect(named.code).toBe(1);
  });

  it("overrides apply in order to the files they match, the later winning", async () => {
    gitInit();
    write(
      ".backoff.yaml",
      ["assert:", "  max-total: 1m", "overrides:", "  - files: [batch/**]", "    assert: {max-total: 2m}", "  - files: [batch/nightly/**]", "    assert: {max-total: 3m}", ""].join("\n"),
    );
    write("api/retry.json", UNCAPPED);
    write("batch/retry.json", UNCAPPED);
    write("batch/nightly/retry.json", UNCAPPED);
    const result = await runCli(["check", "."]);
    expect(result.code).toBe(1);
    const out = result.stdout;
    // 150 s: over 1 min (api) and 2 min (batch), within 3 min (nightly, the later override).
    expect(out).toContain("api/retry.json\n  ✗ retry.json (backoff config, line 1:1)\n");
    expect(out).toContain("    ✗ max-total 1 min: worst case 2 min 30 s (first over the limit at attempt 3)\n");
    expect(out).toContain("    ✗ max-total 2 min: worst case 2 min 30 s (first over the limit at attempt 4)\n");
    expect(out).toContain("    ✓ max-total 3 min: worst case 2 min 30 s\n");
  });

  it("rules set a level per rule: no-cap an error fails without --strict, off is not reported, and overrides set them per folder", async () => {
    gitInit();
    write(".backoff.yaml", ["rules:", "  no-cap: error", "overrides:", "  - files: [legacy/**]", "    rules: {no-cap: off}", ""].join("\n"));
    write("svc/retry.json", UNCAPPED);
    write("legacy/retry.json", UNCAPPED);
    const result = await runCli(["check", "."]);
    expect(result.code).toBe(1);
    // svc's no-cap is an error (✗ under the ✗ policy); legacy's is off, so it is not reported at all.
    expect(result.stdout.match(/[✗⚠] no-cap/g)).toHaveLength(1);
    expect(result.stdout).toContain("    ✗ no-cap: exponential backoff without a cap");
    expect(result.stdout).toContain("svc/retry.json\n  ✗ retry.json");
    expect(result.stdout).toContain("legacy/retry.json\n  ✓ retry.json");
    // The same in every format: GitLab's report lists one no-cap finding, svc's, as a major (an error).
    const gitlab = JSON.parse((await runCli(["check", ".", "--format", "gitlab"])).stdout) as { check_name: string; severity: string; location: { path: string } }[];
    expect(gitlab.map((f) => [f.check_name, f.severity, f.location.path])).toEqual([["no-cap", "major", "svc/retry.json"]]);
  });

  it("a limit lowered to a warning fails only under --strict", async () => {
    gitInit();
    write(".backoff.yaml", "assert: {max-total: 5s}\nrules: {max-total: warning}\n");
    write("capped.json", CAPPED);
    // 7 s against 5 s: broken, a warning by the config's rules.
    const result = await runCli(["check", "capped.json"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("    ⚠ max-total 5 s: worst case 7 s (first over the limit at attempt 3)\n");
    expect((await runCli(["check", "capped.json", "--strict"])).code).toBe(1);
  });

  it("excludes what its globs match, as --exclude does", async () => {
    gitInit();
    write(".backoff.yaml", "exclude: [old/]\nassert: {max-total: 1m}\n");
    write("old/retry.json", UNCAPPED);
    write("capped.json", CAPPED);
    const result = await runCli(["check", "."]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain("old/retry.json");
  });

  it("unknown keys and rules are refused with did-you-mean, at file:line:col (exit 2)", async () => {
    gitInit();
    write("capped.json", CAPPED);
    write(".backoff.yaml", "rulez:\n  no-cap: error\n");
    expect(await runCli(["check", "."])).toEqual({ code: 2, stdout: "", stderr: 'error: .backoff.yaml:1:1: unknown key "rulez" in the top level; did you mean "rules"?\n' });
    write(".backoff.yaml", "rules:\n  no-capp: error\n");
    expect((await runCli(["check", "."])).stderr).toBe('error: .backoff.yaml:2:3: unknown rule "no-capp" in rules; did you mean "no-cap"?\n');
    write(".backoff.yaml", "rules:\n  no-cap: eror\n");
    expect((await runCli(["check", "."])).stderr).toBe('error: .backoff.yaml:2:11: rules.no-cap must be error, warning or off, got "eror"; did you mean "error"?\n');
    write(".backoff.yaml", "overrides:\n  - file: [a/**]\n");
    expect((await runCli(["check", "."])).stderr).toBe('error: .backoff.yaml:2:5: unknown key "file" in overrides[0]; did you mean "files"?\n');
    write(".backoff.yaml", "assert:\n  max-totl: 1m\n");
    expect((await runCli(["check", "."])).stderr).toBe('error: .backoff.yaml:2:3: unknown key "max-totl" in assert; did you mean "max-total"?\n');
  });

  it("a flag that sets a rule's level (--unreachable-retries) overrides the file's rules, as every flag overrides the file", async () => {
    gitInit();
    // 1 s doubling, capped at 30 s, 5 retries: retry 1 starts at 1 s, retry 2 at 1 + 2 = 3 s, after a 2 s deadline: retries 2–5 never fire.
    write("retry.json", '{"base": "1s", "cap": "30s", "attempts": 5}\n');
    write(".backoff.yaml", "rules:\n  unreachable-retries: error\n");
    const byFile = await runCli(["check", "retry.json", "--deadline", "2s"]);
    expect([byFile.code, byFile.stdout.split("\n").at(-2)]).toEqual([1, "✗ no limits broken, but 1 warning is an error (unreachable-retries; 1 policy in 1 file)"]);
    const byFlag = await runCli(["check", "retry.json", "--deadline", "2s", "--unreachable-retries", "warning"]);
    expect([byFlag.code, byFlag.stdout.split("\n").at(-2)]).toEqual([0, "✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 1 warning"]);
    write(".backoff.yaml", "rules:\n  unreachable-retries: off\n");
    expect((await runCli(["check", "retry.json", "--deadline", "2s"])).stdout).not.toContain("unreachable-retries");
    const raised = await runCli(["check", "retry.json", "--deadline", "2s", "--unreachable-retries", "error"]);
    expect([raised.code, raised.stdout]).toEqual([1, expect.stringContaining("    ✗ unreachable-retries: retries 2–5 can never fire: the deadline (2 s) ends first; the last retry that fires is 1, giving up at 2 s\n")]);
  });

  it("grpc-client: the gRPC client service configs are checked as, as --grpc-client (which overrides it)", async () => {
    gitInit();
    // A gRPC service config (gRFC A6): 4 retries from 200 ms, doubling, capped at 1 s; by default the bounds of every client ("union").
    write("service-config.json", '{"methodConfig": [{"name": [{"service": "shop.Orders"}], "retryPolicy": {"maxAttempts": 5, "initialBackoff": "0.2s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}\n');
    write(".backoff.yaml", "grpc-client: java\n");
    const jitter = async (...argv: string[]) => JSON.parse((await runCli(["check", "service-config.json", "--format", "json", ...argv])).stdout).policies[0].options.jitter;
    expect(await jitter()).toBe("java");
    expect(await jitter("--grpc-client", "go")).toBe("go");
    expect(await jitter("--no-config")).toBe("union");
    write(".backoff.yaml", "grpc-client: jav\n");
    expect(await runCli(["check", "."])).toEqual({ code: 2, stdout: "", stderr: 'error: .backoff.yaml:1:14: grpc-client must be one of java, go, js, core, got "jav"; did you mean "java"?\n' });
    write(".backoff.yaml", "grpc-client: [java]\n");
    expect((await runCli(["check", "."])).stderr).toBe("error: .backoff.yaml:1:14: grpc-client must be one of java, go, js, core, got an array\n");
  });

  it("grpc-client per override: a folder's service configs as its own client, the last matching override's, under the flag", async () => {
    gitInit();
    const serviceConfig = '{"methodConfig": [{"name": [{"service": "shop.Orders"}], "retryPolicy": {"maxAttempts": 5, "initialBackoff": "0.2s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}\n';
    for (const folder of ["java-svc", "go-svc", "go-svc/legacy", "other"]) write(`${folder}/service-config.json`, serviceConfig);
    write(
      ".backoff.yaml",
      ["grpc-client: java", "overrides:", "  - files: [go-svc/**]", "    grpc-client: go", "  - files: [go-svc/legacy/**]", "    grpc-client: JS", "  - files: [other/**]", "    rules: {no-cap: off}", ""].join("\n"),
    );
    const clients = async (...argv: string[]) => {
      const policies = JSON.parse((await runCli(["check", ".", "--format", "json", ...argv])).stdout).policies as { file: string; options: { jitter: string } }[];
      return Object.fromEntries(policies.map((p) => [p.file, p.options.jitter]));
    };
    // other/ matches an override that names no client: the top's java.
    expect(await clients()).toEqual({ "go-svc/legacy/service-config.json": "js", "go-svc/service-config.json": "go", "java-svc/service-config.json": "java", "other/service-config.json": "java" });
    expect(await clients("--grpc-client", "core")).toEqual({ "go-svc/legacy/service-config.json": "core", "go-svc/service-config.json": "core", "java-svc/service-config.json": "core", "other/service-config.json": "core" });
    write(".backoff.yaml", ["overrides:", "  - files: [go-svc/**]", "    grpc-client: golang", ""].join("\n"));
    expect(await runCli(["check", "."])).toEqual({ code: 2, stdout: "", stderr: 'error: .backoff.yaml:3:18: overrides[0].grpc-client must be one of java, go, js, core, got "golang"\n' });
  });

  it("a chain beside the settings is read with PATH too: a key it does not take is refused, not passed over", async () => {
    gitInit();
    write("capped.json", CAPPED);
    write(".backoff.yaml", "chain:\n  - spec: istio\n    budgt: envoy\n");
    expect(await runCli(["check", "."])).toEqual({ code: 2, stdout: "", stderr: 'error: .backoff.yaml:3:5: unknown key "budgt" in chain[0]; did you mean "budget"?\n' });
    write(".backoff.yaml", "chain:\n  - spec: istio\n    budget:\n      type: envoy\n      percnt: 20\n");
    expect((await runCli(["check", "."])).stderr).toBe('error: .backoff.yaml:5:7: chain[0].budget: envoy has no parameter "percnt"; did you mean percent? (it takes percent, min, interval)\n');
    write(".backoff.yaml", "chain: [istio]\nassert:\n  max-amplifcation: 3\n");
    expect((await runCli(["check", "."])).stderr).toBe('error: .backoff.yaml:3:3: unknown key "max-amplifcation" in assert; did you mean "max-amplification"?\n');
  });
});

describe("check --config FILE alone applies the file's repository settings to its own policies (issue 37, item 1)", () => {
  // The file's policy: exponential 10 s (factor 2), no cap, no jitter, 4 retries: 10 + 20 + 40 + 80 = 150 s
  // (2 min 30 s); total(3) = 70 s, over 1 min from attempt 3; largest delay 80 s (1 min 20 s) at attempt 4.
  const POLICY = ["base: 10s", "attempts: 4", "assert:", "  max-total: 1m"];

  it("rules' levels, the overrides whose globs match the file (in order) and assert, as check FILE applies them", async () => {
    gitInit();
    write(
      ".backoff.yaml",
      [...POLICY, "rules:", "  max-total: warning", "  no-cap: error", "overrides:", "  - files: [.backoff.yaml]", "    assert: {max-delay: 1m}", "    rules: {no-jitter: off}", "  - files: [other/**]", "    assert: {max-attempts: 1}", ""].join("\n"),
    );
    // --clients 100 would give no-jitter (100 ≥ 10 clients without jitter): off by the first override.
    // max-delay 1 min from the first override: 1 min 20 s breaks it (an error); max-attempts 1 (other/**) does not apply.
    // max-total is broken but a warning by the rules; no-cap is an error: 1 broken limit, 2 warnings.
    const alone = await runCli(["check", "--config", ".backoff.yaml", "--clients", "100"]);
    expect(alone).toEqual({
      code: 1,
      stdout: [
        "⚠ max-total 1 min: worst case 2 min 30 s (first over the limit at attempt 3)",
        "✗ max-delay 1 min: worst delay 1 min 20 s (first over the limit at attempt 4)",
        "✗ no-cap: exponential backoff without a cap: attempt 4 waits 1 min 20 s and the delays grow without limit; set a cap",
        "✗ 1 of 2 limits broken; 2 warnings (no-cap is an error)",
        "",
      ].join("\n"),
      stderr: "",
    });
    // The same findings as check FILE reads them with the file the repository's config.
    const rules = async (argv: string[]) => (JSON.parse((await runCli([...argv, "--format", "gitlab"])).stdout) as { check_name: string }[]).map((f) => f.check_name);
    expect(await rules(["check", "--config", ".backoff.yaml", "--clients", "100"])).toEqual(["max-total", "max-delay", "no-cap"]);
    expect(await rules(["check", ".backoff.yaml", "--clients", "100"])).toEqual(["max-total", "max-delay", "no-cap"]);
  });

  it("a limit lowered to a warning fails only under --strict, a lint raised to an error fails without it, off is not reported", async () => {
    gitInit();
    write(".backoff.yaml", [...POLICY, "rules:", "  max-total: warning", "  no-cap: error", ""].join("\n"));
    const raised = await runCli(["check", "--config", ".backoff.yaml"]);
    expect(raised.code).toBe(1);
    expect(raised.stdout.split("\n").at(-2)).toBe("✗ 1 of 1 limit broken (a warning by the config's rules), but 1 warning is an error (no-cap)");
    write(".backoff.yaml", [...POLICY, "rules:", "  max-total: warning", ""].join("\n"));
    const lowered = await runCli(["check", "--config", ".backoff.yaml"]);
    expect(lowered.code).toBe(0);
    expect(lowered.stdout.split("\n").at(-2)).toBe("✓ 1 of 1 limit broken (a warning by the config's rules); 2 warnings");
    expect((await runCli(["check", ".backoff.yaml"])).code).toBe(0);
    expect((await runCli(["check", "--config", ".backoff.yaml", "--strict"])).code).toBe(1);
    // GitHub annotations: the lowered limit a warning.
    const annotated = await runCli(["check", "--config", ".backoff.yaml"], { env: { GITHUB_ACTIONS: "true" } });
    expect(annotated.stdout.split("\n").find((l) => l.startsWith("::"))).toBe(
      "::warning file=.backoff.yaml,line=1,col=1,title=backoff check::max-total 1 min broken: worst case 2 min 30 s (first over the limit at attempt 3)",
    );
    write(".backoff.yaml", [...POLICY, "rules:", "  max-total: off", "  no-cap: off", ""].join("\n"));
    expect(await runCli(["check", "--config", ".backoff.yaml"])).toEqual({ code: 0, stdout: 'no limits given (--max-total, --min-total, --max-delay, … or "assert" in the config)\n✓ no limits checked\n', stderr: "" });
  });
});
