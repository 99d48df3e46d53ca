import { describe, expect, it } from "vitest";
import { presetNamesHelp } from "../../../src/cli/presets/action.js";
import { PRESETS, presetNames } from "../../../src/presets/registry.js";
import { memoryIo } from "../../support/io.js";
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
    expect(lines.slice(0, 9)).toEqual([
      "Job queues and messaging",
      "  bullmq               6.7.0             doubling; no retries (attempts: 1)",
      "  celery               5.6.3             2^(a−1) s to 600 s, jitter, 3 retries",
      "  echomq               fiberfx           1 s ×2, ±20 %, no retry count",
      "  kafka                producer 3.7+     100 ms ×2 to 1 s, ±20 %, for 120 s",
      "  knative              knative-v1.22.0   200 ms ×2, no cap, 10 retries",
      "  lambda-async         dev guide 2025    1 min, then 2 min, 2 retries",
      "  sidekiq              8.x               (a−1)^4 + 15 s + random, 25 retries",
      "",
    ]);
    expect(lines.filter((line) => /^\S/.test(line)).slice(0, 7)).toEqual([
      "Job queues and messaging", "Retry libraries", "HTTP clients", "RPC and cloud SDKs", "Service meshes and proxies", "Workflow engines", "Kubernetes",
    ]);
    expect(lines.filter((line) => /^  \S/.test(line))).toHaveLength(PRESETS.length);
    // The presets, 7 titles, 6 blank lines between groups, the footer after a blank line (4 lines at 80: what
    // the list and --preset do, then the older releases, NAME@VERSION each), and the final newline.
    expect(lines).toHaveLength(PRESETS.length + 7 + 6 + 1 + 4 + 1);
    expect(lines.slice(-5).join(" ")).toContain("Older releases that compute otherwise are presets too: cenkalti@5, cenkalti@4, p-retry@8, p-retry@6, got@14,");
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

describe("backoff presets --format json: each preset's stopping rule from its default model", () => {
  const stopping = async (name: string) => JSON.parse((await backoff("presets", name, "--format", "json")).stdout).stopping;

  it("by count: Sidekiq's retry: 25 (src/presets/sidekiq.ts)", async () => {
    expect(await stopping("sidekiq")).toEqual({ kind: "count", retries: 25, max_elapsed_ms: null, fewest: null, most: null, text: "retry: 25", description: "sidekiq stops after 25 retries (retry: 25)" });
  });

  it("by elapsed time: cenkalti's 15 min, 19 to 39 retries as the jitter falls", async () => {
    // Intervals from 500 ms ×1.5 to 60 s, each drawn within ±50 %: always the top (×1.5) sums past 900 s after
    // 19 waits, always the bottom (×0.5) after 39 (worked in Python from the formula in src/presets/cenkalti.ts).
    expect(await stopping("cenkalti")).toEqual({
      kind: "elapsed",
      retries: null,
      max_elapsed_ms: 900_000,
      fewest: 19,
      most: 39,
      text: "MaxElapsedTime (15 min)",
      description: "cenkalti stops by MaxElapsedTime (15 min) after 19 to 39 retries, as the jitter falls",
    });
  });

  it("forever: gRPC's connection backoff", async () => {
    expect(await stopping("grpc")).toEqual({ kind: "forever", retries: null, max_elapsed_ms: null, fewest: null, most: null, text: "connection backoff never gives up", description: "grpc retries forever (connection backoff never gives up)" });
  });
});

describe("presetNamesHelp", () => {
  it("every name, comma-separated and wrapped to the terminal (80 in a pipe), under their count", () => {
    const names = presetNames().join(", ");
    const text = presetNamesHelp(memoryIo({ env: {} }));
    expect(text.startsWith(`Presets (${PRESETS.length}):\n  `)).toBe(true);
    expect(text.endsWith("\n\n")).toBe(true);
    expect(text.split("\n").slice(1, -2).join(" ").replace(/\s+/g, " ").trim()).toBe(names);
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    for (const line of presetNamesHelp(memoryIo({ isTTY: true, columns: 50 })).split("\n")) expect(line.length).toBeLessThanOrEqual(50);
  });
});

// Folded in from test/cli/schedule/retry-after-presets.test.ts.
describe("backoff presets NAME: the library's Retry-After line", () => {
  it("backoff presets NAME prints the library's Retry-After line", async () => {
    const { stdout } = await runCli(["presets", "go-retryablehttp"]);
    expect(stdout).toContain("Retry-After: DefaultBackoff (the default) waits what a 429 or 503's Retry-After says");
  });
});
