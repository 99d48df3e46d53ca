import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { completionCommand } from "../../../src/cli/completion/command.js";
import { COMPLETION_SHELLS } from "../../../src/cli/completion/shells.js";
import { runCli } from "../../support/cli.js";

describe("completion's definition", () => {
  it("one shell, of bash, zsh and fish; no --format", () => {
    const command = new Command("completion");
    completionCommand.define(command);
    expect(COMPLETION_SHELLS).toEqual(["bash", "zsh", "fish"]);
    expect(command.registeredArguments.map((argument) => [argument.name(), argument.required, argument.argChoices])).toEqual([["shell", true, ["bash", "zsh", "fish"]]]);
    expect(completionCommand.output).toBeUndefined();
  });

  it("a missing or unknown shell is one line, exit 2", async () => {
    expect(await runCli(["completion"])).toEqual({ code: 2, stdout: "", stderr: "error: backoff completion needs a shell: bash, zsh or fish\n" });
    expect(await runCli(["completion", "tcsh"])).toEqual({ code: 2, stdout: "", stderr: 'error: backoff completion takes a shell: bash, zsh or fish, got "tcsh"\n' });
  });

  it("writes the script for the shell asked for", async () => {
    for (const shell of COMPLETION_SHELLS) {
      const result = await runCli(["completion", shell]);
      expect([result.code, result.stderr, result.stdout.split("\n").some((line) => line.startsWith(`# ${shell} completion for backoff`))]).toEqual([0, "", true]);
    }
  });
});
