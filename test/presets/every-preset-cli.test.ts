/**
 * Every preset in the registry through every command that takes one: the schedule
 * (table, CSV, JSON), `check --preset`, `--chart`, `--format svg`, `backoff presets`
 * and `backoff presets NAME`. Each must exit 0 with output that is whole and sane:
 * finite numbers, min ≤ mean ≤ max, totals that add up, no NaN or undefined anywhere.
 * Plus the refusals of issue 12: an option a library lacks, or a value it rejects, is
 * exit 2 with one line naming the library's own parameter.
 */
import { describe, expect, it } from "vitest";
import { PRESETS } from "../../src/presets/registry.js";
import { runCli } from "../support/cli.js";

function backoff(...argv: string[]) {
  return runCli(argv, { env: { NO_COLOR: "1" } });
}

/** A number gone wrong in output (a parameter may legitimately be Infinity, e.g. cockatiel's maxAttempts). */
const INSANE = /\bNaN\b|\bundefined\b|\bInfinity *(ms|s|min)\b|\[object/;
/** Prose (quirks) may name NaN as what a library returns; only unfilled values are wrong there. */
const UNFILLED = /\bundefined\b|\[object/;

/** The libraries that retry forever by default (their sources: no count, no time limit). */
const RETRIES_FOREVER = new Set(["echomq", "cockatiel", "grpc", "grpc-core", "grpc-js", "tenacity", "kubernetes", "temporal", "dapr", "linkerd-profile"]);

/** The columns of words: whether some runs have stopped (a library that stops by elapsed time). */
const WORD_COLUMNS = new Set(["runs_stopped"]);

/** CSV text to rows of numbers keyed by header (the columns of words left out). */
function csv(text: string): Record<string, number>[] {
  const [head, ...lines] = text.trim().split("\n");
  const names = head!.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((cell, i) => [names[i], Number(cell)] as const).filter(([name]) => !WORD_COLUMNS.has(name!))));
}

describe.each(PRESETS.map((preset) => [preset.name]))("%s through every command", (name) => {
  it("the schedule as a table", async () => {
    const { code, stdout, stderr } = await backoff("--preset", name);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).toMatch(new RegExp(`^Preset ${name} \\(`, "m"));
    expect(stdout).toMatch(/^│ +1 │/m);
    expect(stdout).not.toMatch(INSANE);
  });

  it("CSV rows: finite, min ≤ mean ≤ max, running totals", async () => {
    const { code, stdout } = await backoff("--preset", name, "--format", "csv");
    expect(code).toBe(0);
    const rows = csv(stdout);
    expect(rows.length).toBeGreaterThan(0);
    let total = 0;
    rows.forEach((row, i) => {
      expect(row["attempt"]).toBe(i + 1);
      for (const value of Object.values(row)) expect(Number.isFinite(value)).toBe(true);
      total += row["delay_ms"]!;
      // Every total adds this row's delay to the one before (cenkalti's ns too: its delays are the steps of its rounded totals).
      expect(row["cumulative_ms"]).toBe(total);
      if ("min_ms" in row) {
        expect(row["min_ms"]! <= row["mean_ms"]! && row["mean_ms"]! <= row["max_ms"]!).toBe(true);
        // delay_ms is the jitter-free value (issue 39, item 3): inside the waits' range, or 1 ms past its top where
        // the library's draw never reaches it (floor(r × U), random() % I, BullMQ's floor below D).
        expect(row["min_ms"]! <= row["delay_ms"]! && row["delay_ms"]! <= row["max_ms"]! + 1).toBe(true);
        expect(row["cumulative_min_ms"]! <= row["cumulative_ms"]! && row["cumulative_ms"]! <= row["cumulative_max_ms"]! + row["attempt"]!).toBe(true);
        expect(row["min_ms"]).toBeGreaterThanOrEqual(0);
      }
    });
  });

  it("JSON: one document whose rows and policy agree", async () => {
    const { code, stdout } = await backoff("--preset", name, "--format", "json");
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json.policy.preset).toBe(name);
    expect(json.rows.length).toBe(json.policy.last_attempt - json.policy.first_attempt + 1);
    expect(stdout).not.toMatch(INSANE);
  });

  it("check --preset", async () => {
    const { code, stdout, stderr } = await backoff("check", "--preset", name, "--max-total", "30d");
    if (RETRIES_FOREVER.has(name)) {
      // No total bounds a library that never gives up: max-total fails, naming its rule.
      expect([code, stderr]).toEqual([1, ""]);
      expect(stdout).toMatch(new RegExp(`^✗ max-total 30 d: no bound: ${name} retries forever \\(`, "m"));
    } else {
      expect([code, stderr]).toEqual([0, ""]);
      expect(stdout).toMatch(/^✓ /m);
    }
    expect(stdout).not.toMatch(INSANE);
  });

  it("--chart", async () => {
    const { code, stdout, stderr } = await backoff("--preset", name, "--chart");
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).toMatch(/^Scale: /m);
    expect(stdout).not.toMatch(INSANE);
  });

  it("--format svg", async () => {
    const { code, stdout, stderr } = await backoff("--preset", name, "--format", "svg");
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).toMatch(/^<\?xml [^\n]*\n<svg /);
    expect(stdout.trimEnd().endsWith("</svg>")).toBe(true);
    expect(stdout).not.toMatch(INSANE);
  });

  it("backoff presets lists it; backoff presets NAME prints it in full", async () => {
    const list = await backoff("presets");
    expect(list.stdout).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
    const { code, stdout } = await backoff("presets", name);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^${name}: \\S`));
    for (const section of ["source:", "formula:", "defaults:", "jitter:", "retries by default:", "overrides:", "quirks:"]) expect(stdout).toContain(section);
    expect(stdout).not.toMatch(UNFILLED);
  });
});

describe("wrong options for the new presets: exit 2, one line naming the library's parameter", () => {
  const cases: [string[], RegExp][] = [
    [["--preset", "envoy", "--factor", "3"], /^error: --factor has no counterpart in envoy; it offers --base \(retry_back_off.base_interval/],
    [["--preset", "envoy", "--base", "2.5ms"], /^error: --preset envoy: retry_back_off.base_interval is taken in whole milliseconds/],
    [["--preset", "istio", "--cap", "1s"], /^error: --cap has no counterpart in istio; it offers --base \(retries.backoff/],
    [["--preset", "temporal", "--cap", "500ms"], /^error: --preset temporal: maximumInterval cannot be less than initialInterval/],
    [["--preset", "temporal", "--jitter", "full"], /^error: --jitter has no counterpart in temporal/],
    [["--preset", "step-functions", "--jitter", "half"], /^error: --preset step-functions: JitterStrategy is NONE or FULL, got "half"\n$/],
    [["--preset", "step-functions", "--base", "1500ms"], /^error: --preset step-functions: IntervalSeconds is a whole number of seconds/],
    [["--preset", "argo", "--factor", "1.5"], /^error: --preset argo: backoff.factor is a whole number \(intstr.Int32\)/],
    [["--preset", "kubernetes-job", "--jitter", "full"], /^error: --jitter has no counterpart in kubernetes-job/],
    [["--preset", "urllib3", "--jitter", "lots"], /^error: --preset urllib3: backoff_jitter is a number of seconds from 0/],
    [["--preset", "spring-retry", "--base", "0.5ms"], /^error: --preset spring-retry: setInitialInterval takes a long/],
    [["--preset", "kafka", "--max-elapsed", "10s"], /^error: --preset kafka: delivery.timeout.ms should be equal to or larger than linger.ms \+ request.timeout.ms/],
    [["--preset", "kafka", "--factor", "3"], /^error: --factor has no counterpart in kafka/],
    [["--preset", "go-retryablehttp", "--strategy", "fixed"], /^error: --preset go-retryablehttp: the Backoff is DefaultBackoff \(exponential\) or LinearJitterBackoff \(linear\)/],
    [["--preset", "axios-retry", "--cap", "10s"], /^error: --cap has no counterpart in axios-retry; it offers --strategy \(retryDelay/],
    [["--preset", "got", "--base", "2s"], /^error: --base has no counterpart in got; it offers --cap \(retry.backoffLimit/],
    [["--preset", "got", "--jitter", "150"], /^error: --preset got: retry.noise is a number of ms from -100 to 100/],
  ];
  it.each(cases)("%j", async (argv, message) => {
    const { code, stdout, stderr } = await backoff(...argv);
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toMatch(message);
    expect(stderr.split("\n")).toHaveLength(2); // one line and its newline
  });

  it("check refuses the same way", async () => {
    const { code, stderr } = await backoff("check", "--preset", "argo", "--factor", "1.5");
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: --preset argo: backoff.factor is a whole number/);
  });
});

describe("the stops by elapsed time reach the schedule", () => {
  it("kafka's schedule ends where delivery.timeout.ms stops it, and says why", async () => {
    // The rows end where the producer stops without jitter (122); with jitter it stops after 98 to 152 retries.
    const json = JSON.parse((await backoff("--preset", "kafka", "--format", "json")).stdout);
    expect([json.policy.stop.last_attempt, json.policy.stop.most]).toEqual([122, 152]);
    expect(json.rows.at(-1).attempt).toBe(122);
    expect(json.rows.at(-1).cumulative_max_ms).toBeLessThanOrEqual(120_000);
  });

  it("temporal --max-elapsed 60s cuts --attempts 10 at attempt 5, with a note", async () => {
    const { code, stdout, stderr } = await backoff("--preset", "temporal", "--max-elapsed", "60s", "--attempts", "10", "--format", "csv");
    expect(code).toBe(0);
    expect(csv(stdout).map((row) => row["delay_ms"])).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(stderr).toMatch(/^note: temporal makes no retry that would start past the expiration \(60,000 ms\): attempt 5 is the last one retried\./);
  });
});
