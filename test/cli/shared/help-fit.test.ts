import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";

// src/cli/shared/help-fit.ts fits commander's option list; the text after it is fitted by
// src/format/help-text.ts (test/format/help-text.test.ts). Both as backoff --help shows them.

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
    expect(lines.slice(at, at + 8)).toEqual([
      "Jitter (--jitter): none, full (uniform [0, d]), equal (d/2 +",
      "  uniform [0, d/2]), decorrelated (min(cap, uniform(base,",
      "  previous × 3)); needs --cap), or a fraction such as 0.2",
      "  (uniform [d·0.8, d·1.2]). The cap stays a hard ceiling.",
      "  The delay column is always the jitter-free value the",
      "  formula gives (under --preset too); the range and mean",
      "  beside it are the draws'.",
      "",
    ]);
  });

  it("in a pipe every line fits 80 columns, examples continued with \\ (simulate's options were 150 wide)", async () => {
    for (const argv of [["--help"], ["simulate", "--help"], ["check", "--help"], ["compare", "--help"], ["solve", "--help"], ["chain", "--help"]]) {
      const { stdout } = await runCli(argv, { env: { NO_COLOR: "1" } });
      const wide = stdout.split("\n").filter((line) => line.length > 80);
      expect(wide, argv.join(" ")).toEqual([]);
    }
    const { stdout } = await runCli(["simulate", "--help"], { env: { NO_COLOR: "1" } });
    expect(stdout).toContain("  $ backoff simulate --model capacity --outage 10s..20s --base 100ms --cap 1s \\\n      --jitter full --attempts 3\n");
  });
});
