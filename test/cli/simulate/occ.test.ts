import { describe, expect, it } from "vitest";
import { occReportSetup, occSummaries } from "../../../src/cli/simulate/occ.js";
import { UsageError } from "../../../src/config/errors.js";
import type { OccMode } from "../../../src/core/herd/occ-backoff.js";
import { seededRandom } from "../../support/random.js";
import { runCli } from "../../support/cli.js";
import { parseCsv } from "../../support/csv.js";

const occ = (...args: string[]) => runCli(["simulate", "--model", "occ", ...args]);

describe("backoff simulate --model occ", () => {
  it("fixed network delays, worked by hand: one client 4 × 10 ms; two clients 3 calls in 90 ms", async () => {
    // Two clients read version 0 together; the first write wins; the other waits 10 ms + expo(1) = 10 ms and wins at 80, heard at 90.
    const one = parseCsv((await occ("--clients", "1", "--runs", "3", "--network", "10ms±0ms", "--format", "csv")).stdout);
    expect(one.map((r) => [r["clients"], r["mode"], r["runs"], r["calls_mean"], r["calls_sd"], r["completion_ms_mean"]])).toEqual([["1", "none", "3", "1", "0", "40"]]);
    const two = parseCsv((await occ("--clients", "2", "--runs", "2", "--network", "10+-0", "--format", "csv")).stdout);
    expect(two.map((r) => [r["calls_mean"], r["completion_ms_mean"], r["completion_ms_max"]])).toEqual([["3", "90", "90"]]);
  });

  it("a sweep in lock-step without backoff: N(N+1)/2 calls and 40·N ms at N = 1, 3, 5", async () => {
    const { code, stdout } = await occ("--clients", "1..5:2", "--jitter", "no-backoff", "--network", "10ms±0ms", "--runs", "1", "--format", "tsv");
    expect(code).toBe(0);
    const rows = stdout.trim().split("\n").slice(1).map((line) => line.split("\t"));
    // clients, mode, calls_mean, completion_ms_mean (after calls_sd, calls_se, calls_min, calls_max).
    expect(rows.map((r) => [r[0], r[1], r[3], r[8]])).toEqual([
      ["1", "no-backoff", "1", "40"],
      ["3", "no-backoff", "6", "120"],
      ["5", "no-backoff", "15", "200"],
    ]);
  });

  it("--compare-jitter: the five modes in the paper's terms; a point reads the same alone and in a sweep", async () => {
    const alone = parseCsv((await occ("--clients", "20", "--runs", "5", "--compare-jitter", "--format", "csv")).stdout);
    expect(alone.map((r) => r["mode"])).toEqual(["no-backoff", "none", "full", "equal", "decorrelated"]);
    const sweep = parseCsv((await occ("--clients", "10..30:10", "--runs", "5", "--compare-jitter", "--format", "csv")).stdout);
    expect(sweep).toHaveLength(15);
    expect(sweep.filter((r) => r["clients"] === "20")).toEqual(alone);
    // The seed changes the draws.
    const other = parseCsv((await occ("--clients", "20", "--runs", "5", "--compare-jitter", "--seed", "7", "--format", "csv")).stdout);
    expect(other.map((r) => r["calls_mean"])).not.toEqual(alone.map((r) => r["calls_mean"]));
  });

  it("JSON carries the set-up in backoff's terms: base 10 ms, cap 2 s, 10 ms ± 2 ms, 100 runs, seed 42", async () => {
    const json = JSON.parse((await occ("--clients", "5", "--runs", "2", "--format", "json")).stdout);
    expect(json.experiment).toEqual({ network_mean_ms: 10, network_sd_ms: 2, base_ms: 10, cap_ms: 2000, runs: 2, seed: 42 });
    const defaults = JSON.parse((await occ("--clients", "2", "--format", "json", "--base", "20ms", "--cap", "1s")).stdout);
    expect(defaults.experiment).toMatchObject({ base_ms: 20, cap_ms: 1000, runs: 100 });
  });

  it("the table fits 80 and 60 columns; without --compare-jitter it points to it", async () => {
    for (const columns of [80, 60]) {
      const fitted = await runCli(["simulate", "--model", "occ", "--clients", "10..30:10", "--runs", "3", "--compare-jitter"], { isTTY: true, columns });
      for (const line of fitted.stdout.trimEnd().split("\n")) expect([...line.replace(/\x1b\[[0-9;]*m/g, "")].length, line).toBeLessThanOrEqual(columns);
    }
    expect((await occ("--clients", "3", "--runs", "2")).stdout).toContain("Add --compare-jitter");
  });

  it("SVG draws a sweep: calls and time against clients, a curve per mode", async () => {
    const { code, stdout } = await occ("--clients", "5..15:5", "--runs", "2", "--compare-jitter", "--format", "svg");
    expect(code).toBe(0);
    expect(stdout.startsWith("<?xml")).toBe(true);
    expect(stdout.match(/<polyline class="series"/g)).toHaveLength(10);
    expect((await occ("--clients", "5", "--format", "svg")).stderr).toBe("error: --format svg under --model occ draws a sweep: give --clients FROM..TO:STEP\n");
  });

  it("bad values and other models' options: one line, exit 2", async () => {
    const cases: [string[], string][] = [
      [["--jitter", "0.2"], "error: --jitter under --model occ is one of the experiment's modes: no-backoff, none, full, equal, decorrelated; got \"0.2\"\n"],
      [["--network", "10ms"], "error: --network must be MEAN±SD such as 10ms±2ms (or 10ms+-2ms), got \"10ms\"\n"],
      [["--clients", "10..5"], "error: --clients sweep must run upwards (FROM ≤ TO), got \"10..5\"\n"],
      [["--clients", "0"], "error: --clients must be a whole number from 1 to 100000, or a sweep FROM..TO:STEP such as 10..190:10, got \"0\"\n"],
      [["--runs", "0"], "error: --runs must be a whole number from 1 to 100000, got \"0\"\n"],
      [["--cap", "5ms"], "error: --cap must be at least --base (10ms), got \"5ms\"\n"],
      [["--rps", "5"], "error: --rps does not apply to --model occ\n"],
      [["--spread", "1s"], "error: --spread does not apply to --model occ\n"],
      [["--compare-jitter", "--jitter", "full"], "error: --compare-jitter runs all five modes; leave out --jitter\n"],
      [["--clients", "100000", "--runs", "251"], "error: --clients and --runs take at least 100,400,000 messages (a write a client a run, four messages each), more than 100,000,000; lower --runs or --clients\n"],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await occ(...args);
      expect([code, stdout, stderr], args.join(" ")).toEqual([2, "", message]);
    }
    expect((await occ("--preset", "aws-sdk")).stderr).toMatch(/^error: --preset does not apply to --model occ/);
  });
});

describe("the work is bounded: the least before a run starts, the rest as the runs go (issues 38, 40)", () => {
  const setup = (...args: string[]) => {
    const given = new Set(["clients", "runs"]);
    const [clients, runs, compare] = args;
    return occReportSetup({}, { format: "csv", color: false, clients: clients!, success: "0", window: "1s", runs, compareJitter: compare === "compare" }, given);
  };
  it("a write a client a run at least, four messages each: 4 × runs × modes × the clients, at most 100,000,000", () => {
    // 100,000 clients: 250 runs are 100,000,000 messages, 251 are 100,400,000.
    expect(setup("100000", "250").clients).toEqual([100000]);
    expect(() => setup("100000", "251")).toThrow(/at least 100,400,000 messages/);
    // Five modes: 50 runs of 100,000 clients are 100,000,000; 51 are 102,000,000.
    expect(setup("100000", "50", "compare").modes).toHaveLength(5);
    expect(() => setup("100000", "51", "compare")).toThrow(/at least 102,000,000 messages/);
    // A sweep adds its points: 1..100000:49999 is 1, 50,000 and 99,999 clients, 150,000 a run: 166 runs are
    // 4 × 166 × 150,000 = 99,600,000, 167 are 100,200,000.
    expect(setup("1..100000:49999", "166").clients).toEqual([1, 50000, 99999]);
    // The points' clients are kept at once: 1..100000:2500 is 1, 2,501, …, 97,501, 40 points;
    // 40 × 1 + 2,500 × (0 + 1 + … + 39) = 40 + 1,950,000 = 1,950,040, five modes 9,750,200, more than 4,000,000.
    expect(setup("1..100000:2500", "1").clients).toHaveLength(40);
    expect(() => setup("1..100000:2500", "1", "compare")).toThrow("--clients keeps 9,750,200 clients at once over its points and modes (each point's runs are taken in turn), more than 4,000,000; lower --clients or sweep in larger steps");
    expect(() => setup("1..100000:49999", "167")).toThrow(/at least 100,200,000 messages/);
  });

  it("runs that pass the budget stop with one line that names the point and the run", () => {
    // Lock-step without backoff (sd 0): 10 clients take 55 writes, 220 messages a run; 5 clients 15 writes, 60.
    const point = (clients: number, mode: OccMode) => ({ clients, mode, experiment: { clients, network: { meanMs: 10, sdMs: 0 }, backoff: { mode, baseMs: 10, capMs: 2000 } }, random: seededRandom(1) });
    expect(occSummaries([point(5, "no-backoff"), point(10, "no-backoff")], 2, 560).map((s) => s.events)).toEqual([120, 440]);
    // 559: the second run of 10 clients has 559 − 280 − 60 = 219 left, 54 writes, one fewer than it takes.
    expect(() => occSummaries([point(5, "no-backoff"), point(10, "no-backoff")], 2, 559)).toThrow(
      new UsageError("the runs passed 559 messages, the most one command simulates, at run 2 of 2 of 10 clients (mode no-backoff); lower --clients or --runs (clients that back off contend for fewer messages)"),
    );
  });
});

describe("the cohort refuses the herd models' options", () => {
  it("--runs and --rps name the model they belong to; --format svg points to --chart", async () => {
    expect((await runCli(["simulate", "--runs", "5"])).stderr).toBe("error: --runs applies to --model occ\n");
    expect((await runCli(["simulate", "--rps", "5"])).stderr).toBe("error: --rps applies to --model capacity\n");
    expect((await runCli(["simulate", "--format", "svg"])).stderr).toBe("error: --format svg draws --model occ sweeps and --model capacity timelines; the cohort's chart is --chart\n");
  });
});
