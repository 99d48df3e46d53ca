import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT as root } from "../support/paths.js";

/**
 * `backoff … | head -1`: the reader goes away after one line. The program must end at
 * once (it stops producing: a range of 2^53 attempts would otherwise run for years),
 * with exit code 0 and nothing on stderr. Runs the built binary (the global setup builds
 * it). The timeout is a generous guard against a hang, not a timing assertion.
 */
const HUGE = "1..9007199254740991";

/** Capped so that no total saturates within what head reads (no saturation warning is due). */
const CASES: ReadonlyArray<readonly string[]> = [
  ...["csv", "tsv", "json", "markdown"].flatMap((format) => [
    ["--attempts", HUGE, "--cap", "1m", "--format", format],
    ["--strategy", "linear", "--attempts", HUGE, "--cap", "30s", "--format", format],
    ["--strategy", "fixed", "--base", "250ms", "--attempts", HUGE, "--format", format],
    ["--attempts", "1..1000000", "--cap", "1m", "--format", format],
  ]),
  // A table of up to 5,000 rows is measured first (two passes); a longer one takes its widths from the last row.
  ["--attempts", "1..20000", "--cap", "1m"],
  ["--attempts", "1..20000", "--cap", "1m", "--format", "table"],
  ["--attempts", "1..100000", "--cap", "1h"], // as many rows as a table draws
  ["--help"],
  ["--attempts", HUGE, "--cap", "1m", "--jitter", "full", "--seed", "7", "--format", "csv"],
  ["--attempts", "1..1000000", "--cap", "1m", "--jitter", "decorrelated", "--format", "json"],
  ["--preset", "grpc", "--attempts", HUGE, "--format", "csv"],
  // A capped preset: sidekiq's uncapped totals saturate at attempt 539, about 64 KB of Markdown, so whether
  // its saturation warning is written before head closes the pipe would depend on timing.
  ["--preset", "grpc", "--attempts", "1..1000000", "--format", "markdown"],
  ["--preset", "aws-sdk"],
  ["--cap", "30s", "--attempts", "1..100000", "--chart"],
  ["--cap", "30s", "--attempts", "1..100000", "--format", "svg"],
  ["--cap", "1m", "--attempts", "10000", "--jitter", "full", "--format", "html"],
  ["compare", "bullmq", "fixed:base=2s", "--attempts", HUGE, "--format", "csv"],
  ["compare", "grpc", "exponential:cap=1m,jitter=full", "--attempts", "1..1000000", "--format", "json"],
  ["compare", "bullmq", "fixed:base=2s", "--attempts", "1..100000"],
  ["compare", "bullmq", "fixed:base=2s", "--attempts", "10000", "--format", "html"],
  ["presets"],
  ["presets", "cenkalti"],
  ["check", "--base", "1s", "--cap", "30s", "--max-total", "5m"],
  ["solve", "--attempts", "5", "--total", "1h", "--base", "1s"],
  // simulate's CSV is one row per attempt (about 600 bytes here, whatever the clients), far below a pipe buffer.
  ["simulate", "--clients", "20000", "--attempts", "10", "--cap", "30s", "--jitter", "full", "--format", "csv"],
  // 1,000 attempts in Markdown are about 76 KB, more than a 64 KiB pipe buffer: the write after head has gone fails with EPIPE.
  ["simulate", "--clients", "100", "--attempts", "1000", "--cap", "30s", "--jitter", "full", "--format", "markdown"],
  ["simulate", "--clients", "100000", "--cap", "30s", "--compare-jitter"],
  ["simulate", "--clients", "10000", "--cap", "30s", "--jitter", "full", "--chart"],
];

function pipedToHead(args: readonly string[]): { status: number | null; code: string; stdout: string; stderr: string } {
  const result = spawnSync("bash", ["-c", 'node bin/backoff.js "$@" | head -1; echo "${PIPESTATUS[0]}" >&3', "_", ...args], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    timeout: 60_000,
  });
  const code = String((result.output as (string | null)[])[3] ?? "").trim();
  return { status: result.status, code, stdout: result.stdout, stderr: result.stderr };
}

describe("piped into head -1", () => {
  it("has a built binary to run", () => {
    expect(existsSync(`${root}/dist/cli.cjs`)).toBe(true);
  });

  for (const args of CASES) {
    it(`backoff ${args.join(" ")} | head -1: exit 0, one line, nothing on stderr`, () => {
      const result = pipedToHead(args);
      expect(result.status).toBe(0); // bash itself, not killed by the timeout
      expect(result.stderr).toBe("");
      expect(result.code).toBe("0");
      expect(result.stdout.split("\n").filter((line) => line !== "")).toHaveLength(1);
    }, 90_000);
  }
});
