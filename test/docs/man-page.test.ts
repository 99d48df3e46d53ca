import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manPage } from "../../scripts/man-page.mjs";
import { runCli } from "../support/cli.js";
import { ROOT } from "../support/paths.js";

// man/backoff.1 is generated from the help texts (scripts/man-page.mjs, with the built binary);
// here each help text comes from run(argv, io) in-process, with the same COLUMNS=72 and NO_COLOR.
// One process on purpose: man(1) itself, which renders the page.
async function help(args: string[], env: Record<string, string> = { COLUMNS: "72", NO_COLOR: "1" }): Promise<string> {
  const result = await runCli(args, { env });
  if (result.code !== 0) throw new Error(`backoff ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
  return result.stdout;
}
const generated = await manPage((args) => help(args));

describe("man/backoff.1", () => {
  it("is what the help texts generate", () => {
    const onDisk = readFileSync(join(ROOT, "man", "backoff.1"), "utf8");
    expect(onDisk === generated, "man/backoff.1 is out of date: run npm run docs").toBe(true);
  });

  it("has a section for the schedule and for every command but help, in the help's order", async () => {
    const overview = await help(["--help"], { COLUMNS: "72" });
    const names = [...(overview.split("\nCommands:\n")[1] ?? "").split("\n\n")[0]!.matchAll(/^ {2}(\S+)/gm)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThan(5);
    const sections = [...generated.matchAll(/^\.SH "(.*)"$/gm)].map((match) => match[1]);
    expect(sections).toEqual(["THE SCHEDULE: backoff [options]", ...names.filter((name) => name !== "help").map((name) => `backoff ${name.replace(/-/g, "\\-").toUpperCase()}`), "EXIT STATUS", "SEE ALSO"]);
  });

  it.skipIf(spawnSync("man", ["--version"]).status !== 0)("renders with man(1) without a roff warning, options as typed", () => {
    const rendered = spawnSync("man", ["--warnings", "-l", join(ROOT, "man", "backoff.1")], { encoding: "utf8", env: { ...process.env, MANWIDTH: "80", MANPAGER: "cat", PAGER: "cat" } });
    expect(rendered.stderr).toBe("");
    expect(rendered.status).toBe(0);
    expect(rendered.stdout).toMatch(/^ +--max-total <duration>/m);
    expect(rendered.stdout).toContain("BACKOFF(1)");
  });
});
