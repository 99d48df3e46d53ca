import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { parseCsv } from "../../support/csv.js";

describe("backoff simulate", () => {
  it("CSV: one row per attempt; without jitter every attempt's peak is the cohort", async () => {
    const { code, stdout } = await runCli(["simulate", "--clients", "500", "--base", "1s", "--cap", "30s", "--attempts", "4", "--format", "csv"]);
    expect(code).toBe(0);
    expect(stdout.split("\n")[0]).toBe("attempt,clients,earliest_ms,p50_ms,p95_ms,latest_ms,peak_load,unjittered_latest_ms,unjittered_peak_load");
    const rows = parseCsv(stdout);
    // Un-jittered: everyone fires at 1, 3, 7 and 15 s (cumulative 1 + 2 + 4 + 8 s).
    expect(rows.map((r) => [r["clients"], r["earliest_ms"], r["latest_ms"], r["peak_load"], r["unjittered_peak_load"]])).toEqual([
      ["500", "1000", "1000", "500", "500"],
      ["500", "3000", "3000", "500", "500"],
      ["500", "7000", "7000", "500", "500"],
      ["500", "15000", "15000", "500", "500"],
    ]);
  });

  it("the summary sets un-jittered beside jittered and prints the default seed", async () => {
    const { code, stdout } = await runCli(["simulate", "--clients", "1000", "--base", "1s", "--cap", "30s", "--jitter", "full", "--no-color"]);
    expect(code).toBe(0);
    expect(stdout).toContain("seed 42");
    expect(stdout).toMatch(/Peak load \(retries in any 100 ms window\): 1,000 → \d{2,3}\./);
    expect(stdout).toContain("Calls: 11,000 → 11,000 (1,000 first calls + 10,000 retries).");
    expect(stdout).toMatch(/Time until the last client is done: 3 min 1 s → /); // 1+2+4+8+16+30·5 = 181 s
  });

  it("is deterministic by default and follows --seed", async () => {
    const args = ["simulate", "--clients", "2000", "--cap", "30s", "--jitter", "equal", "--spread", "1s", "--success", "0.1", "--format", "json"];
    const a = await runCli(args);
    const b = await runCli(args);
    const c = await runCli([...args, "--seed", "43"]);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    const json = JSON.parse(a.stdout);
    expect(json.cohort).toEqual({ clients: 2000, spread_ms: 1000, success: 0.1, window_ms: 100, attempts: 10, seed: 42 });
    expect(json.policy.jitter).toBe("equal");
    expect(json.summary.unjittered.calls).toBe(json.summary.jittered.calls);
    expect(json.rows).toHaveLength(10);
  });

  it("--compare-jitter: one row per mode, the proportional fraction from --jitter", async () => {
    const { code, stdout } = await runCli(["simulate", "--clients", "3000", "--cap", "30s", "--compare-jitter", "--jitter", "0.3", "--format", "csv"]);
    expect(code).toBe(0);
    const rows = parseCsv(stdout);
    expect(rows.map((r) => r["jitter"])).toEqual(["none", "0.3", "full", "equal", "decorrelated"]);
    expect(rows[0]!["peak_load"]).toBe("3000");
    for (const row of rows) expect(row["calls"]).toBe("33000"); // 3000 first calls + 3000 · 10 retries
    for (const row of rows.slice(1)) expect(Number(row["peak_load"])).toBeLessThan(3000);
  });

  it("markdown: a table and the summary", async () => {
    const { stdout } = await runCli(["simulate", "--clients", "100", "--cap", "10s", "--compare-jitter", "--format", "markdown"]);
    expect(stdout.split("\n")[0]).toBe("| jitter | calls | retries | peak_load | completion_ms |");
    expect(stdout).toContain("| 0.2 |");
    expect(stdout).toContain("Cohort: 100 clients");
  });
});

describe("backoff simulate --chart", () => {
  it("draws the retries per window under the table, un-jittered against jittered", async () => {
    // 10 clients, no cap, base 1 s, 2 retries: un-jittered, all 10 retry at 1 s and again at 3 s.
    const result = await runCli(["simulate", "--clients", "10", "--attempts", "2", "--jitter", "full", "--window", "1s", "--chart"], { columns: 100 });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Retries per 1 s window: un-jittered against jittered");
    expect(result.stdout).toMatch(/Busiest window: 10 retries un-jittered, \d+ jittered/);
    const err = await runCli(["simulate", "--compare-jitter", "--cap", "10s", "--chart"]);
    expect(err.code).toBe(2);
    expect(err.stderr).toBe("error: --chart draws under the simulate table, so it needs --format table without --compare-jitter\n");
    // Another format: the one check every format of every command has (src/cli/shared/render.ts); the simulation has no SVG to point at.
    expect(await runCli(["simulate", "--format", "csv", "--chart"])).toEqual({ code: 2, stdout: "", stderr: "error: --chart draws under the table, so it needs --format table, got --format csv\n" });
  });
});
