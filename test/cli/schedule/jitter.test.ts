import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { parseCsv } from "../../support/csv.js";

const CORE = "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms";
const JITTER = "min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms";
const SAMPLE = "sample_ms,sample_cumulative_ms";

describe("schedule with --jitter", () => {
  it("appends the jitter columns after the six core columns, then the sample columns with --seed", async () => {
    const plain = await runCli(["--attempts", "2", "--format", "csv"]);
    expect(plain.stdout.split("\n")[0]).toBe(CORE);
    const jittered = await runCli(["--attempts", "2", "--format", "csv", "--jitter", "full"]);
    expect(jittered.stdout.split("\n")[0]).toBe(`${CORE},${JITTER}`);
    const seeded = await runCli(["--attempts", "2", "--format", "tsv", "--jitter", "full", "--seed", "3"]);
    expect(seeded.stdout.split("\n")[0]).toBe(`${CORE},${JITTER},${SAMPLE}`.replaceAll(",", "\t"));
  });

  it("±20% with a 30 s cap: exact bounds, totals and the un-jittered core columns", async () => {
    const { code, stdout } = await runCli(["--base", "1s", "--cap", "30s", "--jitter", "0.2", "--attempts", "6", "--format", "csv"]);
    expect(code).toBe(0);
    const rows = parseCsv(stdout);
    // d = 1000, 2000, 4000, 8000, 16000, 30000 (32000 capped); min = 0.8·d, max = min(1.2·d, 30000).
    expect(rows.map((r) => [r["delay_ms"], r["min_ms"], r["max_ms"]])).toEqual([
      ["1000", "800", "1200"],
      ["2000", "1600", "2400"],
      ["4000", "3200", "4800"],
      ["8000", "6400", "9600"],
      ["16000", "12800", "19200"],
      ["30000", "24000", "30000"],
    ]);
    // 800 + 1600 + 3200 + 6400 + 12800 + 24000 = 48800; 1200 + 2400 + 4800 + 9600 + 19200 + 30000 = 67200.
    expect([rows[5]!["cumulative_min_ms"], rows[5]!["cumulative_max_ms"]]).toEqual(["48800", "67200"]);
    expect(rows[0]!["mean_ms"]).toBe("1000");
    expect(rows[5]!["cumulative_ms"]).toBe("61000"); // 1+2+4+8+16+30 s, un-jittered
  });

  it("the same seed prints the same sample; another seed another; samples lie inside the bounds", async () => {
    const args = ["--base", "100", "--cap", "10s", "--jitter", "decorrelated", "--attempts", "30", "--format", "csv"];
    const a = await runCli([...args, "--seed", "77"]);
    const b = await runCli([...args, "--seed", "77"]);
    const c = await runCli([...args, "--seed", "78"]);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    let total = 0;
    for (const row of parseCsv(a.stdout)) {
      const sample = Number(row["sample_ms"]);
      total += sample;
      expect(sample).toBeGreaterThanOrEqual(Number(row["min_ms"]));
      expect(sample).toBeLessThanOrEqual(Number(row["max_ms"]));
      expect(Number(row["sample_cumulative_ms"])).toBe(total);
    }
  });

  it("a range that starts later still samples from attempt 1 (same values as the full run)", async () => {
    const args = ["--base", "100", "--cap", "10s", "--jitter", "full", "--seed", "5", "--format", "csv"];
    const full = parseCsv((await runCli([...args, "--attempts", "8"])).stdout);
    const tail = parseCsv((await runCli([...args, "--attempts", "5..8"])).stdout);
    expect(tail).toEqual(full.slice(4));
  });

  it("the table shows each delay as its range and the best and worst case total", async () => {
    const { stdout } = await runCli(["--base", "1s", "--cap", "30s", "--jitter", "0.2", "--attempts", "3"]);
    expect(stdout).toContain("1.6 s – 2.4 s"); // attempt 2: 2000 ± 20%
    expect(stdout).toContain("800 ms – 1.2 s");
    // best 800 + 1600 + 3200 = 5600; worst 1200 + 2400 + 4800 = 8400.
    expect(stdout).toContain("best case 5.6 s (5,600 ms), worst case 8.4 s (8,400 ms)");
    expect(stdout).toContain("linear");
  });

  it("the table shows the sample when seeded, the same one the CSV draws", async () => {
    const args = ["--base", "1s", "--cap", "30s", "--jitter", "full", "--seed", "7", "--attempts", "12"];
    const csv = parseCsv((await runCli([...args, "--format", "csv"])).stdout);
    const total = Number(csv[11]!["sample_cumulative_ms"]);
    const { stdout } = await runCli(args);
    expect(stdout.split("\n")[1]).toContain("sample total");
    expect(stdout).toContain(`Sample (seed 7): total wait`);
    expect(stdout).toContain(`(${total.toLocaleString("en-US")} ms)`);
  });

  it("JSON carries the jitter, the seed and the best and worst totals", async () => {
    const { stdout } = await runCli(["--base", "1s", "--cap", "30s", "--jitter", "equal", "--seed", "1", "--attempts", "2", "--format", "json"]);
    const json = JSON.parse(stdout);
    expect(json.policy.jitter).toBe("equal");
    expect(json.policy.seed).toBe(1);
    // equal: [500, 1000] then [1000, 2000].
    expect(json.summary.total_min_ms).toBe(1500);
    expect(json.summary.total_max_ms).toBe(3000);
    expect(json.rows[1].mean_ms).toBe(1500);
    expect(json.summary.sample_total_ms).toBe(json.rows[1].sample_cumulative_ms);
  });
});

describe("usage errors: exit 2, one line on stderr, nothing on stdout", () => {
  const cases: Array<[string[], RegExp]> = [
    [["--jitter", "0"], /--jitter fraction must be greater than 0 and at most 1, got "0"/],
    [["--jitter", "1.5"], /--jitter fraction .* got "1.5"/],
    [["--jitter", "-0.2"], /--jitter must be none, full, equal, decorrelated or a fraction/],
    [["--jitter", "wobbly"], /--jitter must be none, full, equal, decorrelated or a fraction .* got "wobbly"/],
    [["--jitter", "decorrelated"], /--jitter decorrelated needs --cap/],
    [["--jitter", "full", "--seed", "-1"], /--seed must be a whole number/],
    [["--jitter", "full", "--seed", "1.5"], /--seed must be a whole number .* got "1.5"/],
    [["--jitter", "full", "--seed", "abc"], /--seed must be a whole number/],
    [["--seed", "9007199254740992"], /--seed must be at most 9007199254740991/],
    [["--jitter", "full", "--seed", "1", "--attempts", "10000001..10000002"], /--seed draws the sequence from attempt 1, so --attempts must start at most at 10,000,000/],
    [["simulate", "--clients", "0"], /--clients must be at least 1/],
    [["simulate", "--clients", "10000001"], /--clients must be at most 10,000,000/],
    [["simulate", "--clients", "many"], /--clients must be a whole number/],
    [["simulate", "--success", "1.5"], /--success must be a probability from 0 to 1/],
    [["simulate", "--success", "-0.1"], /--success must be a probability/],
    [["simulate", "--window", "0"], /--window must be greater than zero/],
    [["simulate", "--window", "-5"], /--window must be a positive duration/],
    [["simulate", "--jitter", "2"], /--jitter fraction/],
    [["simulate", "--seed", "x"], /--seed must be a whole number/],
    [["simulate", "--attempts", "3..5"], /--attempts for simulate must be a count/],
    [["simulate", "--attempts", "0"], /--attempts for simulate must be from 1 to 1000/],
    [["simulate", "--compare-jitter"], /--compare-jitter needs --cap/],
    [["simulate", "--clients", "10000000", "--attempts", "20"], /--clients × --attempts must be at most 100,000,000/],
    [["simulate", "--format", "html"], /--format must be one of table, csv, tsv, json, markdown, svg, got "html"/],
  ];
  for (const [argv, message] of cases) {
    it(argv.join(" "), async () => {
      const { code, stdout, stderr } = await runCli(argv);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(message);
      expect(stderr.startsWith("error: ")).toBe(true);
      expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    });
  }
});
