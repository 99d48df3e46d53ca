import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CommandDefinition } from "../../src/cli/command.js";
import { ROOT_COMMAND, SUBCOMMANDS } from "../../src/cli/registry.js";
import { FORMAT_NAMES, type FormatName, OUTPUT_FORMATS, formatNamed, formatsBeside, formatsWriting, rendererFor, writes } from "../../src/format/registry.js";
import type { Output } from "../../src/format/renderer.js";
import { runCli } from "../support/cli.js";
import { ROOT } from "../support/paths.js";
import { formatList, generatedDoc } from "../support/registries.js";

/** Every command that writes an output, with the words that run it ("" for the schedule, the root command). */
const WRITERS: readonly (CommandDefinition & { readonly output: NonNullable<CommandDefinition["output"]> })[] = [ROOT_COMMAND, ...SUBCOMMANDS].filter(
  (command): command is CommandDefinition & { output: NonNullable<CommandDefinition["output"]> } => command.output !== undefined,
);
const argv = (command: CommandDefinition) => (command.name === "" ? [] : [command.name]);

describe("the registry: every command's formats resolve, and every renderer is some command's", () => {
  // The inventory: the one test that holds the formats, against the generated man page (npm run
  // docs writes man/backoff.1 from each command's help, whose --format line lists its formats).
  it("each command takes the formats man/backoff.1 lists for it, the first the default", () => {
    const sections = generatedDoc("man/backoff.1").split(/^\.SH /m);
    for (const command of WRITERS) {
      const heading = command.name === "" ? '"THE SCHEDULE: backoff [options]"' : `"backoff ${command.name.toUpperCase()}"`;
      const section = sections.find((text) => text.startsWith(`${heading}\n`))!.replace(/\s+/g, " ");
      const [, listed, fallback] = /output format \(one of ([^;]+); default: (\w+)\)/.exec(section)!;
      expect([command.output.formats.join(", "), command.output.formats[0]], command.name).toEqual([listed, fallback]);
    }
    expect(WRITERS.length).toBeGreaterThan(0);
  });

  it("the commands that print data declare what they write", () => {
    expect(Object.fromEntries(WRITERS.map((command) => [command.name, command.output.writes.map((output) => output.writes)]))).toEqual({
      "": ["schedule"],
      check: ["check"],
      solve: ["solve"],
      // The cohort, then --model occ and --model capacity.
      simulate: ["simulation", "occ", "capacity"],
      presets: ["presets"],
      compare: ["compare"],
      chain: ["chain"],
    });
  });


  it.each(WRITERS.map((command) => [command.name || "backoff", command] as const))("%s: each listed format loads a renderer of its output", async (_, command) => {
    for (const { writes: output, formats } of [...command.output.writes, ...(command.output.beside ?? [])]) {
      for (const format of formats) {
        const renderer = await rendererFor(output, format);
        expect(typeof renderer.render, `${format} for ${output}`).toBe("function");
      }
    }
  });

  it("a format written beside the chosen one is no --format choice: check's GitHub annotations", () => {
    expect(formatsBeside("check")).toEqual(["github"]);
    expect(formatsWriting("check")).not.toContain("github");
    expect(FORMAT_NAMES.filter((format) => formatsBeside("schedule").includes(format as never))).toEqual([]);
  });

  it("a renderer that no command lists would be dead code: every one is listed", () => {
    // Listed to be chosen with --format, or written beside the one chosen (check's GitHub annotations).
    const listed = new Set(WRITERS.flatMap((command) => [...command.output.writes, ...(command.output.beside ?? [])].flatMap(({ writes: output, formats }) => formats.map((format) => `${output}:${format}`))));
    const registered = FORMAT_NAMES.flatMap((format) => Object.keys(OUTPUT_FORMATS[format].renderers).map((output) => `${output}:${format}`));
    expect(registered.filter((entry) => !listed.has(entry))).toEqual([]);
  });

  it("each renderer file is the registry's line for its output and format (src/format/formats/<output>/<format>.ts)", async () => {
    const folder = join(ROOT, "src/format/formats");
    const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
    expect(files.length).toBe(FORMAT_NAMES.reduce((sum, format) => sum + Object.keys(OUTPUT_FORMATS[format].renderers).length, 0));
    for (const file of files) {
      const [output, name] = file.replace(/\.ts$/, "").split(/[\\/]/) as [Output, FormatName];
      expect(writes(name, output), file).toBe(true);
      const module = (await import(join(folder, file))) as { renderer: unknown };
      expect(module.renderer, file).toBe(await rendererFor(output, name));
    }
  });

  it("a format a command does not write is a bug in backoff, not bad input: rendererFor says which", async () => {
    await expect(rendererFor("simulation", "svg")).rejects.toThrow("no svg renderer for the simulation output");
  });
});

describe("formatNamed: a --format word among a command's formats", () => {
  it("finds a name, and an alias only where its format is taken", () => {
    expect(formatNamed("csv", ["table", "csv"])).toEqual({ format: "csv" });
    // "text" is what check and presets called the table before.
    expect(formatNamed("text", ["table", "json"])).toEqual({ format: "table" });
    expect(formatNamed("text", ["csv", "json"])).toEqual({ format: null, near: null });
  });

  it("offers the closest name for a typo: a third of the word's length in edits, at least one", () => {
    // "jsn" → "json": one insertion; "srif" → "sarif": one insertion; "mardown" → "markdown": one.
    expect(formatNamed("jsn", ["table", "json", "sarif"])).toEqual({ format: null, near: "json" });
    expect(formatNamed("srif", ["table", "json", "sarif"])).toEqual({ format: null, near: "sarif" });
    expect(formatNamed("mardown", FORMAT_NAMES)).toEqual({ format: null, near: "markdown" });
    // "xml" → "html" takes two edits, over the one a three-letter word allows.
    expect(formatNamed("xml", FORMAT_NAMES)).toEqual({ format: null, near: null });
  });

  it("only among the command's own formats: sarif is not offered to a command that does not write it", () => {
    expect(formatNamed("sarif", ["table", "csv"])).toEqual({ format: null, near: null });
  });
});

describe("--format through the CLI: one error line listing the command's formats", () => {
  it.each([
    [["--format", "xml"], `error: --format must be one of ${formatList("")}, got "xml"`],
    [["--format", "jsn"], `error: --format must be one of ${formatList("")}, got "jsn"; did you mean json?`],
    [["check", "--format", "csv"], `error: --format must be one of ${formatList("check")}, got "csv"`],
    [["check", "--format", "srif"], `error: --format must be one of ${formatList("check")}, got "srif"; did you mean sarif?`],
    [["simulate", "--format", "html"], `error: --format must be one of ${formatList("simulate")}, got "html"`],
    [["simulate", "--format", "tvs"], `error: --format must be one of ${formatList("simulate")}, got "tvs"; did you mean tsv?`],
    [["solve", "--format", "csv"], `error: --format must be one of ${formatList("solve")}, got "csv"`],
    [["presets", "--format", "yaml"], `error: --format must be one of ${formatList("presets")}, got "yaml"`],
    [["chain", "fixed:attempts=2", "--format", "svg"], `error: --format must be one of ${formatList("chain")}, got "svg"`],
    [["compare", "bullmq", "--format", "htm"], `error: --format must be one of ${formatList("compare")}, got "htm"; did you mean html?`],
  ])("%j", async (argv, message) => {
    expect(await runCli(argv)).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
  });

  it("text reads as table wherever the table is taken", async () => {
    const table = await runCli(["presets"]);
    expect(table.code).toBe(0);
    expect(await runCli(["presets", "--format", "text"])).toEqual(table);
    expect(await runCli(["--attempts", "3", "--format", "text"])).toEqual(await runCli(["--attempts", "3"]));
  });

  it.each(WRITERS.map((command) => [command.name || "backoff", command] as const))("%s: an unknown word lists exactly the command's formats", async (_, command) => {
    const { code, stderr } = await runCli([...argv(command), "--format", "yaml"]);
    expect({ code, stderr }).toEqual({ code: 2, stderr: `error: --format must be one of ${command.output.formats.join(", ")}, got "yaml"\n` });
  });

  it.each(WRITERS.map((command) => [command.name || "backoff", command] as const))("%s: help lists the command's formats, the first the default", async (_, command) => {
    const { stdout } = await runCli([...argv(command), "--help"]);
    // Help wraps the line to the width; the words are what counts.
    expect(stdout.replace(/\s+/g, " ")).toContain(`-f, --format <format> output format (one of ${command.output.formats.join(", ")}; default: ${command.output.formats[0]})`);
  });

  it("completion offers each command's formats after --format", async () => {
    const { stdout } = await runCli(["completion", "bash"]);
    const check = stdout.slice(stdout.indexOf("\n    check)"), stdout.indexOf("\n    solve)"));
    expect(check).toContain('-f|--format)\n          COMPREPLY=($(compgen -W "table json sarif junit gitlab" -- "$cur"))');
    const simulate = stdout.slice(stdout.indexOf("\n    simulate)"), stdout.indexOf("\n    presets)"));
    expect(simulate).toContain('-f|--format)\n          COMPREPLY=($(compgen -W "table csv tsv json markdown svg" -- "$cur"))');
  });
});
