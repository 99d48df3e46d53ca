import { XMLParser, XMLValidator } from "fast-xml-parser";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Io } from "../../../src/cli/shared/io.js";
import { run } from "../../../src/cli/run.js";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";
import { MemoryStream } from "../../support/io.js";

// `backoff compare`. Expected values are worked out by hand in the comments:
// bullmq doubles from 1 s (1000 · 2^(a−1)); fixed:base=2s waits 2 s every time;
// exponential:base=1s,factor=1.6,cap=2m is round(1000 · 1.6^(a−1)): 1000, 1600, 2560, 4096,
// 6554 (6553.6), 10486 (10485.76), 16777, 26844, 42950, 68719.

const lines = (text: string) => text.trimEnd().split("\n");

async function compare(args: readonly string[]) {
  const result = await runCli(["compare", ...args]);
  expect(result.stderr, result.stderr).toBe("");
  expect(result.code).toBe(0);
  return result.stdout;
}

describe("backoff compare: long form for spreadsheets", () => {
  it("CSV: one row per policy and attempt, the policies one after the other", async () => {
    expect(lines(await compare(["bullmq", "fixed:base=2s", "--attempts", "3", "--format", "csv"]))).toEqual([
      "policy,attempt,delay_ms,cumulative_ms",
      "bullmq,1,1000,1000",
      "bullmq,2,2000,3000",
      "bullmq,3,4000,7000",
      "fixed:base=2s,1,2000,2000",
      "fixed:base=2s,2,2000,4000",
      "fixed:base=2s,3,2000,6000",
    ]);
  });

  it("the jitter columns appear when any policy jitters; a name with commas is quoted (RFC 4180), a TSV field is not", async () => {
    // Full jitter draws from [0, d]: min 0, max d, mean d/2; the un-jittered policy's range is its delay.
    expect(lines(await compare(["fixed:base=2s", "exponential:cap=10s,jitter=full", "--attempts", "2", "--format", "csv"]))).toEqual([
      "policy,attempt,delay_ms,cumulative_ms,min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms",
      "fixed:base=2s,1,2000,2000,2000,2000,2000,2000,2000",
      "fixed:base=2s,2,2000,4000,2000,2000,2000,4000,4000",
      '"exponential:cap=10s,jitter=full",1,1000,1000,0,1000,500,0,1000',
      '"exponential:cap=10s,jitter=full",2,2000,3000,0,2000,1000,0,3000',
    ]);
    expect(lines(await compare(["exponential:cap=10s,jitter=full", "--attempts", "1", "--format", "tsv"]))[1]).toBe("exponential:cap=10s,jitter=full\t1\t1000\t1000\t0\t1000\t500\t0\t1000");
  });

  it("each policy's rows are its own schedule's (a preset with jitter, against backoff --preset)", async () => {
    const compared = lines(await compare(["bullmq:base=2s,jitter=0.5", "--attempts", "12", "--format", "csv"])).slice(1);
    const alone = await runCli(["--preset", "bullmq", "--base", "2s", "--jitter", "0.5", "--attempts", "12", "--format", "csv"]);
    const [header, ...rows] = lines(alone.stdout);
    const names = header!.split(",");
    const pick = (line: string) => {
      const record = Object.fromEntries(line.split(",").map((value, index) => [names[index], value]));
      return ["attempt", "delay_ms", "cumulative_ms", "min_ms", "max_ms", "mean_ms", "cumulative_min_ms", "cumulative_max_ms"].map((name) => record[name]).join(",");
    };
    expect(compared.map((line) => line.replace(/^"[^"]*",/, ""))).toEqual(rows.map(pick));
  });

  it("a library that stops earlier simply has fewer rows (cenkalti with a 30 s MaxElapsedTime)", async () => {
    const csv = lines(await compare(["cenkalti:max-elapsed=30s", "fixed:base=1s", "--attempts", "20", "--format", "csv"])).slice(1);
    const alone = await runCli(["--preset", "cenkalti", "--max-elapsed", "30s", "--attempts", "20", "--format", "csv"]);
    const stop = lines(alone.stdout).length - 1;
    expect(stop).toBeLessThan(20);
    expect(csv.filter((line) => line.startsWith("cenkalti"))).toHaveLength(stop);
    expect(csv.filter((line) => line.startsWith("fixed"))).toHaveLength(20);
    const table = await compare(["cenkalti:max-elapsed=30s", "fixed:base=1s", "--attempts", "20"]);
    // Past its stop the policy's cells are empty: "│ 20 │" then blanks, then fixed's 1 s and 20 s.
    expect(table).toMatch(/│ +20 │ +│ +│ 1 s +│ 20 s +│/);
  });

  it("JSON: the policies, the rows in long form, and the summary", async () => {
    const json = JSON.parse(await compare(["bullmq", "fixed:base=2s", "--attempts", "4", "--format", "json"]));
    expect(json.policies.map((policy: { name: string }) => policy.name)).toEqual(["bullmq", "fixed:base=2s"]);
    expect(json.policies[1]).toMatchObject({ strategy: "fixed", base_ms: 2000, cap_ms: null, first_attempt: 1, last_attempt: 4, jittered: false });
    expect(json.rows).toHaveLength(8);
    expect(json.rows[3]).toEqual({ policy: "bullmq", attempt: 4, delay_ms: 8000, cumulative_ms: 15_000 });
    expect(json.summary).toEqual({
      totals: [
        { policy: "bullmq", last_attempt: 4, total_ms: 15_000, total_min_ms: 15_000, total_max_ms: 15_000 },
        { policy: "fixed:base=2s", last_attempt: 4, total_ms: 8000, total_min_ms: 8000, total_max_ms: 8000 },
      ],
      gives_up_first: ["fixed:base=2s"],
      waits_longest: ["bullmq"],
    });
  });
});

describe("backoff compare: for people", () => {
  it("the summary says which gives up first and which waits longest (1,023,000 = 1000 · (2^10 − 1))", async () => {
    const text = await compare(["bullmq", "exponential:base=1s,factor=1.6,cap=2m", "fixed:base=2s"]);
    expect(lines(text).slice(-2)).toEqual([
      "Gives up first: fixed:base=2s, after attempt 10 and 20 s (20,000 ms) of waiting.",
      "Waits longest in total: bullmq, 17 min 3 s (1,023,000 ms) by attempt 10.",
    ]);
    // The exponential policy's 10th delay and its total 181,586 (the sum of the ten above).
    expect(text).toMatch(/│ +10 │ 8 min 32 s +│ 17 min 3 s +│ 1 min 9 s +│ 3 min 2 s +│/);
  });

  it("ties and jitter are said as such", async () => {
    const tied = lines(await compare(["fixed:base=2s", "linear:base=2s,step=0.001", "exponential:base=4s", "--attempts", "1"]));
    expect(tied.slice(-2)).toEqual([
      "Gives up first: fixed:base=2s and linear:base=2s,step=0.001 (tied), after attempt 1 and 2 s (2,000 ms) of waiting.",
      "Waits longest in total: exponential:base=4s, 4 s (4,000 ms) by attempt 1.",
    ]);
    const jittered = lines(await compare(["fixed:base=2s", "exponential:cap=10s,jitter=full", "--attempts", "2"]));
    expect(jittered.at(-1)).toBe("Totals compare the un-jittered delays; with jitter they lie between: exponential:cap=10s,jitter=full 0 ms – 3 s.");
  });

  it("the table fits the terminal: policies that do not fit continue below, long names wrap", async () => {
    // (Narrower than one policy's own columns, a table cannot fit: its cells are never cut.)
    const specs = ["bullmq:base=2s,jitter=0.5", "exponential:base=1s,factor=1.6,cap=2m,jitter=full", "linear:base=1s,step=500ms", "grpc", "fixed:base=2s"];
    for (const columns of [80, 120, 200]) {
      const stdout = new MemoryStream(false, columns);
      const io: Io = { stdout, stderr: new MemoryStream(), env: {} };
      expect(await run(["compare", ...specs, "--attempts", "12"], io)).toBe(0);
      const table = stdout.text.split("\n").filter((line) => /^[│┌├└]/.test(line));
      expect(Math.max(...table.map((line) => line.length)), `${columns} columns`).toBeLessThanOrEqual(columns);
      // Every policy's name is in a header, whole or wrapped.
      for (const spec of specs) expect(table.join("").replace(/[│ ]/g, "")).toContain(spec.replace(/ /g, "").slice(0, 10));
    }
  });

  it("Markdown is wide: each policy's delay and total in ms, then the summary", async () => {
    const text = lines(await compare(["bullmq", "fixed:base=2s", "--attempts", "2", "--format", "markdown"]));
    expect(text.slice(0, 4)).toEqual([
      "| attempt | bullmq delay_ms | bullmq cumulative_ms | fixed:base=2s delay_ms | fixed:base=2s cumulative_ms |",
      "|---:|---:|---:|---:|---:|",
      "| 1 | 1000 | 1000 | 2000 | 2000 |",
      "| 2 | 2000 | 3000 | 2000 | 4000 |",
    ]);
    expect(text.slice(-2)).toEqual([
      "Gives up first: bullmq, after attempt 2 and 3 s (3,000 ms) of waiting.  ",
      "Waits longest in total: fixed:base=2s, 4 s (4,000 ms) by attempt 2.",
    ]);
  });

  it("--chart: one bar line per policy and attempt, lettered, on one scale", async () => {
    const text = await compare(["bullmq", "fixed:base=2s", "--attempts", "3", "--chart"]);
    const chart = text.slice(text.indexOf("Scale:"));
    const bars = lines(chart).filter((line) => /^ *\d* [AB] /.test(line));
    expect(bars).toHaveLength(6);
    // bullmq at attempt 3 waits 4 s, twice fixed's 2 s: the longer bar.
    const length = (line: string) => (line.match(/#/g) ?? []).length; // no UTF-8 locale here: ASCII bars
    expect(length(bars[4]!)).toBeGreaterThan(length(bars[5]!));
    expect(chart).toContain("A bullmq  B fixed:base=2s");
  });

  it("SVG: one curve per policy, named in the legend", async () => {
    const svg = await compare(["bullmq", "exponential:base=1s,factor=1.6,cap=2m", "fixed:base=2s", "--format", "svg"]);
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(svg);
    const groups = doc.svg.g.filter((g: Record<string, string>) => g["@class"] === "policy");
    expect(groups.map((g: Record<string, string>) => g["@data-policy"])).toEqual(["bullmq", "exponential:base=1s,factor=1.6,cap=2m", "fixed:base=2s"]);
    expect(svg.match(/<polyline class="delay"/g)).toHaveLength(3);
    expect(svg.match(/<line class="cap"/g)).toHaveLength(1); // only the exponential policy has a cap
  });

  it("--config adds every policy of the file; --attempts applies to all", async () => {
    const dir = tempFiles({
      "retry.json": JSON.stringify({ policies: { email: { base: "1s", cap: "30s", attempts: 6 }, jobs: { attempts: 5, backoff: { type: "exponential", delay: 2000 } } } }),
    });
    const file = join(dir, "retry.json");
    const own = lines(await compare(["fixed:base=2s", "--config", file, "--format", "csv"])).slice(1);
    // The file's own counts: email 6 attempts, jobs 5 tries = 4 retries (BullMQ counts the first try); the SPEC 1..10.
    expect(own.map((line) => line.split(",")[0]).filter((name, index, all) => all.indexOf(name) === index)).toEqual(["fixed:base=2s", "email", "jobs"]);
    expect(own.filter((line) => line.startsWith("email,"))).toHaveLength(6);
    expect(own.filter((line) => line.startsWith("jobs,"))).toEqual(["jobs,1,2000,2000", "jobs,2,4000,6000", "jobs,3,8000,14000", "jobs,4,16000,30000"]);
    const all = lines(await compare(["--config", file, "--attempts", "2", "--format", "csv"])).slice(1);
    expect(all).toEqual(["email,1,1000,1000", "email,2,2000,3000", "jobs,1,2000,2000", "jobs,2,4000,6000"]);
  });
});

describe("backoff compare: bad input is one line naming the SPEC and the option (exit 2)", () => {
  it.each([
    [["bulmq"], 'error: compare "bulmq": no preset or strategy "bulmq"; did you mean bullmq? (strategies: exponential, linear, fixed; backoff presets lists the presets)'],
    [["bullmq:base=abc"], 'error: compare "bullmq:base=abc": --base must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "abc"'],
    [["bullmq:bse=2s"], 'error: compare "bullmq:bse=2s": unknown option "bse"; did you mean base? (a SPEC sets base, cap, factor, step, jitter, attempts, max-elapsed, strategy)'],
    [["bullmq:base"], 'error: compare "bullmq:base": --base needs a value: write base=VALUE'],
    [["bullmq:"], 'error: compare "bullmq:": nothing after ":"; write overrides such as bullmq:base=2s, or bullmq alone'],
    [["linear:factor=2"], 'error: compare "linear:factor=2": --factor applies only to --strategy exponential, not linear'],
    [["exponential:base=1s,cap=500ms"], 'error: compare "exponential:base=1s,cap=500ms": --cap (500ms) must be at least --base (1s)'],
    [["fixed:base=2s,base=3s"], 'error: compare "fixed:base=2s,base=3s": --base is given twice'],
    [["exponential:jitter=decorrelated"], 'error: compare "exponential:jitter=decorrelated": --jitter decorrelated needs --cap: its formula is min(cap, uniform(base, previous × 3))'],
    [["bullmq:jitter=2"], 'error: compare "bullmq:jitter=2": --preset bullmq: --jitter is BullMQ\'s backoff.jitter, a number from 0 to 1, got "2"'],
    [["exponential:strategy=linear"], 'error: compare "exponential:strategy=linear": --strategy is the SPEC\'s own name here (exponential); write linear:base=1s rather than exponential:strategy=linear'],
    [["bullmq", "bullmq"], 'error: compare lists "bullmq" twice; give each policy once'],
    [[], "error: compare needs a SPEC (a preset such as bullmq, or a strategy with overrides such as exponential:base=1s,cap=30s) or --config FILE"],
    [["bullmq", "--attempts", "x"], 'error: --attempts must be a count such as 10 or a range such as 3..8, got "x"'],
    [["bullmq", "--attempts", "20000000"], 'error: compare "bullmq": --attempts reaches attempt 20,000,000, but with jitter or a preset the totals are added up attempt by attempt, up to 10,000,000; give a --cap (the delays then stop changing) or a range within 10,000,000'],
    [["bullmq", "--attempts", "1000001", "--format", "svg"], "error: --format svg draws at most 1,000,000 attempts, got 1,000,001; use --format csv (or tsv, json, markdown), which stream any range"],
    [["bullmq", "--format", "csv", "--chart"], "error: --chart draws under the table, so it needs --format table, got --format csv (for a picture file use --format svg)"],
  ])("%j", async (args, message) => {
    expect(await runCli(["compare", ...args])).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
  });

  it("a config policy's error names the policy and the file", async () => {
    const dir = tempFiles({ "retry.json": JSON.stringify({ policies: { email: { base: "1s", strategy: "linear", factor: 2 } } }) });
    const result = await runCli(["compare", "--config", join(dir, "retry.json")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: policy "email" in ${join(dir, "retry.json")}: --factor applies only to --strategy exponential, not linear\n`);
  });
});
