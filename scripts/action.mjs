// The GitHub Action (action.yml, `using: node24`): the runner starts this file with its own
// Node, which it leaves off the job's PATH, in the workspace, with each input as INPUT_<NAME>
// (INPUT_PATHS, INPUT_ARGS, INPUT_SARIF-FILE). It runs `backoff check` once, from the built
// bundle beside it (a release tree made by scripts/action-release.mjs: no npm ci, no
// node_modules), and that one run writes everything: the text report and GitHub annotations
// into the log, the JSON report (for the counts and the summary) and, with sarif-file, SARIF,
// both through --output, each file whole or not at all. Then the counts as step outputs
// (policies, broken, warnings) in GITHUB_OUTPUT and a table of the findings in
// GITHUB_STEP_SUMMARY (action-summary.mjs). It exits with check's own code: 0 fine, 1 a limit
// broken, 2 bad input (then no outputs, no summary, no SARIF file).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSummary } from "./action-summary.mjs";
import { inputWords } from "./action-words.mjs";

const bin = fileURLToPath(new URL("../bin/backoff.js", import.meta.url));

/**
 * An input as the runner passes it (actions/toolkit's getInput: INPUT_ and the name in capitals, spaces as _).
 * @param {string} name
 */
const input = (name) => (process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();

/**
 * One annotation, then exit 2: bad input.
 * @param {string} message
 * @returns {never}
 */
function refuse(message) {
  process.stdout.write(`::error title=backoff::${message}\n`);
  process.exit(2);
}

/**
 * The words of a list input (action-words.mjs), or the refusal of an unclosed quote.
 * @param {string} name
 * @returns {string[]}
 */
function words(name) {
  const read = inputWords(input(name));
  if ("unclosed" in read) return refuse(`the action's ${name} input has a ${read.unclosed} quote that is not closed`);
  return read.words;
}

const paths = words("paths");
const args = words("args");
if (paths.length === 0) paths.push(".");
for (const arg of args) {
  if (arg === "-f" || arg === "--format" || arg.startsWith("--format=") || /^-f./.test(arg)) {
    refuse(`the action's args cannot hold ${arg}: the action writes the text report, the step outputs and (with sarif-file) SARIF itself`);
  }
}
const sarif = input("sarif-file");
const scratch = mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), "backoff-"));
try {
  const json = join(scratch, "report.json");
  const outputs = ["--output", `json=${json}`, ...(sarif === "" ? [] : ["--output", `sarif=${sarif}`])];
  // One run: the text and the annotations (GITHUB_ACTIONS=true) on the log, the files whole.
  const run = spawnSync(process.execPath, [bin, "check", ...paths, ...args, ...outputs], { stdio: "inherit", env: { ...process.env, GITHUB_ACTIONS: "true" } });
  const code = run.status ?? 2;
  // Bad input (exit 2, said above): check wrote no file, so no counts, no summary, no SARIF.
  if (code <= 1) {
    writeSummary(JSON.parse(readFileSync(json, "utf8")), process.env);
    if (sarif !== "") process.stdout.write(`backoff: SARIF written to ${sarif}\n`);
  }
  process.exitCode = code;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
