import { describe, expect, it } from "vitest";
import { FORMAT_NAMES, formatNamed } from "../../src/format/registry.js";
import { runCli } from "../support/cli.js";

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
    [["--format", "xml"], 'error: --format must be one of table, csv, tsv, json, markdown, svg, html, got "xml"'],
    [["--format", "jsn"], 'error: --format must be one of table, csv, tsv, json, markdown, svg, html, got "jsn"; did you mean json?'],
    [["check", "--format", "csv"], 'error: --format must be one of table, json, sarif, junit, gitlab, got "csv"'],
    [["check", "--format", "srif"], 'error: --format must be one of table, json, sarif, junit, gitlab, got "srif"; did you mean sarif?'],
    [["simulate", "--format", "svg"], 'error: --format must be one of table, csv, tsv, json, markdown, got "svg"'],
    [["simulate", "--format", "tvs"], 'error: --format must be one of table, csv, tsv, json, markdown, got "tvs"; did you mean tsv?'],
    [["solve", "--format", "csv"], 'error: --format must be one of table, json, got "csv"'],
    [["presets", "--format", "yaml"], 'error: --format must be one of table, json, got "yaml"'],
    [["compare", "bullmq", "--format", "htm"], 'error: --format must be one of table, csv, tsv, json, markdown, svg, html, got "htm"; did you mean html?'],
  ])("%j", async (argv, message) => {
    expect(await runCli(argv)).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
  });

  it("text reads as table wherever the table is taken", async () => {
    const table = await runCli(["presets"]);
    expect(table.code).toBe(0);
    expect(await runCli(["presets", "--format", "text"])).toEqual(table);
    expect(await runCli(["--attempts", "3", "--format", "text"])).toEqual(await runCli(["--attempts", "3"]));
  });

  it("help lists the command's formats, the first the default", async () => {
    const { stdout } = await runCli(["check", "--help"]);
    expect(stdout).toMatch(/-f, --format <format>\s+output format \(one of table, json, sarif, junit,\s+gitlab; default: table\)/);
  });

  it("completion offers each command's formats after --format", async () => {
    const { stdout } = await runCli(["completion", "bash"]);
    const check = stdout.slice(stdout.indexOf("\n    check)"), stdout.indexOf("\n    solve)"));
    expect(check).toContain('-f|--format)\n          COMPREPLY=($(compgen -W "table json sarif junit gitlab" -- "$cur"))');
    const simulate = stdout.slice(stdout.indexOf("\n    simulate)"), stdout.indexOf("\n    presets)"));
    expect(simulate).toContain('-f|--format)\n          COMPREPLY=($(compgen -W "table csv tsv json markdown" -- "$cur"))');
  });
});
