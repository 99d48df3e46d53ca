import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/files.js";

// The completion scripts loaded into the real shells. bash runs its completion function
// as bash does on TAB (COMP_WORDS/COMP_CWORD in, COMPREPLY out); fish answers
// `complete -C`, its own query for what TAB offers; zsh loads the script under compinit
// (which must register it) and runs it with compadd/_describe recording the candidates,
// since zsh's completion builtins work only inside its line editor.
// Processes on purpose: the shells, which are what these tests run the scripts in; the
// script itself is printed in-process.
const root = fileURLToPath(new URL("../..", import.meta.url));
const dir = tempDir("completion");
/** The script as backoff prints it (in-process, through run(argv, io)), saved once per shell (each query then loads the file). */
async function script(shell: string): Promise<string> {
  const file = join(dir, `backoff.${shell}`);
  const printed = await runCli(["completion", shell]);
  expect([printed.code, printed.stderr]).toEqual([0, ""]);
  writeFileSync(file, printed.stdout);
  return file;
}

function has(shell: string): boolean {
  const found = spawnSync(shell, ["-c", "exit 0"]).status === 0;
  if (!found && process.env["CI"]) throw new Error(`${shell} is needed for the completion tests in CI (.ci/run installs it)`);
  if (!found) console.warn(`skipping the ${shell} completion tests: ${shell} is not installed`);
  return found;
}

function inShell(shell: string, args: string[], code: string): string {
  const result = spawnSync(shell, [...args, code], { cwd: root, encoding: "utf8" });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return result.stdout;
}

describe.skipIf(!has("bash"))("bash", () => {
  /** Each query's COMPREPLY, one line per query, from one bash that sourced the script. */
  const completeAll = async (queries: string[][]) => {
    const file = await script("bash");
    const code = [
      `source '${file}'`,
      "complete -p backoff",
      ...queries.map((words) => `COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _backoff; echo "\${COMPREPLY[*]}"`),
    ].join("\n");
    return inShell("bash", ["-c"], code).split("\n").slice(0, -1);
  };

  it("registers _backoff, and completes a preset name, commands, formats, jitter modes, shells", async () => {
    const cases: [string[], string][] = [
      [["backoff", "--preset", "gr"], "grpc grpc-core grpc-js grpc-retry grpc-retry@1.68"],
      [["backoff", "--preset", "ce"], "celery cenkalti cenkalti@5 cenkalti@4"],
      [["backoff", "--preset", "k"], "kafka knative kubernetes kubernetes-job"],
      [["backoff", "ch"], "check chain"],
      [["backoff", "s"], "solve simulate"],
      [["backoff", "co"], "compare completion"],
      [["backoff", "check", "--format", ""], "table json sarif junit gitlab"],
      [["backoff", "check", "test/fixtures/policies/ar"], "test/fixtures/policies/argo"],
      [["backoff", "compare", "bull"], "bullmq"],
      [["backoff", "compare", "bullmq", "expo"], "exponential-backoff exponential"],
      [["backoff", "compare", "--format", "h"], "html"],
      [["backoff", "simulate", "--format", "t"], "table tsv"],
      [["backoff", "--base", "1s", "--jitter", ""], "none full equal decorrelated"],
      [["backoff", "presets", "poll"], "polly"],
      [["backoff", "help", "c"], "check compare chain completion"],
      [["backoff", "completion", ""], "bash zsh fish"],
      [["backoff", "--cap", "30s", "--st"], "--strategy --step"],
      [["backoff", "check", "--max-t"], "--max-total"],
      // A value of backoff's own option is not taken for a command, and a duration has nothing to offer.
      [["backoff", "--policy", "check", "--pre"], "--preset"],
      [["backoff", "--base", ""], ""],
    ];
    expect(await completeAll(cases.map(([words]) => words))).toEqual(["complete -F _backoff backoff", ...cases.map(([, reply]) => reply)]);
  });
});

describe.skipIf(!has("zsh"))("zsh", () => {
  const completeAll = async (queries: string[][]) => {
    const file = await script("zsh");
    const code = [
      "autoload -Uz compinit && compinit -u -D",
      `source '${file}'`,
      'print -r -- "registered: $_comps[backoff]"',
      "typeset -a found",
      'compadd() { while [[ $# -gt 0 && $1 != -- ]]; do shift; done; shift; local w; for w in "$@"; do [[ $w == $PREFIX* ]] && found+=($w); done; }',
      '_describe() { local w; for w in "${(@P)${@[-1]}}"; do w=${w%%:*}; [[ $w == $PREFIX* ]] && found+=($w); done; }',
      ...queries.map(
        (words) => `found=(); words=(${words.map((w) => `'${w}'`).join(" ")}); CURRENT=${words.length}; PREFIX='${words.at(-1)}'; _backoff; print -r -- "\${found[*]}"`,
      ),
    ].join("\n");
    return inShell("zsh", ["-f", "-c"], code).split("\n").slice(0, -1);
  };

  it("registers with compinit and completes a preset name, commands, formats", async () => {
    const cases: [string[], string][] = [
      [["backoff", "--preset", "gr"], "grpc grpc-core grpc-js grpc-retry grpc-retry@1.68"],
      [["backoff", "ch"], "check chain"],
      [["backoff", "check", "--format", ""], "table json sarif junit gitlab"],
      [["backoff", "--jitter", ""], "none full equal decorrelated"],
      [["backoff", "presets", "grpc"], "grpc grpc-core grpc-js grpc-retry grpc-retry@1.68"],
      [["backoff", "compare", "sp"], "spring-retry spring-gateway"],
      // --compare (the capacity model's variants) and --compare-jitter share the prefix.
      [["backoff", "simulate", "--comp"], "--compare-jitter --compare"],
    ];
    expect(await completeAll(cases.map(([words]) => words))).toEqual(["registered: _backoff", ...cases.map(([, reply]) => reply)]);
  });

  it("completes a preset name on TAB in an interactive zsh (driven through zsh/zpty)", async () => {
    const file = await script("zsh");
    const code = [
      "zmodload zsh/zpty",
      "zpty z 'zsh -f -i'",
      `zpty -w z "PS1='> '; autoload -Uz compinit; compinit -u -D; source '${file}'; print READY"`,
      "zpty -r -m z out '*READY*' || exit 3",
      "zpty -n -w z $'backoff --preset cel\\t'",
      // Blocks until the line shows the completed name (the test's timeout ends it otherwise).
      "zpty -r -m z out '*--preset celery*' && print completed",
      "zpty -d z",
    ].join("\n");
    const result = spawnSync("zsh", ["-f", "-c", code], { cwd: root, encoding: "utf8", timeout: 30_000 });
    expect(result.stdout.trim()).toBe("completed");
  });
});

describe.skipIf(!has("fish"))("fish", () => {
  it("completes a preset name, commands, formats", async () => {
    const file = await script("fish");
    const lines = ["backoff --preset gr", "backoff ch", "backoff check --format ", "backoff presets poll", "backoff completion ", "backoff compare go"];
    // One line per query: its candidates (without their descriptions), space-separated.
    const code = [`source '${file}'`, ...lines.map((line) => `echo (complete -C '${line}' | string replace -r '\\t.*' '')`)].join("\n");
    expect(inShell("fish", ["--no-config", "-c"], code).split("\n").slice(0, -1)).toEqual([
      "grpc grpc-core grpc-js grpc-retry grpc-retry@1.68",
      "chain check",
      "gitlab json junit sarif table",
      "polly",
      "bash fish zsh",
      "got got@14 go-retryablehttp", // fish sorts the candidates its own way
    ]);
  });
});
