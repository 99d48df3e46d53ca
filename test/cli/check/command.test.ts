import { describe, expect, it } from "vitest";
import { checkCommand } from "../../../src/cli/check/command.js";
import { formatsWriting } from "../../../src/format/registry.js";
import { runCli } from "../../support/cli.js";

// src/cli/check/command.ts: check's definition, and which run a command line is routed to
// (check PATH… to files.ts, --config or policy flags to action.ts, nothing to a usage error).

describe("check's definition", () => {
  it("writes the check in the registry's check formats, table (the default), json, sarif, junit and gitlab", () => {
    expect(checkCommand.name).toBe("check");
    expect(checkCommand.output!.writes.map((output) => [output.writes, output.formats])).toEqual([["check", ["table", "json", "sarif", "junit", "gitlab"]]]);
    expect(checkCommand.output!.formats).toEqual(["table", "json", "sarif", "junit", "gitlab"]);
    expect(checkCommand.output!.formats).toEqual(formatsWriting("check"));
    // GitHub annotations are written beside the chosen format under GITHUB_ACTIONS, never chosen with --format (the registry's `beside`).
    expect(checkCommand.output!.beside?.map((output) => [output.writes, output.formats])).toEqual([["check", ["github"]]]);
  });

  it("a word people type for a limit names the flags it could mean", async () => {
    // CHECK_SYNONYMS: "--max" could be the longest delay or the total.
    expect(await runCli(["check", "--max", "5s"])).toEqual({ code: 2, stdout: "", stderr: "error: unknown option '--max' (did you mean --max-delay or --max-total?)\n" });
    expect((await runCli(["check", "--budget", "5m"])).stderr).toBe("error: unknown option '--budget' (did you mean --max-total?)\n");
  });
});

describe("check's routing and refusals", () => {
  it("check without a PATH, a config or policy flags: one line", async () => {
    expect(await runCli(["check"])).toEqual({ code: 2, stdout: "", stderr: "error: no policy given: name a PATH such as `.`, a `--config FILE`, or policy flags such as --base 1s --attempts 8\n" });
    // Limits alone describe no policy either.
    expect((await runCli(["check", "--max-total", "5m"])).code).toBe(2);
  });

  it("without a policy, a bad limit or client count is the line named (it has to be fixed either way)", async () => {
    expect(await runCli(["check", "--max-total", "soon"])).toEqual({ code: 2, stdout: "", stderr: 'error: --max-total must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "soon"\n' });
    expect(await runCli(["check", "--clients", "x"])).toEqual({ code: 2, stdout: "", stderr: 'error: --clients must be a whole number such as 5, got "x"\n' });
  });

  it("a usage error keeps to its one line: no bare-number warning beside it", async () => {
    // --max-total 5 is 5 ms, which a run that checks something warns about (config/bare-numbers.ts); this one checks nothing.
    expect(await runCli(["check", "--max-total", "5"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: no policy given: name a PATH such as `.`, a `--config FILE`, or policy flags such as --base 1s --attempts 8\n",
    });
  });

  it("--exclude and --any-file need a PATH; --max-amplification is refused beside one", async () => {
    expect(await runCli(["check", "--exclude", "*.json"])).toEqual({ code: 2, stdout: "", stderr: "error: --exclude needs a PATH to search (backoff check . --exclude GLOB)\n" });
    expect(await runCli(["check", "--any-file"])).toEqual({ code: 2, stdout: "", stderr: "error: --any-file needs a PATH to search (backoff check . --any-file)\n" });
    expect(await runCli(["check", ".", "--max-amplification", "3"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "error: --max-amplification checks a chain, and check PATH does not guess which policy calls which; name the layers in a config's \"chain\" section and run backoff check --config FILE\n",
    });
  });
});
