import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { presetsCommand } from "../../../src/cli/presets/command.js";
import { PRESETS, presetNames } from "../../../src/presets/registry.js";
import { runCli } from "../../support/cli.js";

describe("presets' definition", () => {
  it("an optional preset name; a table (the default) or JSON", () => {
    const command = new Command("presets");
    presetsCommand.define(command);
    expect(command.registeredArguments.map((argument) => [argument.name(), argument.required])).toEqual([["name", false]]);
    expect(command.options.map((option) => option.long)).toEqual(["--format"]);
    expect(presetsCommand.output?.formats).toEqual(["table", "json"]);
  });

  it("--format takes only those", async () => {
    expect(await runCli(["presets", "--format", "csv"])).toEqual({ code: 2, stdout: "", stderr: 'error: --format must be one of table, json, got "csv"\n' });
  });
});

describe("presets --help", () => {
  it("its examples, each of which runs, then every preset's name", async () => {
    const help = await runCli(["presets", "--help"]);
    expect(help.code).toBe(0);
    const examples = [...help.stdout.matchAll(/^ {2}\$ backoff (.+?)(?:\s+#.*)?$/gm)].map((match) => match[1]!.split(" "));
    expect(examples.map((args) => args.join(" "))).toEqual(["presets", "presets grpc-js", "presets grpc-js --format json", "--preset grpc-js --cap 30s"]);
    for (const args of examples) expect((await runCli(args)).code, args.join(" ")).toBe(0);
    expect(help.stdout).toContain(`Presets (${PRESETS.length}):\n  ${presetNames()[0]}, ${presetNames()[1]},`);
  });
});
