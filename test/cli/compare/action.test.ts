import { XMLParser, XMLValidator } from "fast-xml-parser";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { policyFromConfig } from "../../../src/cli/compare/action.js";
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
      "policy,attempt,delay_ms,cumulative_ms,stop",
      "bullmq,1,1000,1000,gives up after 3 retries",
      "bullmq,2,2000,3000,gives up after 3 retries",
      "bullmq,3,4000,7000,gives up after 3 retries",
      "fixed:base=2s,1,2000,2000,gives up after 3 retries",
      "fixed:base=2s,2,2000,4000,gives up after 3 retries",
      "fixed:base=2s,3,2000,6000,gives up after 3 retries",
    ]);
  });

  it("the jitter columns appear when any policy jitters; a name with commas is quoted (RFC 4180), a TSV field is not", async () => {
    // Full jitter draws from [0, d]: min 0, max d, mean d/2; the un-jittered policy's range is its delay.
    expect(lines(await compare(["fixed:base=2s", "exponential:cap=10s,jitter=full", "--attempts", "2", "--format", "csv"]))).toEqual([
      "policy,attempt,delay_ms,cumulative_ms,min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms,stop",
      "fixed:base=2s,1,2000,2000,2000,2000,2000,2000,2000,gives up after 2 retries",
      "fixed:base=2s,2,2000,4000,2000,2000,2000,4000,4000,gives up after 2 retries",
      '"exponential:cap=10s,jitter=full",1,1000,1000,0,1000,500,0,1000,gives up after 2 retries',
      '"exponential:cap=10s,jitter=full",2,2000,3000,0,2000,1000,0,3000,gives up after 2 retries',
    ]);
    expect(lines(await compare(["exponential:cap=10s,jitter=full", "--attempts", "1", "--format", "tsv"]))[1]).toBe("exponential:cap=10s,jitter=full\t1\t1000\t1000\t0\t1000\t500\t0\t1000\tgives up after 1 retry");
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
    expect(compared.map((line) => line.replace(/^"[^"]*",/, "").replace(/,gives up after 12 retries$/, ""))).toEqual(rows.map(pick));
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
    expect(json.policies[1]).toMatchObject({
      strategy: "fixed",
      base_ms: 2000,
      cap_ms: null,
      first_attempt: 1,
      last_attempt: 4,
      jittered: false,
      stop: { kind: "count", retries: 4, text: "gives up after 4 retries" },
    });
    expect(json.rows).toHaveLength(8);
    expect(json.rows[3]).toEqual({ policy: "bullmq", attempt: 4, delay_ms: 8000, cumulative_ms: 15_000 });
    expect(json.summary).toEqual({
      totals: [
        { policy: "bullmq", gives_up: true, last_attempt: 4, total_ms: 15_000, total_min_ms: 15_000, total_max_ms: 15_000, past_shown: false },
        { policy: "fixed:base=2s", gives_up: true, last_attempt: 4, total_ms: 8000, total_min_ms: 8000, total_max_ms: 8000, past_shown: false },
      ],
      gives_up_first: ["fixed:base=2s"],
      waits_longest: ["bullmq"],
      never_gives_up: [],
    });
  });
});

describe("backoff compare: for people", () => {
  it("the summary says which gives up first and which waits longest (1,023,000 = 1000 · (2^10 − 1))", async () => {
    const text = await compare(["bullmq", "exponential:base=1s,factor=1.6,cap=2m", "fixed:base=2s", "--attempts", "10"]);
    expect(lines(text).slice(-5)).toEqual([
      "bullmq gives up after 10 retries.",
      "exponential:base=1s,factor=1.6,cap=2m gives up after 10 retries.",
      "fixed:base=2s gives up after 10 retries.",
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
      const stdout = new MemoryStream(false);
      const io: Io = { stdout, stderr: new MemoryStream(), env: { COLUMNS: String(columns) } };
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
    const own = lines(await compare(["fixed:base=2s", "--config", file, "--format", "csv"]))
      .slice(1)
      .map((line) => line.replace(/,gives up after \d+ retries$/, ""));
    // The file's own counts: email 6 attempts, jobs 5 tries = 4 retries (BullMQ counts the first try); the SPEC 1..10.
    expect(own.map((line) => line.split(",")[0]).filter((name, index, all) => all.indexOf(name) === index)).toEqual(["fixed:base=2s", "email", "jobs"]);
    expect(own.filter((line) => line.startsWith("email,"))).toHaveLength(6);
    expect(own.filter((line) => line.startsWith("jobs,"))).toEqual(["jobs,1,2000,2000", "jobs,2,4000,6000", "jobs,3,8000,14000", "jobs,4,16000,30000"]);
    const all = lines(await compare(["--config", file, "--attempts", "2", "--format", "csv"]))
      .slice(1)
      .map((line) => line.replace(/,gives up after 2 retries$/, ""));
    expect(all).toEqual(["email,1,1000,1000", "email,2,2000,3000", "jobs,1,2000,2000", "jobs,2,4000,6000"]);
  });
});

describe("backoff compare: each policy's own stopping rule decides (issue 23, item 1)", () => {
  // Sidekiq's retry: 25 without jitter waits c^4 + 15 s for c = 0..24: Σc^4 = 24·25·49·1799/30 = 1,763,020 s,
  // plus 25 · 15 = 375 s: 1,763,395 s. Temporal (maximumAttempts 0) and gRPC's connection backoff never stop;
  // BullMQ's default attempts: 1 makes no retry at all.
  it("compare bullmq sidekiq temporal: bullmq gives up first (it makes no retry), temporal never gives up", async () => {
    const text = lines(await compare(["bullmq", "sidekiq", "temporal"]));
    expect(text.slice(-6)).toEqual([
      "bullmq makes no retry (attempts: 1, no retries).",
      "sidekiq gives up after 25 retries (retry: 25).",
      "temporal retries forever (no retry limit).",
      "Gives up first: bullmq, at once, making no retry.",
      "Never gives up: temporal (it retries as long as the calls fail).",
      "Totals compare the un-jittered delays; with jitter they lie between: sidekiq 20 d 10 h – 20 d 11 h.",
    ]);
    const json = JSON.parse(await compare(["bullmq", "sidekiq", "temporal", "--format", "json"]));
    expect(json.summary.gives_up_first).toEqual(["bullmq"]);
    expect(json.summary.never_gives_up).toEqual(["temporal"]);
    expect(json.summary.waits_longest).toEqual(["temporal"]);
    expect(json.summary.totals[1]).toMatchObject({ policy: "sidekiq", gives_up: true, last_attempt: 25, total_ms: 1_763_395_000, past_shown: false });
    expect(json.summary.totals[2]).toEqual({ policy: "temporal", gives_up: false, last_attempt: null, total_ms: null, total_min_ms: null, total_max_ms: null, past_shown: false });
    expect(json.policies.map((policy: { stop: unknown }) => policy.stop)).toEqual([
      { kind: "count", retries: 0, text: "makes no retry (attempts: 1, no retries)" },
      { kind: "count", retries: 25, text: "gives up after 25 retries (retry: 25)" },
      { kind: "forever", text: "retries forever (no retry limit)" },
    ]);
    // Temporal retries on beside sidekiq's 25 rows; bullmq has none.
    expect(json.policies.map((policy: { first_attempt: unknown; last_attempt: unknown }) => [policy.first_attempt, policy.last_attempt])).toEqual([
      [null, null],
      [1, 25],
      [1, 25],
    ]);
    expect(json.rows.filter((row: { policy: string }) => row.policy === "bullmq")).toEqual([]);
  });

  it("compare grpc temporal: neither gives up", async () => {
    expect(lines(await compare(["grpc", "temporal"])).slice(-3)).toEqual([
      "grpc retries forever (connection backoff never gives up).",
      "temporal retries forever (no retry limit).",
      "None gives up: both policies retry as long as the calls fail.",
    ]);
    const json = JSON.parse(await compare(["grpc", "temporal", "--format", "json"]));
    expect(json.summary.gives_up_first).toEqual([]);
    expect(json.summary.never_gives_up).toEqual(["grpc", "temporal"]);
    // gRPC shows its 15 attempts; temporal, which has not stopped either, as many.
    expect(json.rows.filter((row: { policy: string }) => row.policy === "temporal")).toHaveLength(15);
  });

  it("every format says each policy's stop: a CSV/TSV column (one line for a policy without retries), the lines under the table and Markdown", async () => {
    expect(lines(await compare(["bullmq", "temporal", "--attempts", "2", "--format", "csv"]))).toEqual([
      "policy,attempt,delay_ms,cumulative_ms,stop",
      "bullmq,1,1000,1000,gives up after 2 retries",
      "bullmq,2,2000,3000,gives up after 2 retries",
      "temporal,1,1000,1000,gives up after 2 retries",
      "temporal,2,2000,3000,gives up after 2 retries",
    ]);
    expect(lines(await compare(["bullmq", "grpc-js:attempts=2", "--format", "csv"]))).toEqual([
      "policy,attempt,delay_ms,cumulative_ms,min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms,stop",
      'bullmq,,,,,,,,,"makes no retry (attempts: 1, no retries)"',
      // grpc-js (backoff-timeout.ts): the first wait is the initial 1 s as it is, the next 1.6 s ± 20 %.
      "grpc-js:attempts=2,1,1000,1000,1000,1000,1000,1000,1000,retries forever (connection backoff never gives up)",
      "grpc-js:attempts=2,2,1600,2600,1280,1920,1600,2280,2920,retries forever (connection backoff never gives up)",
    ]);
    expect(lines(await compare(["bullmq", "temporal", "--format", "tsv"]))[1]).toBe("bullmq\t\t\t\tmakes no retry (attempts: 1, no retries)");
    const markdown = lines(await compare(["bullmq", "fixed:base=2s,attempts=1", "--format", "markdown"]));
    expect(markdown.slice(2)).toEqual([
      "| 1 |  |  | 2000 | 2000 |",
      "",
      "bullmq makes no retry (attempts: 1, no retries).  ",
      "fixed:base=2s,attempts=1 gives up after 1 retry.  ",
      "Gives up first: bullmq, at once, making no retry.  ",
      "Waits longest in total: fixed:base=2s,attempts=1, 2 s (2,000 ms) by attempt 1.",
    ]);
  });

  it("a time limit reached past the rows shown is named as such (cenkalti: 19 to 39 retries within 15 min, rows to 24)", async () => {
    // cenkalti's defaults (500 ms × 1.5, ±50 %, MaxElapsedTime 15 min): every draw high stops after 19 retries,
    // every draw low after 39 (issue 23, item 2); the un-jittered run after 24, where the rows end.
    const text = lines(await compare(["cenkalti", "fixed:base=1s"]));
    expect(text).toContain("cenkalti gives up by MaxElapsedTime (15 min), after 19 to 39 retries as the jitter falls; the rows end at attempt 24.");
    expect(text).toContain("Gives up first: fixed:base=1s, after attempt 10 and 10 s (10,000 ms) of waiting.");
    const json = JSON.parse(await compare(["cenkalti", "fixed:base=1s", "--format", "json"]));
    expect(json.policies[0].stop).toEqual({
      kind: "elapsed",
      last_attempt: 24,
      fewest_retries: 19,
      most_retries: 39,
      text: "gives up by MaxElapsedTime (15 min), after 19 to 39 retries as the jitter falls",
    });
    expect(json.summary.totals[0]).toMatchObject({ gives_up: true, last_attempt: 24, past_shown: true });
    // Whatever the draws, the waits never add up past the limit.
    expect(json.summary.totals[0].total_max_ms).toBeLessThanOrEqual(900_000);
  });
});

describe("backoff compare: layouts without padding (issue 23, item 9)", () => {
  /** Runs compare with COLUMNS set (or unset: a pipe) and returns stdout. */
  async function table(args: readonly string[], columns?: number): Promise<string> {
    const stdout = new MemoryStream(false);
    const io: Io = { stdout, stderr: new MemoryStream(), env: columns === undefined ? {} : { COLUMNS: String(columns) } };
    expect(await run(["compare", ...args], io)).toBe(0);
    return stdout.text;
  }
  const bodyRows = (text: string) => text.split("\n").filter((line) => /^│ +\d+ │/.test(line));

  it("in a pipe with no COLUMNS the policies are side by side in one table, whatever its width", async () => {
    const text = await table(["bullmq:attempts=10", "sidekiq", "temporal"]);
    expect(text.split("\n").filter((line) => line.startsWith("┌"))).toHaveLength(1);
    const rows = bodyRows(text);
    expect(rows).toHaveLength(25);
    expect(Math.max(...text.split("\n").map((line) => line.length))).toBeGreaterThan(80);
    // bullmq's 11th attempt is where it gave up; sidekiq and temporal go on to 25.
    // (sidekiq's 11th wait: 10^4 + 15 s = 2 h 46 min 55 s, plus up to 99 s of jitter.)
    expect(rows[10]).toMatch(/^│ +11 │ gave up +│ +│ 2 h 47 min/);
    expect(rows[11]).toMatch(/^│ +12 │ +│ +│ 4 h 4 min/);
  });

  it("stacked tables (COLUMNS 80) end at their own policy's last attempt: no empty rows for bullmq beside sidekiq", async () => {
    const text = await table(["bullmq:attempts=10", "sidekiq"], 80);
    const tables = text.split("\n\n");
    expect(tables).toHaveLength(2);
    expect(bodyRows(tables[0]!).map((line) => line.match(/\d+/)![0])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(bodyRows(tables[1]!)).toHaveLength(25);
  });

  it("a policy without retries has an empty column, saying it gave up at attempt 1", async () => {
    const rows = bodyRows(await table(["bullmq", "fixed:base=2s,attempts=3", "fixed:base=1s,attempts=2"]));
    expect(rows).toEqual([
      "│       1 │ gave up │            │ 2 s   │ 2 s        │ 1 s     │ 1 s        │",
      "│       2 │         │            │ 2 s   │ 4 s        │ 1 s     │ 2 s        │",
      "│       3 │         │            │ 2 s   │ 6 s        │ gave up │            │",
    ]);
  });
});

describe("backoff compare --attempt-time and --deadline: the deadline model per policy (issue 25)", () => {
  // Retry a starts at a × T + (the waits 1..a); a start at or after the deadline never fires; a policy gives
  // up when its last try ends, or at the deadline. exponential from 1 s with T = 2 s: 2 + 1 = 3, 4 + 3 = 7,
  // 6 + 7 = 13, 8 + 15 = 23, 10 + 31 = 41 s… (the issue's own example); fixed 2 s: 4a s.
  it("CSV: start_ms and fires after every column there was; retries 5–10 never fire within 30 s", async () => {
    const csv = lines(await compare(["exponential:base=1s", "fixed:base=2s,attempts=2", "--attempt-time", "2s", "--deadline", "30s", "--format", "csv"]));
    expect(csv[0]).toBe("policy,attempt,delay_ms,cumulative_ms,stop,start_ms,fires");
    expect(csv.slice(1, 7)).toEqual([
      "exponential:base=1s,1,1000,1000,gives up after 10 retries,3000,yes",
      "exponential:base=1s,2,2000,3000,gives up after 10 retries,7000,yes",
      "exponential:base=1s,3,4000,7000,gives up after 10 retries,13000,yes",
      "exponential:base=1s,4,8000,15000,gives up after 10 retries,23000,yes",
      "exponential:base=1s,5,16000,31000,gives up after 10 retries,41000,no",
      "exponential:base=1s,6,32000,63000,gives up after 10 retries,75000,no",
    ]);
    expect(csv.slice(-2)).toEqual(['"fixed:base=2s,attempts=2",1,2000,2000,gives up after 2 retries,4000,yes', '"fixed:base=2s,attempts=2",2,2000,4000,gives up after 2 retries,8000,yes']);
  });

  it("the true give-up time can turn the verdict: by the waits alone fixed gives up first, with 2 s tries exponential does", async () => {
    // Waits alone: exponential 1 + 2 + 4 = 7 s, fixed 5 × 1 = 5 s. With tries of 2 s: exponential's retry 3
    // starts at 6 + 7 = 13 s and ends at 15 s; fixed's retry 5 at 10 + 5 = 15 s, ending at 17 s.
    const text = lines(await compare(["exponential:base=1s,attempts=3", "fixed:base=1s,attempts=5", "--attempt-time", "2s"]));
    expect(text.slice(-6)).toEqual([
      "Gives up first: fixed:base=1s,attempts=5, after attempt 5 and 5 s (5,000 ms) of waiting.",
      "Waits longest in total: exponential:base=1s,attempts=3, 7 s (7,000 ms) by attempt 3.",
      "Each try runs up to 2 s before it fails: retry a starts at a × 2 s plus the waits before it.",
      "exponential:base=1s,attempts=3: every retry (3) fires; giving up at 15 s.",
      "fixed:base=1s,attempts=5: every retry (5) fires; giving up at 17 s.",
      "With tries of 2 s, gives up first: exponential:base=1s,attempts=3, at 15 s (15,000 ms).",
    ]);
    const table = text.filter((line) => /^│ +\d+ │/.test(line));
    expect(table[0]).toMatch(/^│ +1 │ 1 s +│ 1 s +│ 3 s +│ yes +│ 1 s +│ 1 s +│ 3 s +│ yes +│$/);
    expect(table[3]).toMatch(/^│ +4 │ gave up +│ +│ +│ +│ 1 s +│ 4 s +│ 12 s +│ yes +│$/);
  });

  it("JSON: the rows' timing, and each policy's summary with its true give-up time, jitter included", async () => {
    // Full jitter draws each wait from [0, d]: retry 1 starts at 1 s + [0, 1] s, retry 2 at 2 s + [0, 3] s, so
    // some runs start it at the 5 s deadline (no fire). grpc-retry (A6: 100 ms × 2^(a−1) ± 20 %, 3 retries):
    // retry 3 starts at 3 s + [560, 840] ms, and the fourth try ends 1 s later: 4.56–4.84 s.
    const json = JSON.parse(await compare(["exponential:base=1s,attempts=2,jitter=full", "grpc-retry", "--attempt-time", "1s", "--deadline", "5s", "--format", "json"]));
    expect(json.rows[1]).toMatchObject({ attempt: 2, start_ms: 5000, start_min_ms: 2000, start_max_ms: 5000, fires: "in some runs" });
    expect(json.rows[4]).toMatchObject({ policy: "grpc-retry", attempt: 3, start_ms: 3700, start_min_ms: 3560, start_max_ms: 3840, fires: "yes" });
    expect(json.summary.deadline.policies).toEqual([
      expect.objectContaining({ policy: "exponential:base=1s,attempts=2,jitter=full", last_fires_in_every_run: 1, last_fires_in_some_run: 2, give_up_ms: 5000, give_up_min_ms: 3000, give_up_max_ms: 5000 }),
      expect.objectContaining({ policy: "grpc-retry", never_fires_from: null, last_fires_in_every_run: 3, give_up_ms: 4700, give_up_min_ms: 4560, give_up_max_ms: 4840 }),
    ]);
    expect(json.summary.deadline.gives_up_first).toEqual(["grpc-retry"]);
  });

  it("a policy retrying forever gives up at the deadline, and never without one", async () => {
    // fixed 1 s with 1 s tries: retry a at 2a s, the 4th at 8 s ends at 9 s, within 10 s; the 5th at 10 s never fires.
    const text = lines(await compare(["grpc", "fixed:base=1s,attempts=4", "--attempt-time", "1s", "--deadline", "10s"]));
    expect(text).toContain("fixed:base=1s,attempts=4: every retry (4) fires before the deadline (10 s); giving up at 9 s.");
    expect(text.at(-1)).toBe("With tries of 1 s and the deadline (10 s), gives up first: fixed:base=1s,attempts=4, at 9 s (9,000 ms).");
    expect(lines(await compare(["grpc", "temporal", "--attempt-time", "1s"])).at(-1)).toBe("With tries of 1 s, none gives up: grpc and temporal retry forever.");
  });

  it("bad times are refused (exit 2)", async () => {
    expect(await runCli(["compare", "fixed:base=1s", "--deadline", "x"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'error: --deadline must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "x"\n',
    });
  });

  it("a library that stops by elapsed time counts its limit with the tries' time", async () => {
    // cenkalti without jitter: waits 1, 2, 4 s; tries of 2 s: retries would start at 3, 7, 13 s, past MaxElapsedTime (10 s)
    // from retry 3: it gives up when retry 2's try ends, at 9 s. fixed 1 s, 4 retries: the 5th try ends at 5 × 2 + 4 = 14 s.
    const cenkalti = "cenkalti:jitter=0,base=1s,factor=2,max-elapsed=10s";
    const text = lines(await compare([cenkalti, "fixed:base=1s", "--attempts", "4", "--attempt-time", "2s"]));
    expect(text.slice(-3)).toEqual([
      `${cenkalti}: retries from 3 on can never fire: MaxElapsedTime (10 s) ends them first, the tries' own time counted; the last retry that fires is 2, giving up at 9 s.`,
      "fixed:base=1s: every retry (4) fires; giving up at 14 s.",
      `With tries of 2 s, gives up first: ${cenkalti}, at 9 s (9,000 ms).`,
    ]);
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

/** What a comparison reads from a built policy, the model as its first two delays. */
function built(policy: ReturnType<typeof policyFromConfig>) {
  const { name, range, stop, rangeGiven, description, model } = policy;
  return { name, range, stop, rangeGiven, description, delays: [model.delay(1).delayMs, model.delay(2).delayMs] };
}

describe("policyFromConfig", () => {
  it("a config file's policy keys only (limits left to check), --attempts over the file's", () => {
    expect(built(policyFromConfig("email", { strategy: "fixed", base: "3s", attempts: "4", maxTotal: "1m", clients: "3" }, undefined))).toEqual({
      name: "email",
      range: { first: 1, last: 4 },
      stop: { kind: "count", retries: 4, words: null },
      rangeGiven: true,
      description: { strategy: "fixed", base_ms: 3000, step_ms: 3000, cap_ms: null, first_attempt: 1, last_attempt: 4, jitter: "none", jittered: false },
      delays: [3000, 3000],
    });
    expect(policyFromConfig("email", { strategy: "fixed", base: "3s", attempts: "4" }, "2").range).toEqual({ first: 1, last: 2 });
  });

});
