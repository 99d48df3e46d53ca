import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { tempDir } from "../support/files.js";
import { ROOT } from "../support/paths.js";
import { validateSarif } from "../support/sarif.js";

// action.yml run the way a GitHub runner runs a JavaScript action, from a release tree as a
// tag holds it (scripts/action-release.mjs, from the dist/ that npm test builds): the tree in a
// folder of its own with no node_modules in it or above it, `runs.main` started with the
// runner's Node (here this one, by its path) in the workspace, the inputs as INPUT_<NAME>
// (actions/toolkit's getInput: the name in capitals, hyphens kept) with action.yml's
// defaults, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, GITHUB_ACTIONS=true, and a PATH with
// no node on it (the runner does not put its Node there, and the action needs none).

interface Action {
  readonly inputs: Record<string, { default: string }>;
  readonly outputs: Record<string, { description: string }>;
  readonly runs: { using: string; main: string };
}
const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as Action;

let tree = "";
beforeAll(() => {
  tree = join(tempDir("action-release"), "tree");
  execFileSync(process.execPath, [join(ROOT, "scripts/action-release.mjs"), tree, "--no-build"], { encoding: "utf8" });
});

function runAction(workspace: string, given: Record<string, string>) {
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [`INPUT_${name.toUpperCase()}`, given[name] ?? input.default]));
  const scratch = tempDir("action-runner");
  const outputFile = join(scratch, "output");
  const summaryFile = join(scratch, "step-summary");
  writeFileSync(outputFile, "");
  writeFileSync(summaryFile, "");
  // No node on the PATH: an empty folder.
  const path = join(scratch, "bin");
  mkdirSync(path);
  const { COLUMNS: _c, FORCE_COLOR: _f, NO_COLOR: _n, GITHUB_ACTIONS: _g, PATH: _p, ...env } = process.env;
  const result = spawnSync(process.execPath, [join(tree, action.runs.main)], {
    cwd: workspace,
    encoding: "utf8",
    env: { ...env, ...inputs, PATH: path, GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile, RUNNER_TEMP: scratch },
  });
  const outputs = Object.fromEntries(Object.keys(action.outputs).map((name) => [name, ""]));
  for (const line of readFileSync(outputFile, "utf8").split("\n").filter(Boolean)) {
    const [name, value] = line.split("=", 2) as [string, string];
    outputs[name] = value;
  }
  // The runner's temporary folder is left as it was: the action's scratch files are gone.
  expect(readdirSync(scratch).sort()).toEqual(["bin", "output", "step-summary"]);
  return { code: result.status ?? -1, log: result.stdout + result.stderr, outputs, summary: readFileSync(summaryFile, "utf8") };
}

describe("the GitHub Action (action.yml), its steps run as a runner runs them", () => {
  it("is a JavaScript action on the runner's Node 24, with the inputs and outputs docs/ci.md names", () => {
    // Node 20 reached its end of life in April 2026; node24 is the runtime GitHub's runners run actions with.
    expect(action.runs).toEqual({ using: "node24", main: "scripts/action.mjs" });
    expect(Object.keys(action.inputs)).toEqual(["paths", "args", "sarif-file"]);
    expect(action.inputs["paths"]!.default).toBe(".");
    expect(Object.keys(action.outputs)).toEqual(["policies", "broken", "warnings"]);
  });

  it("the release tree holds the action, its scripts, bin/ and the bundles, and no node_modules", () => {
    const listed = readdirSync(tree, { recursive: true, encoding: "utf8" }).map((name) => name.split("\\").join("/"));
    expect(listed.filter((name) => name.includes("node_modules"))).toEqual([]);
    for (const file of ["action.yml", "package.json", "LICENSE", "scripts/action.mjs", "scripts/action-words.mjs", "scripts/action-summary.mjs", "bin/backoff.js", "bin/package.json", "dist/cli.cjs", "dist/commands.cjs", "dist/files.cjs"]) {
      expect(listed, file).toContain(file);
    }
    // Only the command's bundles: not the typed library, not the sources, not the tests.
    expect(listed.filter((name) => /^(src|test|dist\/lib)(\/|$)/.test(name))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(tree, "package.json"), "utf8")) as Record<string, unknown>;
    expect([pkg["version"], pkg["dependencies"], pkg["devDependencies"]]).toEqual([JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version, undefined, undefined]);
    // Nothing above the tree holds node_modules either (the scratch folder is under the system's temporary folder).
    for (let dir = dirname(tree); dirname(dir) !== dir; dir = dirname(dir)) expect(existsSync(join(dir, "node_modules")), dir).toBe(false);
  });

  it("a broken limit: one run of check writes the text, the annotations, the outputs, a valid SARIF file and the summary; the step fails (exit 1)", () => {
    const workspace = tempDir("action-workspace");
    // Exponential 1 s doubling, 8 retries, no cap: 255 s in all, over 1 min; attempt 8 waits 128 s (no-cap warning).
    writeFileSync(join(workspace, "retry.json"), '{"base": "1s", "attempts": 8}\n');
    mkdirSync(join(workspace, "mesh"));
    // Istio's back-off (25 ms base, capped at 250 ms) under 2 retries: far under 1 min; no warning
    // (retryOn without 503, so no retries-overload either).
    writeFileSync(join(workspace, "mesh", "vs.yaml"), "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata:\n  name: reviews\nspec:\n  hosts: [reviews]\n  http:\n  - route:\n    - destination: {host: reviews}\n    retries:\n      attempts: 2\n      retryOn: connect-failure,refused-stream,502,504\n");
    const result = runAction(workspace, { args: "--max-total 1m", "sarif-file": "backoff.sarif" });
    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({ policies: "2", broken: "1", warnings: "1" });
    // The text report, once: one run of check.
    expect(result.log.split("\n").filter((line) => line === "retry.json")).toEqual(["retry.json"]);
    // 1 + 2 + 4 + 8 + 16 + 32 = 63 s after attempt 6: the first over 1 min.
    expect(result.log).toContain("::error file=retry.json,line=1,col=1,title=backoff check::retry.json: max-total 1 min broken: worst case 4 min 15 s (first over the limit at attempt 6)\n");
    expect(result.log).toContain("backoff: SARIF written to backoff.sarif");
    const sarif = JSON.parse(readFileSync(join(workspace, "backoff.sarif"), "utf8")) as { runs: Array<{ results: Array<{ ruleId: string; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }> }> };
    expect(validateSarif(sarif)).toEqual([]);
    expect(sarif.runs[0]!.results.map((r) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.artifactLocation.uri])).toEqual([
      ["max-total", "error", "retry.json"],
      ["no-cap", "warning", "retry.json"],
    ]);
    // The job summary: a table of the findings, then the counts.
    expect(result.summary).toBe(
      "### backoff check\n\n| file | line | policy | system | finding |\n|---|---|---|---|---|\n" +
        "| retry.json | 1 | retry.json | backoff | ✗ max-total 1 min: worst case 4 min 15 s (first over the limit at attempt 6) |\n" +
        "| retry.json | 1 | retry.json | backoff | ⚠ no-cap: exponential backoff without a cap: attempt 8 waits 2 min 8 s and the delays grow without limit; set a cap |\n" +
        "\n✗ 1 limit broken, 1 warning; 2 policies checked\n",
    );
    expect(readdirSync(workspace).sort()).toEqual(["backoff.sarif", "mesh", "retry.json"]);
  });

  it("every limit holding: exit 0 and the counts", () => {
    const workspace = tempDir("action-workspace");
    writeFileSync(join(workspace, "retry.json"), '{"base": "1s", "cap": "30s", "attempts": 5}\n');
    expect(runAction(workspace, { args: "--max-total 1m" })).toMatchObject({ code: 0, outputs: { policies: "1", broken: "0", warnings: "0" } });
  });

  it("multi-line paths and args (YAML | blocks) are read whole: every path against every limit, a quoted path with a space", () => {
    const workspace = tempDir("action-workspace");
    // 1 + 2 + 4 + 8 + 16 = 31 s, the largest delay 16 s: both limits hold.
    writeFileSync(join(workspace, "a.json"), '{"base": "1s", "cap": "30s", "attempts": 5}\n');
    mkdirSync(join(workspace, "my dir"));
    // 1, 2, 4, 8, 16, 32, then 64 capped at 60: 123 s in all (under 10 min), a delay over 30 s first at attempt 6 (32 s).
    writeFileSync(join(workspace, "my dir", "b.json"), '{"base": "1s", "cap": "1m", "attempts": 7}\n');
    const result = runAction(workspace, { paths: 'a.json\n"my dir/b.json"\n', args: "--max-total 10m\n--max-delay 30s\n" });
    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({ policies: "2", broken: "1", warnings: "0" });
    expect(result.log).toContain("::error file=my dir/b.json,line=1,col=1,title=backoff check::b.json: max-delay 30 s broken: worst delay 1 min (first over the limit at attempt 6)\n");
    expect(result.summary).toContain("✗ 1 limit broken, 0 warnings; 2 policies checked\n");
  });

  it("every limit holding: the summary says so, with no table", () => {
    const workspace = tempDir("action-workspace");
    writeFileSync(join(workspace, "retry.json"), '{"base": "1s", "cap": "30s", "attempts": 5}\n');
    expect(runAction(workspace, { args: "--max-total 1m" }).summary).toBe("### backoff check\n\n✓ 0 limits broken, 0 warnings; 1 policy checked\n");
  });

  it("bad input (--max-total banana): exit 2, no SARIF file (not an empty one), no outputs, no summary", () => {
    const workspace = tempDir("action-workspace");
    writeFileSync(join(workspace, "retry.json"), '{"base": "1s", "attempts": 8}\n');
    const result = runAction(workspace, { args: "--max-total banana", "sarif-file": "backoff.sarif" });
    expect(result.code).toBe(2);
    expect(result.log).not.toContain("SARIF written");
    expect(readdirSync(workspace)).toEqual(["retry.json"]);
    expect(result.outputs).toEqual({ policies: "", broken: "", warnings: "" });
    expect(result.summary).toBe("");
  });

  it("an unclosed quote in an input is refused in one annotation, exit 2", () => {
    const workspace = tempDir("action-workspace");
    const result = runAction(workspace, { paths: '"my dir' });
    expect(result.code).toBe(2);
    expect(result.log).toBe("::error title=backoff::the action's paths input has a double quote that is not closed\n");
  });

  it("args that hold --format are refused in one annotation, exit 2", () => {
    const workspace = tempDir("action-workspace");
    const result = runAction(workspace, { args: "--format json" });
    expect(result.code).toBe(2);
    expect(result.log).toContain("::error title=backoff::the action's args cannot hold --format");
  });
});
