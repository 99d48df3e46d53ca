import { describe, expect, it } from "vitest";
import { COMMAND_NAMES, ROOT_COMMAND, SUBCOMMANDS } from "../../src/cli/registry.js";
import { runCli } from "../support/cli.js";

describe("the command registry", () => {
  it("the schedule is the root command (no word of its own); the subcommands in help's order", () => {
    expect(ROOT_COMMAND.name).toBe("");
    expect(COMMAND_NAMES).toEqual(["check", "solve", "simulate", "presets", "compare", "chain", "help", "completion"]);
    expect(SUBCOMMANDS.map((command) => command.name)).toEqual(COMMAND_NAMES);
  });

  it("every command has a one-line summary for the overview", () => {
    for (const command of [ROOT_COMMAND, ...SUBCOMMANDS]) {
      expect(command.summary.length, command.name).toBeGreaterThan(0);
      expect(command.summary.includes("\n"), command.name).toBe(false);
    }
  });

  it("backoff --help lists each, in this order, with its summary", async () => {
    const help = (await runCli(["--help"])).stdout;
    const listed = [...help.matchAll(/^ {2}([a-z]+)\b/gm)].map((match) => match[1]).filter((name) => COMMAND_NAMES.includes(name!));
    expect(listed).toEqual(COMMAND_NAMES);
  });
});
