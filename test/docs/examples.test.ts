import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type CommandResult, type Sandbox, documentPaths, makeSandbox, parseExamples, plainBackoffArgs, runCommand, trackedFiles, writeExampleFile } from "../../scripts/doc-examples.js";
import { runCli } from "../support/cli.js";
import { tempFiles } from "../support/files.js";

// Every example in the documentation that shows output must print exactly what the document
// shows. The conventions are in CONTRIBUTING.md and scripts/doc-examples.ts.
//
// Processes: a command that is one plain `backoff …` run (plainBackoffArgs: words and quotes
// only) runs in-process through run(argv, io), in the sandbox's folder with its environment,
// as bin/backoff.js would hand them over; every other command (pipes, redirections, `$?`,
// `node example.mjs`, an environment prefix, standard input) is a bash process, with `backoff`
// the built binary (`npm test` builds first), because the shell is part of what it shows.
// The binary itself is tested in test/e2e; `npm run docs:examples` writes the outputs with it.
const root = fileURLToPath(new URL("../..", import.meta.url));
const documents = documentPaths(root);
const hasJq = spawnSync("jq", ["--version"]).status === 0;
const HOW_TO_UPDATE = "if the change is intended, run `npm run docs:examples` and review the diff";

/** A plain `backoff …` example through run(argv, io): in the sandbox's folder, with its environment, not a terminal, no standard input. */
async function runInProcess(sandbox: Sandbox, args: readonly string[]): Promise<CommandResult> {
  const previous = process.cwd();
  process.chdir(sandbox.cwd);
  try {
    const { code, stdout, stderr } = await runCli(args, { env: sandbox.env });
    return { exit: code, output: `${stdout}${stderr}` };
  } finally {
    process.chdir(previous);
  }
}

describe("the documents", () => {
  it("include the README, ARCHITECTURE, CONTRIBUTING and the docs pages", () => {
    for (const name of ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "docs/presets.md", "docs/jitter.md", "docs/check.md", "docs/solve.md", "docs/simulate.md", "docs/compare.md", "docs/chain.md", "docs/deadlines.md", "docs/pictures.md", "docs/performance.md", "docs/library.md"]) {
      expect(documents).toContain(name);
    }
  });

  it("README.md is at most 400 lines", () => {
    const lines = readFileSync(join(root, "README.md"), "utf8").split("\n");
    // A final newline leaves one empty string after the split; `wc -l` does not count it.
    expect(lines.length - 1).toBeLessThanOrEqual(400);
  });

  it("the README shows a run example of every command", () => {
    const commands = parseExamples(readFileSync(join(root, "README.md"), "utf8"), "README.md").flatMap((block) => (block.kind === "console" ? block.commands.map((command) => command.command) : []));
    for (const pattern of [/^backoff --/, /^backoff presets /, /^backoff --preset /, /^backoff check /, /^backoff solve /, /^backoff simulate /]) {
      expect(commands.some((command) => pattern.test(command)), String(pattern)).toBe(true);
    }
  });
});

describe("the example parser", () => {
  it("reads commands, outputs, exit codes and files", () => {
    const markdown = [
      "Text",
      "```console",
      "$ backoff --base 1",
      "a",
      "",
      "b",
      "$ backoff --base -1  # exit 2",
      "error: x",
      "$ echo $?",
      "2",
      "```",
      "```js",
      "// one.mjs",
      "console.log(1);",
      "```",
      "```sh",
      "backoff --help",
      "```",
    ].join("\n");
    expect(parseExamples(markdown)).toEqual([
      {
        kind: "console",
        line: 2,
        bodyStart: 2,
        bodyEnd: 10,
        commands: [
          { line: 3, command: "backoff --base 1", expectedExit: 0, expectedOutput: "a\n\nb\n" },
          { line: 7, command: "backoff --base -1  # exit 2", expectedExit: 2, expectedOutput: "error: x\n" },
          { line: 9, command: "echo $?", expectedExit: 0, expectedOutput: "2\n" },
        ],
      },
      { kind: "file", line: 12, name: "one.mjs", content: "// one.mjs\nconsole.log(1);\n" },
    ]);
  });

  it("refuses blocks it would otherwise skip or misread", () => {
    expect(() => parseExamples("```\n$ backoff\n```\n", "x.md")).toThrow("x.md:1: a code block without a language");
    expect(() => parseExamples("```console\nbackoff\n```\n", "x.md")).toThrow('x.md:1: a console block must start with a "$ " command');
    expect(() => parseExamples("- item\n  ```console\n  $ backoff\n  ```\n", "x.md")).toThrow("x.md:2: a console block must not be indented");
    expect(() => parseExamples("```sh\n$ backoff\n```\n", "x.md")).toThrow("x.md:1: a sh block with");
    expect(() => parseExamples("```console\n$ backoff\n", "x.md")).toThrow("x.md:1: a code block that is never closed");
  });

  it("reads a longer fence as one block, with shorter fences inside", () => {
    expect(parseExamples("````md\n```console\n$ backoff\n```\n````\n")).toEqual([]);
  });

  it("takes a plain backoff command's words as bash splits them, and leaves everything else to bash", () => {
    expect(plainBackoffArgs(`backoff --base 1s  --cap '1 m' "x y"z '' --policy a=b,c:d±e  # exit 2`)).toEqual(["--base", "1s", "--cap", "1 m", "x yz", "", "--policy", "a=b,c:d±e"]);
    for (const command of ["backoff --base 1s | head -1", "backoff > out.svg", "backoff 2>&1", "LANG=C backoff", "backoff $HOME", 'backoff "$x"', "backoff *.json", "backoff a\\ b", "backoff ~/x", "backoff {a,b}", "backoff --config -", "backoff a; echo", "backoff 'open", "echo backoff", "node backoff.mjs", "backoff a#b"]) {
      expect(plainBackoffArgs(command), command).toBeNull();
    }
  });

  // A process on purpose: bash is the reference for its own word splitting.
  it("and those words are the ones bash passes, for every such command in the documents", () => {
    const commands = documents.flatMap((path) =>
      parseExamples(readFileSync(join(root, path), "utf8"), path).flatMap((block) => (block.kind === "console" ? block.commands.map((command) => command.command) : [])),
    );
    const plain = commands.filter((command) => plainBackoffArgs(command) !== null);
    expect(plain.length).toBeGreaterThan(50);
    // Each command with backoff a function that prints its arguments, NUL after each, then a line of its own.
    const script = [`backoff() { [ $# -eq 0 ] || printf '%s\\0' "$@"; printf '\\n--\\n'; }`, ...plain].join("\n");
    const passed = spawnSync("bash", ["-c", script], { encoding: "utf8" });
    expect(passed.status).toBe(0);
    const words = passed.stdout.split("\n--\n").slice(0, -1).map((text) => (text === "" ? [] : text.split("\0").slice(0, -1)));
    expect(words).toEqual(plain.map((command) => plainBackoffArgs(command)));
  });
});

for (const path of documents) {
  describe(path, () => {
    const markdown = readFileSync(join(root, path), "utf8");
    it("has well-formed code blocks (each names its language; console blocks start with a command)", () => {
      expect(() => parseExamples(markdown, path)).not.toThrow();
    });
    const blocks = (() => {
      try {
        return parseExamples(markdown, path);
      } catch {
        return []; // reported by the test above
      }
    })();
    let sandbox: Sandbox | undefined;
    const scratch = () => (sandbox ??= makeSandbox(root));
    afterAll(() => {
      if (sandbox) rmSync(sandbox.cwd, { recursive: true, force: true });
    });

    for (const block of blocks) {
      if (block.kind === "file") {
        it(`line ${block.line}: ${block.name}`, () => writeExampleFile(scratch(), block));
        continue;
      }
      const needsJq = block.commands.some((command) => /\|\s*jq\b/.test(command.command));
      it.skipIf(needsJq && !hasJq)(`line ${block.line}: ${block.commands.map((command) => command.command).join("; ")}`, async () => {
        let previousExit = 0;
        for (const command of block.commands) {
          const args = plainBackoffArgs(command.command);
          const result = args === null ? runCommand(scratch(), command.command, previousExit) : await runInProcess(scratch(), args);
          expect(result.output, `${path}:${command.line} \`${command.command}\` prints something else; ${HOW_TO_UPDATE}`).toBe(command.expectedOutput);
          expect(result.exit, `${path}:${command.line} \`${command.command}\` exit code (mark another with "# exit N")`).toBe(command.expectedExit);
          previousExit = result.exit;
        }
      });
    }
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Relative links outside code: [text](target), the target without a scheme. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^(\s*)(`{3,})[^\n]*\n[\s\S]*?\n\s*\2`*\s*$/gm, "").replace(/(`+)[^`]*?\1/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

describe("links between the documents", () => {
  it("the anchor rule matches GitHub's on headings with code and punctuation", () => {
    expect(slug("Pictures: `--chart` and `--format svg`")).toBe("pictures---chart-and---format-svg");
    expect(slug("Jitter: `--jitter <mode>`")).toBe("jitter---jitter-mode");
    expect(slug("Errors (exit 2, one line on stderr)")).toBe("errors-exit-2-one-line-on-stderr");
  });

  for (const path of documents) {
    it(`${path}: every relative link points to a file (and heading) that exists`, () => {
      const markdown = readFileSync(join(root, path), "utf8");
      const links = relativeLinks(markdown);
      for (const link of links) {
        const [file, anchor] = link.split("#") as [string, string | undefined];
        const target = file === "" ? join(root, path) : normalize(join(root, dirname(path), decodeURIComponent(file)));
        expect(existsSync(target), `${path}: the link ${link} points to a missing file`).toBe(true);
        if (anchor !== undefined && anchor !== "" && statSync(target).isFile() && target.endsWith(".md")) {
          expect([...anchors(readFileSync(target, "utf8"))], `${path}: the link ${link} names a missing heading`).toContain(anchor);
        }
      }
    });
  }

  it("the README links to every page in docs/", () => {
    const readmeLinks = relativeLinks(readFileSync(join(root, "README.md"), "utf8")).map((link) => link.split("#")[0]);
    for (const page of documents.filter((name) => name.startsWith("docs/"))) expect(readmeLinks, page).toContain(page);
  });
});

describe("the files the examples and their tests read: those git tracks (issue 39, item 5)", () => {
  it("docs/examples' tracked files, folders included, sorted", () => {
    const files = trackedFiles(root, "docs/examples/");
    expect(files).toContain("docs/examples/retry.json");
    expect(files).toContain("docs/examples/deploy/application.yml");
    expect(files).toEqual([...files].sort());
  });

  it("outside a git checkout (an unpacked tarball), every file under the folder", () => {
    const dir = tempFiles({ "a.json": "{}", "b.md": "# b" });
    expect(trackedFiles(dir, "")).toEqual(["a.json", "b.md"]);
  });
});
