import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PIPED_HELP_WIDTH, fitHelpText } from "../../src/format/help-text.js";

// Issue 23, item 8: help at 80 columns wrapped example comments onto lines that read as part
// of the command and split a `| jq …` example in two; the Jitter paragraph came out ragged; in
// a pipe, help had 107-character lines.
describe("fitHelpText", () => {
  it("never breaks an example: a comment that does not fit goes above its command", () => {
    const text = ["Examples:", "  $ backoff --attempts 10 --attempt-time 2s --deadline 30s   # which retries fire in time", "  $ backoff check .   # every policy", ""].join("\n");
    expect(fitHelpText(text, 60).split("\n")).toEqual([
      "Examples:",
      "  # which retries fire in time",
      "  $ backoff --attempts 10 --attempt-time 2s --deadline 30s",
      "  # every policy",
      "  $ backoff check .",
      "",
    ]);
    // A command wider than the line is continued as a shell continues it, never cut inside quotes.
    const wide = "  $ backoff --factor 1.6 --cap 2m --format json | jq '.rows[-1].cumulative_ms'";
    expect(fitHelpText(wide, 40).split("\n")).toEqual(["  $ backoff --factor 1.6 --cap 2m \\", "      --format json \\", "      | jq '.rows[-1].cumulative_ms'"]);
    // Examples that fit keep their aligned comments.
    expect(fitHelpText(text, 100)).toBe(text);
  });

  it("continues a command too wide for the line with \\, an option beside its value, the last line full width", () => {
    const line = "  $ backoff simulate --model capacity --outage 10s..20s --base 100ms --cap 1s --jitter full --attempts 3";
    expect(fitHelpText(line, 80).split("\n")).toEqual([
      "  $ backoff simulate --model capacity --outage 10s..20s --base 100ms --cap 1s \\",
      "      --jitter full --attempts 3",
    ]);
    expect(fitHelpText(line, 40).split("\n")).toEqual([
      "  $ backoff simulate --model capacity \\",
      "      --outage 10s..20s --base 100ms \\",
      "      --cap 1s --jitter full \\",
      "      --attempts 3",
    ]);
    // A word wider than any line stays whole on a line of its own.
    expect(fitHelpText("  $ backoff check averyveryverylongdirectoryname/", 20).split("\n")).toEqual(["  $ backoff check \\", "      averyveryverylongdirectoryname/"]);
  });

  it("a continued example is the same command to bash: the same words reach the program", () => {
    const line = "  $ backoff --factor 1.6 --cap 2m --format json | jq '.rows[-1].cumulative_ms' > \"out file.json\"";
    const words = (example: string) =>
      execFileSync("bash", ["-c", `backoff() { printf '[%s]' "$@"; }; jq() { cat; printf '<%s>' "$@"; }; ${example.replace(/^\s*\$ /, "").replace(/> "out file.json"$/, "")}`], { encoding: "utf8" });
    const fitted = fitHelpText(line, 30);
    expect(fitted.split("\n").length).toBeGreaterThan(2);
    expect(words(fitted)).toBe("[--factor][1.6][--cap][2m][--format][json]<.rows[-1].cumulative_ms>");
    expect(fitted.replace(/ \\\n\s+/g, " ")).toBe(line);
  });

  it("re-flows a paragraph as one, keeping its hanging indent", () => {
    const text = ["Jitter: one two three four", "  five six seven eight nine", "  ten."].join("\n");
    expect(fitHelpText(text, 30).split("\n")).toEqual(["Jitter: one two three four", "  five six seven eight nine", "  ten."]);
    expect(fitHelpText(text, 40).split("\n")).toEqual(["Jitter: one two three four five six", "  seven eight nine ten."]);
  });

  it("wraps a list item under its description, each item on its own", () => {
    const text = ["Exit codes:", "  0  success", "  1  a check found a problem (backoff check: a limit broken)"].join("\n");
    expect(fitHelpText(text, 40).split("\n")).toEqual(["Exit codes:", "  0  success", "  1  a check found a problem (backoff", "     check: a limit broken)"]);
  });

  it("fits to 80 columns where there is no terminal", () => {
    expect(PIPED_HELP_WIDTH).toBe(80);
    const long = `Word ${"x ".repeat(50)}end.`;
    expect(fitHelpText(long, null).split("\n").every((line) => line.length <= 80)).toBe(true);
  });
});
