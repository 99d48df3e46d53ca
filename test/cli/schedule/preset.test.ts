import { describe, expect, it } from "vitest";
import { PRESETS } from "../../../src/presets/registry.js";
import { runCli } from "../../support/cli.js";
import { parseCsvNumbers as csv } from "../../support/csv.js";

function backoff(...argv: string[]) {
  return runCli(argv, { env: { NO_COLOR: "1" } });
}

describe("backoff --preset", () => {
  it("bullmq --jitter 0.5 is BullMQ's downward jitter: [500, 999] at attempt 1", async () => {
    const { code, stdout, stderr } = await backoff("--preset", "bullmq", "--jitter", "0.5", "--attempts", "3", "--format", "csv");
    expect([code, stderr]).toEqual([0, ""]);
    const rows = csv(stdout);
    // D = round(2^(a−1) × 1000); min floor(D/2); max D − 1. No wait is D itself, so delay_ms is the mean
    // E[floor(U[D/2, D))] = 3D/4 − 1/2 rounded half up: 749.5 → 750, 1499.5 → 1500, 2999.5 → 3000.
    expect(rows.map((r) => [r.attempt, r.delay_ms, r.min_ms, r.max_ms])).toEqual([
      [1, 750, 500, 999],
      [2, 1500, 1000, 1999],
      [3, 3000, 2000, 3999],
    ]);
    // totals: 500 + 1000 + 2000, 999 + 1999 + 3999
    expect([rows[2]!.cumulative_min_ms, rows[2]!.cumulative_max_ms]).toEqual([3500, 6997]);
  });

  it("the attempt range defaults to the library's retry count", async () => {
    expect(csv((await backoff("--preset", "node-retry", "--format", "csv")).stdout)).toHaveLength(10);
    expect(csv((await backoff("--preset", "aws-sdk", "--format", "csv")).stdout)).toHaveLength(2);
    expect(csv((await backoff("--preset", "sidekiq", "--format", "csv")).stdout)).toHaveLength(25);
    // --attempts sets the library's own count (node-retry's retries)
    const five = await backoff("--preset", "node-retry", "--attempts", "5", "--format", "json");
    expect(JSON.parse(five.stdout).policy.parameters.retries).toBe(5);
  });

  it("cenkalti's schedule ends where MaxElapsedTime stops it, and says why", async () => {
    const { stdout } = await backoff("--preset", "cenkalti", "--jitter", "0", "--format", "markdown");
    expect(stdout).toMatch(/MaxElapsedTime \(15 min\): attempt \d+ is the last one retried/);
    const json = JSON.parse((await backoff("--preset", "cenkalti", "--jitter", "0", "--format", "json")).stdout);
    expect(json.rows.at(-1).attempt).toBe(json.policy.stop.last_attempt);
    // every total up to the stop is within 15 min; the next wait would pass it
    expect(json.rows.at(-1).cumulative_ms).toBeLessThanOrEqual(900_000);
  });

  it("p-retry --max-elapsed cuts the range and notes it when --attempts asks for more", async () => {
    const { code, stdout, stderr } = await backoff("--preset", "p-retry", "--max-elapsed", "10s", "--attempts", "8", "--format", "csv");
    expect(code).toBe(0);
    expect(csv(stdout).map((r) => r.delay_ms)).toEqual([1000, 2000, 4000, 3000]);
    expect(stderr).toMatch(/^note: p-retry gives up once maxRetryTime \(10 s\)/);
  });

  it("gRPC's summary states the worst case past the cap", async () => {
    const { stdout } = await backoff("--preset", "grpc", "--format", "markdown");
    expect(stdout).toMatch(/worst case is 144,000 ms against a 120,000 ms cap/);
  });

  it("refuses an override the library does not have, naming what it offers", async () => {
    const { code, stdout, stderr } = await backoff("--preset", "sidekiq", "--base", "3s");
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toBe("error: --base has no counterpart in sidekiq; it offers --attempts (sidekiq_options retry: N), --max-elapsed (retry_for (7.1.3+, whole seconds; from 8.1.0 it replaces retry))\n");
    const bull = await backoff("--preset", "bullmq", "--cap", "10s");
    expect(bull.stderr).toMatch(/^error: --cap has no counterpart in bullmq; it offers --strategy \(backoff.type: exponential \(default\) or fixed\), --base \(backoff.delay \(ms\)\), --jitter/);
    expect((await backoff("--preset", "aws-sdk", "--step", "1s")).code).toBe(2);
  });

  it("passes --jitter to the library's own parser", async () => {
    const bad = await backoff("--preset", "bullmq", "--jitter", "full");
    expect([bad.code, bad.stderr]).toEqual([2, 'error: --preset bullmq: --jitter is BullMQ\'s backoff.jitter, a number from 0 to 1, got "full"\n']);
    expect((await backoff("--preset", "exponential-backoff", "--jitter", "full", "--format", "csv")).code).toBe(0);
  });

  it("suggests the closest name for an unknown preset", async () => {
    const { code, stderr } = await backoff("--preset", "bulmq");
    expect(code).toBe(2);
    expect(stderr).toBe(`error: --preset has no preset "bulmq"; did you mean "bullmq"? (backoff presets lists all ${PRESETS.length})\n`);
  });

  it("polly reads --strategy as its BackoffType", async () => {
    const rows = csv((await backoff("--preset", "polly", "--strategy", "linear", "--format", "csv")).stdout);
    expect(rows.map((r) => r.delay_ms)).toEqual([2000, 4000, 6000]);
    expect((await backoff("--preset", "bullmq", "--strategy", "linear")).code).toBe(2);
  });

  it("the table marks jitter past the cap (gRPC: 96,000 – 144,000 ms against 120 s)", async () => {
    const { stdout } = await backoff("--preset", "grpc", "--attempts", "12..12");
    expect(stdout).toContain("96,000 – 144,000 ms ▲");
    expect(stdout).toContain("▲ past the cap: the library's jitter can exceed it.");
  });

  it("the table shows the library's exact range", async () => {
    const { code, stdout } = await backoff("--preset", "aws-sdk");
    expect(code).toBe(0);
    expect(stdout).toContain("0 – 49 ms");
    expect(stdout).toContain("0 – 99 ms");
  });
});

describe("a library past its last retry", () => {
  it("states no ratio to the linear schedule for a wait of 0 ms (cenkalti, MaxElapsedTime 300 ms below the first 500 ms wait)", async () => {
    const { code, stdout } = await backoff("--preset", "cenkalti", "--max-elapsed", "300ms");
    expect(code).toBe(0);
    expect(stdout).not.toContain("× the linear one");
    const json = JSON.parse((await backoff("--preset", "cenkalti", "--max-elapsed", "300ms", "--format", "json")).stdout) as { summary: { ratio_to_linear: number | null } };
    expect(json.summary.ratio_to_linear).toBeNull();
  });
});

describe("without --preset", () => {
  it("the calculator's own schedule is unchanged", async () => {
    const rows = csv((await backoff("--base", "100", "--attempts", "3", "--format", "csv")).stdout);
    expect(rows.map((r) => r.delay_ms)).toEqual([100, 200, 400]);
  });
});
