import { describe, expect, it } from "vitest";
import { COMMAND_NAMES, ROOT_COMMAND, SUBCOMMANDS } from "../../src/cli/registry.js";
import { runCli } from "../support/cli.js";
import { generatedDoc } from "../support/registries.js";

describe("the command registry", () => {
  // The inventory: the one test that holds the list, against the generated man page (npm run docs
  // writes man/backoff.1 from the help; its COMMANDS section lists each command and its summary).
  it("the schedule is the root command (no word of its own); the subcommands in help's order, as man/backoff.1 lists them", () => {
    expect(ROOT_COMMAND.name).toBe("");
    const commands = `${generatedDoc("man/backoff.1").split("\n.SH COMMANDS\n")[1]!.split("\n.SH ")[0]!}\n`;
    expect(COMMAND_NAMES).toEqual([...commands.matchAll(/^\.B (\S+)$/gm)].map((match) => match[1]!.replace(/\\-/g, "-")));
    expect(COMMAND_NAMES.length).toBeGreaterThan(0);
    for (const command of SUBCOMMANDS) expect(commands, command.name).toContain(`.B ${command.name.replace(/-/g, "\\-")}\n${command.summary.replace(/-/g, "\\-")}\n`);
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
