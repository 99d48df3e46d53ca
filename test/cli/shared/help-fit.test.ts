import { describe, expect, it } from "vitest";
import { PIPED_HELP_WIDTH, fitHelpText } from "../../../src/cli/shared/help-fit.js";
import { runCli } from "../../support/cli.js";

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
    // A command wider than the line stays whole.
    const wide = "  $ backoff --factor 1.6 --cap 2m --format json | jq '.rows[-1].cumulative_ms'";
    expect(fitHelpText(wide, 40)).toBe(wide);
    // Examples that fit keep their aligned comments.
    expect(fitHelpText(text, 100)).toBe(text);
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

describe("backoff --help as it is shown", () => {
  it("at 80 columns: the jq example on one line, the deadline example's comment above it", async () => {
    const { stdout } = await runCli(["--help"], { columns: 80, isTTY: true, env: { NO_COLOR: "1" } });
    const lines = stdout.split("\n");
    expect(lines).toContain("  $ backoff --factor 1.6 --cap 2m --format json | jq '.rows[-1].cumulative_ms'");
    const at = lines.indexOf("  $ backoff --attempts 10 --attempt-time 2s --deadline 30s");
    expect(lines[at - 1]).toBe("  # which retries fire in time");
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(80);
  });

  it("at 60 columns the Jitter paragraph wraps evenly", async () => {
    const { stdout } = await runCli(["--help"], { columns: 60, isTTY: true, env: { NO_COLOR: "1" } });
    const lines = stdout.split("\n");
    const at = lines.findIndex((line) => line.startsWith("Jitter (--jitter):"));
    expect(lines.slice(at, at + 5)).toEqual([
      "Jitter (--jitter): none, full (uniform [0, d]), equal (d/2 +",
      "  uniform [0, d/2]), decorrelated (min(cap, uniform(base,",
      "  previous × 3)); needs --cap), or a fraction such as 0.2",
      "  (uniform [d·0.8, d·1.2]). The cap stays a hard ceiling.",
      "",
    ]);
  });

  it("in a pipe every line but a wide example fits 80 columns (simulate's options were 150 wide)", async () => {
    for (const argv of [["--help"], ["simulate", "--help"], ["check", "--help"], ["compare", "--help"]]) {
      const { stdout } = await runCli(argv, { env: { NO_COLOR: "1" } });
      const wide = stdout.split("\n").filter((line) => line.length > 80 && !/^\s*\$ /.test(line));
      expect(wide, argv.join(" ")).toEqual([]);
    }
  });
});
