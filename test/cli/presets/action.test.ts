import { describe, expect, it } from "vitest";
import { PRESETS } from "../../../src/presets/registry.js";
import { runCli } from "../../support/cli.js";

function backoff(...argv: string[]) {
  return runCli(argv, { env: { NO_COLOR: "1" } });
}

describe("backoff presets", () => {
  // Issue 23, item 13: the list was a 235-line wall at 80 columns starting with echomq.
  it("lists one line per preset, grouped, sorted within groups, with the version and the default schedule", async () => {
    const { code, stdout } = await runCli(["presets"], { env: { NO_COLOR: "1" }, columns: 80, isTTY: true });
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines.slice(0, 7)).toEqual([
      "Job queues and messaging",
      "  bullmq               6.7.0             doubling; no retries (attempts: 1)",
      "  celery               5.6.3             2^(a−1) s to 600 s, jitter, 3 retries",
      "  echomq               fiberfx           1 s ×2, ±20 %, no retry count",
      "  kafka                producer 3.7+     100 ms ×2 to 1 s, ±20 %, for 120 s",
      "  sidekiq              8.x               (a−1)^4 + 15 s + random, 25 retries",
      "",
    ]);
    expect(lines.filter((line) => /^\S/.test(line)).slice(0, 7)).toEqual([
      "Job queues and messaging", "Retry libraries", "HTTP clients", "RPC and cloud SDKs", "Service meshes and proxies", "Workflow engines", "Kubernetes",
    ]);
    expect(lines.filter((line) => /^  \S/.test(line))).toHaveLength(PRESETS.length);
    // 32 presets, 7 titles, 6 blank lines between groups, the footer (2 lines at 80) after a blank line, and the final newline.
    expect(lines).toHaveLength(PRESETS.length + 7 + 6 + 1 + 2 + 1);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(80);
  });

  it("at 60 columns the phrase goes under the name, still within the width", async () => {
    const { stdout } = await runCli(["presets"], { env: { NO_COLOR: "1" }, columns: 60, isTTY: true });
    expect(stdout.split("\n").slice(0, 3)).toEqual(["Job queues and messaging", "  bullmq", "    6.7.0  doubling; no retries (attempts: 1)"]);
    expect(Math.max(...stdout.split("\n").map((line) => line.length))).toBeLessThanOrEqual(60);
  });

  it("prints one in full, quirks included", async () => {
    const { code, stdout } = await backoff("presets", "grpc-js");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^grpc-js: @grpc\/grpc-js 1.14.7/);
    expect(stdout).toMatch(/quirks:\n  - The jitter compounds/);
    expect(stdout).toContain("--jitter");
  });

  it("an unknown name exits 2 with a suggestion", async () => {
    const { code, stdout, stderr } = await backoff("presets", "celey");
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toBe(`error: presets has no preset "celey"; did you mean "celery"? (backoff presets lists all ${PRESETS.length})\n`);
  });
});
