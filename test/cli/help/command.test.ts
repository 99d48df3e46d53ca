import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { COMMANDS_LISTED } from "../../support/registries.js";

describe("backoff help", () => {
  it("alone: the same as backoff --help", async () => {
    const help = await runCli(["help"]);
    expect(help).toEqual({ ...(await runCli(["--help"])), code: 0 });
    expect(help.stdout.startsWith("Usage: backoff")).toBe(true);
  });

  it("help COMMAND: the same as COMMAND --help", async () => {
    for (const name of ["chain", "check", "completion"]) {
      const help = await runCli(["help", name]);
      expect([help.code, help.stderr]).toEqual([0, ""]);
      expect(help.stdout).toBe((await runCli([name, "--help"])).stdout);
    }
  });

  it("a command that is not there: the list, and the nearest; exit 2", async () => {
    expect(await runCli(["help", "nope"])).toEqual({ code: 2, stdout: "", stderr: `error: unknown command "nope" (the commands are ${COMMANDS_LISTED})\n` });
    expect((await runCli(["help", "chian"])).stderr).toMatch(/did you mean chain\?/);
  });
});
