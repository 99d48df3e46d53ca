import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { tempDir } from "../support/files.js";
import { ROOT } from "../support/paths.js";
import { validateSarif } from "../support/sarif.js";

// action.yml run the way a GitHub runner runs a composite action: the action's files checked
// out in a folder of their own (GITHUB_ACTION_PATH), the steps in order in the workspace,
// each `run:` with `bash --noprofile --norc -eo pipefail` (GitHub's `shell: bash`), its
// `env:` and `if:` evaluated from the inputs, GITHUB_OUTPUT a file per step, then the
// action's outputs read from the step outputs. `uses:` steps (setup-node) are the runner's
// business: here Node is this one. dist/ is built already (npm test builds it), so the build
// step finds it and returns; scripts/action.sh builds it on a runner.

interface Step {
  readonly name: string;
  readonly id?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly shell?: string;
  readonly env?: Record<string, string>;
}
interface Action {
  readonly inputs: Record<string, { default: string }>;
  readonly outputs: Record<string, { value: string }>;
  readonly runs: { using: string; steps: Step[] };
}
const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as Action;

/** `${{ inputs.NAME }}` and `${{ steps.ID.outputs.NAME }}`: the only expressions action.yml uses. */
function expand(text: string, inputs: Record<string, string>, outputs: Record<string, Record<string, string>>): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) return inputs[input[1]!] ?? "";
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) return outputs[output[1]!]?.[output[2]!] ?? "";
    throw new Error(`an expression this test does not evaluate: ${expression}`);
  });
}
/** `if:` conditions of the form `inputs.NAME == ''` / `!= ''`. */
function condition(text: string, inputs: Record<string, string>): boolean {
  const match = /^inputs\.([\w-]+)\s*(==|!=)\s*''$/.exec(text.trim());
  if (!match) throw new Error(`a condition this test does not evaluate: ${text}`);
  return (inputs[match[1]!] === "") === (match[2] === "==");
}

function runAction(workspace: string, given: Record<string, string>) {
  const actionPath = tempDir("action-path");
  for (const part of ["bin", "dist", "scripts", "package.json", "action.yml"]) cpSync(join(ROOT, part), join(actionPath, part), { recursive: true });
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, given[name] ?? input.default]));
  const outputs: Record<string, Record<string, string>> = {};
  // The job summary: one file for the job's steps (GitHub's GITHUB_STEP_SUMMARY is a file per step, shown together).
  const summaryFile = join(actionPath, "step-summary");
  writeFileSync(summaryFile, "");
  const log: string[] = [];
  let code = 0;
  const { COLUMNS: _c, FORCE_COLOR: _f, NO_COLOR: _n, GITHUB_ACTIONS: _g, ...env } = process.env;
  for (const [index, step] of action.runs.steps.entries()) {
    if (step.uses !== undefined || (step.if !== undefined && !condition(step.if, inputs))) continue;
    expect(step.shell).toBe("bash");
    const outputFile = join(actionPath, `output-${index}`);
    writeFileSync(outputFile, "");
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, expand(value, inputs, outputs)]));
    const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", expand(step.run!, inputs, outputs)], {
      cwd: workspace,
      encoding: "utf8",
      env: { ...env, ...stepEnv, GITHUB_ACTIONS: "true", GITHUB_ACTION_PATH: actionPath, GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile },
    });
    log.push(result.stdout + result.stderr);
    if (step.id !== undefined) outputs[step.id] = Object.fromEntries(readFileSync(outputFile, "utf8").split("\n").filter(Boolean).map((line) => line.split("=", 2) as [string, string]));
    code = result.status ?? -1;
    if (code !== 0) break;
  }
  const actionOutputs = Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, expand(output.value, inputs, outputs)]));
  return { code, log: log.join(""), outputs: actionOutputs, summary: readFileSync(summaryFile, "utf8") };
}

describe("the GitHub Action (action.yml), its steps run as a runner runs them", () => {
  it("is a composite action with the inputs and outputs docs/ci.md names", () => {
    expect(action.runs.using).toBe("composite");
    expect(Object.keys(action.inputs)).toEqual(["paths", "args", "sarif-file", "version"]);
    expect(action.inputs["paths"]!.default).toBe(".");
    expect(Object.keys(action.outputs)).toEqual(["policies", "broken", "warnings"]);
  });

  it("a broken limit: the step fails (exit 1) after writing its annotations, outputs and a valid SARIF file", () => {
    const workspace = tempDir("action-workspace");
    // Exponential 1 s doubling, 8 retries, no cap: 255 s in all, over 1 min; attempt 8 waits 128 s (no-cap warning).
    writeFileSync(join(workspace, "retry.json"), '{"base": "1s", "attempts": 8}\n');
    mkdirSync(join(workspace, "mesh"));
    // Istio's back-off (25 ms base, capped at 250 ms) under 2 retries: far under 1 min; no warning.
    writeFileSync(join(workspace, "mesh", "vs.yaml"), "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata:\n  name: reviews\nspec:\n  hosts: [reviews]\n  http:\n  - route:\n    - destination: {host: reviews}\n    retries:\n      attempts: 2\n");
    const result = runAction(workspace, { args: "--max-total 1m", "sarif-file": "backoff.sarif" });
    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({ policies: "2", broken: "1", warnings: "1" });
    expect(result.log).toContain("backoff: dist/ is built already");
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
    expect(result.log).toBe("backoff: dist/ is built already\n::error title=backoff::the action's paths input has a double quote that is not closed\n");
  });

  it("args that hold --format are refused in one annotation, exit 2", () => {
    const workspace = tempDir("action-workspace");
    const result = runAction(workspace, { args: "--format json" });
    expect(result.code).toBe(2);
    expect(result.log).toContain("::error title=backoff::the action's args cannot hold --format");
  });
});
