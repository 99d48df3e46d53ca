import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Candidate, type DiscoverySkip, MAX_FILE_BYTES, SKIPPED_DIRECTORIES, discover, displayName, reason } from "../../../src/cli/check/discover.js";
import { parseIgnore } from "../../../src/cli/check/ignore.js";
import { runCli } from "../../support/cli.js";
import { useTempCwd } from "../../support/files.js";

// src/cli/check/discover.ts: which files check PATH… reads, in which order, and what the walk
// skips. Each test in a fresh working directory (names are relative to it).
const { write, dir } = useTempCwd("discover");

/** What the walk yields under `paths`: each candidate as "name kind", each skip as "skip name: reason", in order. */
function walked(paths: readonly string[], options: { excludes?: string; anyFile?: boolean; follow?: boolean } = {}): string[] {
  const events: string[] = [];
  const skip = (s: DiscoverySkip) => events.push(`${s.link === true ? "link" : "skip"} ${s.name}: ${s.reason}`);
  for (const candidate of discover(paths, parseIgnore(options.excludes ?? ""), skip, { anyFile: options.anyFile, follow: options.follow })) events.push(`${candidate.name} ${candidate.kind}`);
  return events;
}

const RETRY = '{"base": "1s", "attempts": 2}\n';

describe("discover: the files of a directory", () => {
  it("every .json, .yaml, .yml, .properties and .asl file, by name, a directory's files before its subdirectories", () => {
    write("b.yml", "");
    write("a.json", "");
    write("z/deep/x.properties", "");
    write("c/flow.ASL", "");
    write("c/notes.md", "");
    write("README.md", "");
    write("Makefile", "");
    write("m.yaml", "");
    // The walk yields a/b/m at the top, then c/ (its .asl; notes.md passed over), then z/deep/.
    expect(walked(["."])).toEqual(["a.json json", "b.yml yaml", "m.yaml yaml", "c/flow.ASL yaml", "z/deep/x.properties properties"]);
    // Found in a directory, a candidate is not `named`: a file of it without a policy is no error.
    const [first] = [...discover(["."], [], () => undefined)];
    expect(first).toEqual({ path: "a.json", name: "a.json", kind: "json", named: false, helmTemplate: false });
  });

  it("names what it finds under the PATH as given, relative to the working directory", () => {
    write("deploy/k8s/job.yaml", "");
    expect(walked(["deploy"])).toEqual(["deploy/k8s/job.yaml yaml"]);
    expect(walked([join(dir(), "deploy", "k8s")])).toEqual(["deploy/k8s/job.yaml yaml"]);
    // Several PATHs: one after another, as given.
    write("a.json", "");
    expect(walked(["deploy", "a.json"])).toEqual(["deploy/k8s/job.yaml yaml", "a.json json"]);
  });

  it("leaves out .git, node_modules, dist, build and vendor; reads every other dot-folder", () => {
    expect([...SKIPPED_DIRECTORIES]).toEqual([".git", "node_modules", "dist", "build", "vendor"]);
    for (const skipped of SKIPPED_DIRECTORIES) write(`${skipped}/retry.json`, RETRY);
    write(".github/workflows/ci.yml", "");
    write(".ci/retry.json", "");
    write("src/build/retry.json", "");
    // A file called dist.json is no directory: read.
    write("dist.json", "");
    expect(walked(["."])).toEqual(["dist.json json", ".ci/retry.json json", ".github/workflows/ci.yml yaml"]);
  });

  it("of a build, dist or vendor directory only a composite action's action.yml or action.yaml is read (.github/actions/build/)", () => {
    write(".github/actions/build/action.yml", "");
    write(".github/actions/build/retry.json", RETRY);
    write(".github/actions/build/sub/action.yml", "");
    write(".github/actions/setup/action.yml", "");
    write("dist/action.yaml", "");
    write("vendor/x/action.yml", "");
    write("node_modules/a/action.yml", "");
    write(".git/action.yml", "");
    // In name order: .github/actions/build/ (its action.yml alone: no other file, no subdirectory), .github/actions/setup/, dist/.
    expect(walked(["."])).toEqual([".github/actions/build/action.yml yaml", ".github/actions/setup/action.yml yaml", "dist/action.yaml yaml"]);
    // The ignore rules still hold.
    expect(walked(["."], { excludes: ".github/actions/build/\n" })).toEqual([".github/actions/setup/action.yml yaml", "dist/action.yaml yaml"]);
  });

  it("honours the top .gitignore and the --exclude rules, ! re-including", () => {
    write(".gitignore", "*.json\n!keep.json\ngenerated/\n");
    write("keep.json", "");
    write("drop.json", "");
    write("a.yaml", "");
    write("generated/job.yaml", "");
    write("old/job.yaml", "");
    write("old/new/job.yaml", "");
    expect(walked(["."])).toEqual(["a.yaml yaml", "keep.json json", "old/job.yaml yaml", "old/new/job.yaml yaml"]);
    // --exclude old/ leaves the directory out, and the walk never enters it (its subdirectory goes with it).
    expect(walked(["."], { excludes: "old/\n" })).toEqual(["a.yaml yaml", "keep.json json"]);
    // A .gitignore below the top is not read; it is the top one when its directory is the PATH.
    write("sub/.gitignore", "*.yaml\n");
    write("sub/job.yaml", "");
    expect(walked(["."])).toEqual(["a.yaml yaml", "keep.json json", "old/job.yaml yaml", "old/new/job.yaml yaml", "sub/job.yaml yaml"]);
    expect(walked(["sub"])).toEqual([]);
  });

  it("marks the files under a Helm chart's templates/ (a directory holding Chart.yaml)", () => {
    write("chart/Chart.yaml", "");
    write("chart/templates/job.yaml", "");
    write("chart/templates/sub/cron.yaml", "");
    write("other/templates/job.yaml", "");
    const helm = [...discover(["."], [], () => undefined)].map((c: Candidate) => [c.name, c.helmTemplate]);
    expect(helm).toEqual([
      ["chart/Chart.yaml", false],
      ["chart/templates/job.yaml", true],
      ["chart/templates/sub/cron.yaml", true],
      ["other/templates/job.yaml", false],
    ]);
  });
});

describe("discover: symbolic links", () => {
  it("a link back up the tree or to itself is skipped with its reason, a dangling one passed over", () => {
    write("tree/a.yaml", "");
    mkdirSync(join(dir(), "tree", "sub"));
    symlinkSync("..", join(dir(), "tree", "sub", "up"));
    symlinkSync(".", join(dir(), "tree", "sub", "here"));
    symlinkSync("self.yaml", join(dir(), "tree", "self.yaml"));
    symlinkSync("missing.yaml", join(dir(), "tree", "gone.yaml"));
    // The directory's own entries in name order (a.yaml, gone.yaml, self.yaml), then tree/sub's (here, up).
    expect(walked(["tree"])).toEqual([
      "tree/a.yaml yaml",
      "skip tree/self.yaml: a symbolic link loop",
      "skip tree/sub/here: a symbolic link loop (leads back to tree/sub)",
      "skip tree/sub/up: a symbolic link loop (leads back to tree)",
    ]);
  });

  it("a directory reached twice through links is walked once; a linked file is read", () => {
    write("real/job.yaml", "");
    mkdirSync(join(dir(), "links"));
    symlinkSync(join(dir(), "real"), join(dir(), "links", "one"));
    symlinkSync(join(dir(), "real"), join(dir(), "links", "two"));
    symlinkSync(join(dir(), "real", "job.yaml"), join(dir(), "links", "job.yaml"));
    // Scanning ".", the links lead inside: real/ is walked once, as itself.
    expect(walked(["."])).toEqual(["links/job.yaml yaml", "real/job.yaml yaml"]);
    // Scanning links/, they lead out of it: not followed, unless --follow.
    const out = "a symbolic link out of links (--follow follows it)";
    expect(walked(["links"])).toEqual([`link links/job.yaml: ${out}`, `link links/one: ${out}`, `link links/two: ${out}`]);
    expect(walked(["links"], { follow: true })).toEqual(["links/job.yaml yaml", "links/one/job.yaml yaml"]);
  });

  it("links out of the tree are not followed (issue 38): a folder elsewhere, a file elsewhere, up -> ..; named, a link is read as given", () => {
    // Elsewhere on the machine: another project's Traefik folder and a Kafka client's secrets.
    write("elsewhere/traefik/dynamic.yaml", "http:\n  middlewares:\n    r:\n      retry:\n        attempts: 3\n");
    write("elsewhere/kafka/producer.properties", "retries=5\nretry.backoff.ms=100\n");
    write("repo/app.json", RETRY);
    symlinkSync(join(dir(), "elsewhere", "traefik"), join(dir(), "repo", "outside"));
    symlinkSync(join(dir(), "elsewhere", "kafka", "producer.properties"), join(dir(), "repo", "secret.properties"));
    symlinkSync("..", join(dir(), "repo", "up"));
    // Nor is one whose name no reader takes, or that the walk leaves out anyway, said.
    symlinkSync(join(dir(), "elsewhere", "kafka", "producer.properties"), join(dir(), "repo", "notes.txt"));
    symlinkSync(join(dir(), "elsewhere", "traefik"), join(dir(), "repo", "node_modules"));
    const out = "a symbolic link out of repo (--follow follows it)";
    // In name order: app.json, notes.txt (passed over), outside, secret.properties, up (node_modules passed over).
    expect(walked(["repo"])).toEqual(["repo/app.json json", `link repo/outside: ${out}`, `link repo/secret.properties: ${out}`, `link repo/up: ${out}`]);
    // Named on the command line, the link is read as given.
    expect(walked(["repo/secret.properties", "repo/outside"])).toEqual(["repo/secret.properties properties", "repo/outside/dynamic.yaml yaml"]);
  });

  it("check DIR: each link not followed is a note on stderr and counted in the summary, never a failure", async () => {
    write("elsewhere/kafka/producer.properties", "retries=5\nretry.backoff.ms=100\n");
    write("repo/app.json", '{"base": "1s", "cap": "30s", "attempts": 2}\n');
    symlinkSync(join(dir(), "elsewhere", "kafka", "producer.properties"), join(dir(), "repo", "secret.properties"));
    symlinkSync("..", join(dir(), "repo", "up"));
    const result = await runCli(["check", "repo", "--strict"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      "note: not followed repo/secret.properties: a symbolic link out of repo (--follow follows it)\nnote: not followed repo/up: a symbolic link out of repo (--follow follows it)\n",
    );
    expect(result.stdout.split("\n").at(-2)).toBe("✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 2 links not followed");
    const doc = JSON.parse((await runCli(["check", "repo", "--format", "json"])).stdout);
    expect(doc.totals.links_not_followed).toBe(2);
    expect(doc.policies.map((p: { file: string }) => p.file)).toEqual(["repo/app.json"]);
    // --follow reads the Kafka file too (its policy), and walks up into the parent (which holds repo again: walked once).
    const followed = JSON.parse((await runCli(["check", "repo", "--follow", "--format", "json"])).stdout);
    expect(followed.totals.links_not_followed).toBe(0);
    expect(followed.policies.map((p: { file: string }) => p.file)).toContain("repo/secret.properties");
  });

  it("a symbolic link loop is skipped with one line (and fails only under --strict)", async () => {
    const RESILIENCE4J = "resilience4j:\n  retry:\n    instances:\n      svc:\n        maxAttempts: 3\n        waitDuration: 1s\n";
    write("tree/application.yml", RESILIENCE4J);
    mkdirSync(join(dir(), "tree", "sub"));
    symlinkSync("..", join(dir(), "tree", "sub", "up"));
    symlinkSync("self.yaml", join(dir(), "tree", "self.yaml"));
    const result = await runCli(["check", "tree"]);
    expect(result.code).toBe(0);
    // The directory's own files first (self.yaml), then its subdirectories (sub/up).
    expect(result.stderr).toBe("warning: skipped tree/self.yaml: a symbolic link loop\nwarning: skipped tree/sub/up: a symbolic link loop (leads back to tree)\n");
    expect((await runCli(["check", "tree", "--strict"])).code).toBe(1);
  });
});

describe("discover: files named on the command line", () => {
  it("a named file is read whatever its name (YAML unless it says JSON or properties), and `named`", () => {
    write("Jenkinsfile", "");
    write("retry.JSON", "");
    expect([...discover(["Jenkinsfile", "retry.JSON"], [], () => undefined)]).toEqual([
      { path: "Jenkinsfile", name: "Jenkinsfile", kind: "yaml", named: true, helmTemplate: false },
      { path: "retry.JSON", name: "retry.JSON", kind: "json", named: true, helmTemplate: false },
    ]);
  });

  it("with anyFile a named file is read as a scan reads it: not `named`, passed over when no reader takes its name", () => {
    write("README.md", "");
    write("app.properties", "");
    expect([...discover(["README.md", "app.properties"], [], () => undefined, { anyFile: true })]).toEqual([{ path: "app.properties", name: "app.properties", kind: "properties", named: false, helmTemplate: false }]);
  });

  it("an empty PATH, a missing one, and a named file over 10 MB are bad input", () => {
    expect(() => walked([" "])).toThrow("a PATH is empty; give a file or a directory");
    expect(() => walked(["nope.yaml"])).toThrow('cannot read "nope.yaml": no such file or directory');
    // 10 MB is 10 × 1024 × 1024 = 10,485,760 bytes; one byte more is refused (the scan skips it in scan-file.ts).
    expect(MAX_FILE_BYTES).toBe(10_485_760);
    write("big.yaml", Buffer.alloc(MAX_FILE_BYTES + 1, 0x20));
    expect(() => walked(["big.yaml"])).toThrow("big.yaml is 10485761 bytes; backoff reads configuration files of at most 10 MB");
    write("limit.yaml", Buffer.alloc(MAX_FILE_BYTES, 0x20));
    expect(walked(["limit.yaml"])).toEqual(["limit.yaml yaml"]);
  });

  it("a directory scan reads .github/ (and every other dot-folder) but never .git", async () => {
    const step = "jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: nick-fields/retry@v3\n        with: {timeout_minutes: 1, command: make}\n";
    write(".github/workflows/ci.yml", step);
    write(".git/hooks/ci.yml", step);
    write(".ci/retry.json", '{"base": "1s", "attempts": 2}\n');
    const doc = JSON.parse((await runCli(["check", ".", "--format", "json"])).stdout);
    expect(doc.policies.map((p: { file: string; name: string }) => `${p.file} ${p.name}`)).toEqual([".ci/retry.json retry.json", ".github/workflows/ci.yml build/steps[0]"]);
  });
});

describe("displayName and reason", () => {
  it("a path relative to the working directory, with /; the working directory itself is .", () => {
    expect(displayName(".")).toBe(".");
    expect(displayName(dir())).toBe(".");
    expect(displayName(join(dir(), "a", "b.yaml"))).toBe("a/b.yaml");
    expect(displayName("./a/../c.json")).toBe("c.json");
  });

  it("a file system error in words; another code as it is", () => {
    expect(reason({ code: "ENOENT" })).toBe("no such file or directory");
    expect(reason({ code: "EACCES" })).toBe("permission denied");
    expect(reason({ code: "EPERM" })).toBe("permission denied");
    expect(reason({ code: "ELOOP" })).toBe("a symbolic link loop");
    expect(reason({ code: "EMFILE" })).toBe("EMFILE");
    expect(reason("odd")).toBe("odd");
  });
});
