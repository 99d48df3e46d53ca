/**
 * The examples in README.md, ARCHITECTURE.md, CONTRIBUTING.md and docs/*.md, run the way a
 * reader would type them (test/docs/examples.test.ts compares, `npm run docs:examples`
 * rewrites the outputs). The conventions, also in CONTRIBUTING.md:
 *
 * - A ```console block is run. Each line that starts with `$ ` is a command for bash;
 *   the lines up to the next `$ ` line (or the closing fence) are what it prints:
 *   its stdout, then its stderr. A command ends with `# exit N` when its exit code
 *   is N; without it the exit code must be 0. `$?` is the previous command's code.
 * - A ```js block whose first line is `// <name>.mjs` is written to that file, so a
 *   later `$ node <name>.mjs` runs it (`import … from "backoff-calculator"` resolves to this package).
 * - ```sh blocks are commands without output, and are not run.
 *
 * The blocks of one document run in order in one scratch directory that holds copies of
 * docs/examples/ (the config files the examples read); `backoff` there is bin/backoff.js
 * of this checkout (build first), with no colour settings, no COLUMNS, not a terminal,
 * a UTF-8 locale and no CI variables.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ExampleCommand {
  /** 1-based line of the `$ ` line in the document. */
  readonly line: number;
  /** The command as bash runs it (without the `$ `). */
  readonly command: string;
  readonly expectedExit: number;
  /** What the command prints: stdout, then stderr. */
  readonly expectedOutput: string;
}

export interface ConsoleBlock {
  readonly kind: "console";
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly commands: readonly ExampleCommand[];
  /** The document's lines [bodyStart, bodyEnd) are the block's body (0-based). */
  readonly bodyStart: number;
  readonly bodyEnd: number;
}

export interface FileBlock {
  readonly kind: "file";
  readonly line: number;
  readonly name: string;
  readonly content: string;
}

export type ExampleBlock = ConsoleBlock | FileBlock;

/** An opening fence: indentation, the backticks (three or more), the language. */
const FENCE = /^(\s*)(`{3,})([^`\s]*)\s*$/;
const EXIT = /\s#\s*exit\s+(\d+)\s*$/;
const FILE_NAME = /^\/\/ ([\w.-]+\.m?js)\s*$/;

/** The runnable blocks of a Markdown document, in order; throws on a block it cannot read. */
export function parseExamples(markdown: string, documentName = "document"): ExampleBlock[] {
  const lines = markdown.split("\n");
  const blocks: ExampleBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent, ticks, language] = open;
    if (language === "") throw new Error(`${documentName}:${i + 1}: a code block without a language: console (run), sh (not run), text, json, …`);
    // Closed by a line of at least as many backticks and nothing else.
    let close = i + 1;
    while (close < lines.length && !new RegExp(`^\\s*\`{${ticks!.length},}\\s*$`).test(lines[close]!)) close++;
    if (close === lines.length) throw new Error(`${documentName}:${i + 1}: a code block that is never closed`);
    const body = lines.slice(i + 1, close);
    if (language === "console") {
      if (indent !== "") throw new Error(`${documentName}:${i + 1}: a console block must not be indented (it would not be run as written)`);
      if (!body[0]?.startsWith("$ ")) throw new Error(`${documentName}:${i + 1}: a console block must start with a "$ " command`);
      const commands: ExampleCommand[] = [];
      for (let j = 0; j < body.length; j++) {
        if (!body[j]!.startsWith("$ ")) continue;
        let end = j + 1;
        while (end < body.length && !body[end]!.startsWith("$ ")) end++;
        const command = body[j]!.slice(2);
        const output = body.slice(j + 1, end);
        commands.push({
          line: i + 2 + j,
          command,
          expectedExit: Number(EXIT.exec(command)?.[1] ?? 0),
          expectedOutput: output.length === 0 ? "" : `${output.join("\n")}\n`,
        });
      }
      blocks.push({ kind: "console", line: i + 1, commands, bodyStart: i + 1, bodyEnd: close });
    } else if ((language === "js" || language === "javascript") && FILE_NAME.test(body[0] ?? "")) {
      blocks.push({ kind: "file", line: i + 1, name: FILE_NAME.exec(body[0]!)![1]!, content: `${body.join("\n")}\n` });
    } else if (language === "sh" && body.some((line) => line.startsWith("$ "))) {
      throw new Error(`${documentName}:${i + 1}: a sh block with "$ " prompts: make it a console block (with its output) or drop the prompts`);
    }
    i = close;
  }
  return blocks;
}

export interface Sandbox {
  readonly cwd: string;
  readonly env: Record<string, string>;
}

/**
 * The files under `dir` (relative to `root`, "/"-separated, sorted) that git tracks: a file left
 * there by running an example (a schedule.svg) or by an editor is no example and no document, so
 * the docs' examples, their tests and the schema's test see the same files on every clone (issue
 * 39, item 5). Outside a git checkout (an unpacked tarball), every file under it.
 */
export function trackedFiles(root: string, dir: string): string[] {
  const listed = spawnSync("git", ["ls-files", "-z", "--", dir], { cwd: root, encoding: "utf8" });
  if (listed.status === 0) return listed.stdout.split("\0").filter((path) => path !== "").sort();
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length).replace(/^[\\/]+/, "").replace(/\\/g, "/"))
    .sort();
}

/** A scratch directory for one document's examples (see the conventions above). */
export function makeSandbox(root: string): Sandbox {
  const cwd = mkdtempSync(join(tmpdir(), "backoff-docs-"));
  // The tracked files of docs/examples, in their folders (deploy/…).
  const examples = "docs/examples/";
  for (const path of trackedFiles(root, examples)) {
    const to = join(cwd, path.slice(examples.length));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(join(root, path), to);
  }
  const bin = join(cwd, ".bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "backoff"), `#!/bin/sh\nexec "${process.execPath}" "${join(root, "bin", "backoff.js")}" "$@"\n`);
  chmodSync(join(bin, "backoff"), 0o755);
  // `import … from "backoff-calculator"` in an example file finds this package, as an installed one would.
  mkdirSync(join(cwd, "node_modules"));
  symlinkSync(root, join(cwd, "node_modules", "backoff-calculator"), "dir");
  const env: Record<string, string> = {};
  const dropped = /^(NO_COLOR|FORCE_COLOR|COLUMNS|LINES|TERM|LC_ALL|LC_CTYPE|LANG|LANGUAGE|CI|GITHUB_ACTIONS|NODE_OPTIONS)$/;
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !dropped.test(name)) env[name] = value;
  env["LANG"] = "C.UTF-8";
  env["PATH"] = `${bin}:${join(root, "node_modules", ".bin")}:${process.env["PATH"] ?? ""}`;
  return { cwd, env };
}

export interface CommandResult {
  readonly exit: number;
  /** stdout, then stderr: what the document shows. */
  readonly output: string;
}

/** Runs one command in the sandbox; `previousExit` is what `$?` reads. */
export function runCommand(sandbox: Sandbox, command: string, previousExit: number): CommandResult {
  const result = spawnSync("bash", ["-c", `(exit ${previousExit})\n${command}`], { cwd: sandbox.cwd, env: sandbox.env, encoding: "utf8", timeout: 120_000 });
  if (result.error) throw result.error;
  return { exit: result.status ?? 128, output: `${result.stdout}${result.stderr}` };
}

/** Characters that make bash do more than split words when they stand outside quotes. */
const SHELL_SYNTAX = new Set([..."|&;<>()$`\\\"'*?[]{}~!#"]);

/**
 * The arguments of a command that is one plain `backoff` run, split into words as bash
 * splits them, or null when bash would do more: a pipe, a redirection, a variable, a
 * glob, an escape, an assignment before the command, standard input (`-`). A word is
 * plain characters, 'single-quoted' text, or "double-quoted" text without $, ` , \ or !;
 * a trailing `# comment` (such as `# exit 2`) is dropped as bash drops it. The examples
 * test runs these through `run(argv, io)` in the sandbox; bash runs everything else.
 */
export function plainBackoffArgs(command: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === " " || c === "\t") {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "#" && word === null) {
      break; // a comment: bash reads no further
    } else if (c === "'" || c === '"') {
      const close = command.indexOf(c, i + 1);
      if (close === -1) return null;
      const quoted = command.slice(i + 1, close);
      if (c === '"' && /[$`\\!]/.test(quoted)) return null;
      word = (word ?? "") + quoted;
      i = close;
    } else if (SHELL_SYNTAX.has(c) || c === "\n") {
      return null;
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== null) words.push(word);
  if (words[0] !== "backoff" || words.includes("-")) return null;
  return words.slice(1);
}

/** Writes a file block into the sandbox. */
export function writeExampleFile(sandbox: Sandbox, block: FileBlock): void {
  writeFileSync(join(sandbox.cwd, block.name), block.content);
}

/** The console block's body with each command's output replaced by what it printed. */
export function blockBody(block: ConsoleBlock, results: readonly CommandResult[]): string[] {
  return block.commands.flatMap((command, index) => {
    const output = results[index]!.output;
    return [`$ ${command.command}`, ...(output === "" ? [] : output.replace(/\n$/, "").split("\n"))];
  });
}

/** The documents whose examples are run, relative to the package root. */
export function documentPaths(root: string): string[] {
  const top = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"].filter((name) => existsSync(join(root, name)));
  const docs = trackedFiles(root, "docs/").filter((path) => /^docs\/[^/]+\.md$/.test(path));
  return [...top, ...docs];
}
