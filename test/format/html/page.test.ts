import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type PageData, SERIES_FIELDS, type SeriesField, decodeSeries } from "../../../src/format/html/page-data.js";
import { scriptText } from "../../../src/format/html/page.js";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";

// The page as the CLI writes it (in memory; the page script is the one `npm test` built).
// Its rows travel as encoded JSON: read back, they must be the CLI's own CSV, number for number.

const CSV_NAMES: Record<SeriesField, string> = {
  rawMs: "raw_ms",
  delayMs: "delay_ms",
  cumulativeMs: "cumulative_ms",
  minMs: "min_ms",
  maxMs: "max_ms",
  cumulativeMinMs: "cumulative_min_ms",
  cumulativeMaxMs: "cumulative_max_ms",
  linearMs: "linear_ms",
  linearCumulativeMs: "linear_cumulative_ms",
  sampleMs: "sample_ms",
  sampleCumulativeMs: "sample_cumulative_ms",
};

async function page(args: readonly string[]): Promise<string> {
  const result = await runCli([...args, "--format", "html"]);
  expect(result.stderr.replace(/^warning: .*\n/, "")).toBe("");
  expect(result.code).toBe(0);
  return result.stdout;
}

function pageData(html: string): PageData {
  const match = /<script type="application\/json" id="backoff-data">(.*?)<\/script>/s.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as PageData;
}

/** The CLI's CSV as one record per row, each value as written (">9007199254740991" stays text). */
async function csvRows(args: readonly string[], command: readonly string[] = []): Promise<Array<Record<string, string>>> {
  const result = await runCli([...command, ...args, "--format", "csv"]);
  expect(result.code).toBe(0);
  const [header, ...lines] = result.stdout.trimEnd().split("\n");
  const names = header!.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((field, index) => [names[index]!, field])));
}

const field = (ms: number) => (ms > Number.MAX_SAFE_INTEGER ? `>${Number.MAX_SAFE_INTEGER}` : String(ms));

const SCHEDULES: ReadonlyArray<readonly string[]> = [
  ["--base", "100", "--cap", "10s", "--attempts", "20"],
  ["--base", "1s", "--cap", "30s", "--attempts", "3..40", "--jitter", "full", "--seed", "7"],
  ["--strategy", "linear", "--base", "1.5", "--step", "0.7", "--attempts", "500", "--jitter", "0.2"],
  ["--factor", "1.0025", "--attempts", "3000", "--jitter", "equal", "--seed", "3"],
  ["--attempts", "80"], // uncapped doubling: delays and totals saturate at 2^53
  ["--preset", "bullmq", "--base", "2s", "--jitter", "0.5", "--attempts", "12"],
  ["--preset", "aws-sdk", "--seed", "4"],
  ["--preset", "cenkalti", "--max-elapsed", "2m"],
];

describe("--format html: the rows the page carries", () => {
  it.each(SCHEDULES)("%j: every field read back equals the CLI's CSV", async (...args) => {
    const data = pageData(await page(args));
    expect(data.kind).toBe("schedule");
    const rows = decodeSeries(data.series[0]!);
    const csv = await csvRows(args);
    expect(rows.attempts).toEqual(csv.map((row) => Number(row["attempt"])));
    for (const name of SERIES_FIELDS) {
      const column = CSV_NAMES[name];
      if (!(column in csv[0]!)) continue;
      expect(csv.map((_, index) => field(rows.value(name, index))), name).toEqual(csv.map((row) => row[column]));
    }
    // The cap cut exactly the attempts whose delay is below the raw value.
    expect(rows.clamped).toEqual(csv.map((row) => row["raw_ms"] !== row["delay_ms"]));
  });

  it("stays under 250 KB for 10,000 attempts, the hardest columns included (random samples of large values)", async () => {
    // In-process, through run(argv, io): the page's size in UTF-8 bytes, as a file or a pipe would take it.
    for (const args of [
      ["--attempts", "10000", "--factor", "1.001", "--jitter", "0.2", "--seed", "3"],
      ["--attempts", "10000", "--strategy", "linear", "--base", "999999", "--step", "999.7", "--jitter", "0.2", "--seed", "5"],
      ["--attempts", "10000", "--factor", "1.0007", "--cap", "1h", "--jitter", "decorrelated", "--seed", "1"],
      ["--preset", "sidekiq", "--attempts", "10000", "--seed", "4"],
    ]) {
      const result = await runCli([...args, "--format", "html"]);
      expect(result.code, args.join(" ")).toBe(0);
      const bytes = Buffer.byteLength(result.stdout, "utf8");
      expect(bytes, args.join(" ")).toBeGreaterThan(30_000);
      expect(bytes, args.join(" ")).toBeLessThan(250 * 1024);
    }
  }, 60_000);
});

describe("--format html: stopped runs (issue 23, item 3)", () => {
  // cenkalti's defaults: the all-high run makes 19 retries (test/cli/schedule/stopped-runs.test.ts), so from 20
  // some runs have stopped; with MaxElapsedTime 20 s and seed 61 the sampled run stops after 6 (12,892 ms).
  it("the page knows from which attempt some runs have stopped and says it in the legend", async () => {
    const html = await page(["--preset", "cenkalti"]);
    const series = pageData(html).series[0]!;
    expect([series.stoppedFrom, series.allStoppedFrom, series.sampleStoppedFrom]).toEqual([20, null, null]);
    const rows = decodeSeries(series);
    expect([rows.stopped(18), rows.stopped(19), rows.stopped(23)]).toEqual([null, "some", "some"]);
    expect(html).toContain('<li data-stopped-from="20">⊘ from attempt 20 some runs have stopped (their waits were long): the range is over the runs that make the retry</li>');
  });

  it("a sampled run that has stopped makes no wait (not one of 0 ms); its total stays", async () => {
    const series = pageData(await page(["--preset", "cenkalti", "--max-elapsed", "20s", "--seed", "61"])).series[0]!;
    expect([series.stoppedFrom, series.sampleStoppedFrom]).toEqual([7, 7]);
    const rows = decodeSeries(series);
    expect([rows.sampleStopped(5), rows.sampleStopped(6)]).toEqual([false, true]);
    expect(rows.value("sampleCumulativeMs", 6)).toBe(12_892);
  });

  it("a policy that does not stop by time marks nothing", async () => {
    const html = await page(["--preset", "grpc"]);
    const series = pageData(html).series[0]!;
    expect([series.stoppedFrom, series.allStoppedFrom, series.sampleStoppedFrom]).toEqual([null, null, null]);
    expect(html).not.toContain("data-stopped-from");
  });
});

describe("--format html: the document", () => {
  it("carries every stable hook, the chart focusable, the readout announced", async () => {
    const html = await page(["--base", "100", "--cap", "10s", "--attempts", "20"]);
    for (const hook of [
      /<svg data-chart [^>]*tabindex="0"/,
      /<div [^>]*data-readout aria-live="polite"/,
      /<input type="number" name="base" [^>]*value="100">/,
      /<input type="number" name="cap" [^>]*value="10000"/,
      /<input type="number" name="attempt" [^>]*value="20">/,
      /<output data-clamp-readout aria-live="polite">/,
      /<input type="range" name="sweep-base" [^>]*value="100">/,
      /<output data-sweep-readout aria-live="polite">/,
      // 100 ms to 10 s spans 100×: linear, as the SVG would pick.
      /<input type="radio" name="scale" value="linear" checked>/,
      /<input type="radio" name="scale" value="log">/,
      /<tbody data-rows>/,
      /@media \(prefers-color-scheme: dark\)/,
      /@media print/,
    ]) {
      expect(html).toMatch(hook);
    }
    expect(/<code data-command>(.*?)<\/code>/.exec(html)![1]).toBe("backoff --base 100 --cap 10s --attempts 20");
  });

  it("is self-contained: no script, style, image or font from anywhere, and a policy that forbids any", async () => {
    const html = await page(["--base", "1s", "--cap", "30s", "--jitter", "full"]);
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link(?![^>]*href="data:,")/i);
    expect(html).not.toMatch(/url\(|@import/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"`);
    // The only address in the page is the SVG namespace the script creates elements in.
    expect(html.match(/https?:\/\/[^"'\s)]+/g)?.filter((address) => address !== "http://www.w3.org/2000/svg") ?? []).toEqual([]);
  });

  it("a name that would close the script element stays text (a config file's policy name)", async () => {
    const name = "</script><script>alert(1)</script><!--";
    const dir = tempFiles({ "retry.json": JSON.stringify({ policies: { [name]: { base: "1s" }, plain: { base: "2s" } } }) });
    const result = await runCli(["compare", "--config", join(dir, "retry.json"), "--attempts", "3", "--format", "html"]);
    expect(result.code).toBe(0);
    const html = result.stdout;
    // Two script elements and two closing tags: the name closed none of them.
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toContain("<!--");
    expect(pageData(html).series.map((series) => series.name)).toEqual([name, "plain"]);
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)");
  });

  it("script text cannot end its element early", () => {
    expect(scriptText('a = "</script>"; b = "<!--"; c = /<\\/SCRIPT/')).toBe('a = "<\\/script>"; b = "<\\!--"; c = /<\\/SCRIPT/');
  });

  it("the command line prints the very same schedule (own policy, jitter and seed, preset, config file)", async () => {
    const dir = tempFiles({ "retry.json": JSON.stringify({ strategy: "linear", base: "1.5s", step: 250, cap: "4s", attempts: "2..9", jitter: "equal" }) });
    for (const args of [
      ["--base", "1.5s", "--factor", "1.6", "--step", "90s", "--cap", "2m", "--attempts", "3..12", "--jitter", "0.25", "--seed", "11"],
      ["--preset", "bullmq", "--strategy", "fixed", "--base", "2500", "--jitter", "0.5", "--attempts", "6"],
      ["--preset", "p-retry", "--max-elapsed", "30s"],
      ["--config", join(dir, "retry.json")],
    ]) {
      const command = /<code data-command>(.*?)<\/code>/.exec(await page(args))![1]!;
      expect(command).toMatch(/^backoff /);
      expect(command).not.toContain("--config");
      const words = command.split(" ").slice(1);
      expect(await csvRows(words)).toEqual(await csvRows(args));
    }
  });

  it("refuses more than 10,000 attempts with one line (exit 2)", async () => {
    const result = await runCli(["--attempts", "10001", "--format", "html"]);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: --format html draws at most 10,000 attempts, got 10,001; use --format csv (or tsv, json, markdown), which stream any range\n",
    });
    const compare = await runCli(["compare", "fixed", "linear", "--attempts", "5..10005", "--format", "html"]);
    expect(compare.code).toBe(2);
    expect(compare.stderr).toBe("error: --format html draws at most 10,000 attempts, got 10,001; use --format csv (or tsv, json, markdown), which stream any range\n");
  });
});

describe("--format html: the deadline (issue 25)", () => {
  it("a schedule with --deadline carries the first retry no run starts by it, which the chart draws a line before", async () => {
    // The example: retries start at 3, 7, 13, 23, 41 s…: retry 5 is the first past 30 s.
    const data = pageData(await page(["--base", "1s", "--attempts", "10", "--attempt-time", "2s", "--deadline", "30s"]));
    expect(data.series[0]!.deadline).toEqual({ attempt: 5, ms: 30_000 });
    // Without a deadline, or with one every retry shown beats, the series has no such key.
    expect("deadline" in pageData(await page(["--base", "1s", "--attempts", "10"])).series[0]!).toBe(false);
    expect("deadline" in pageData(await page(["--base", "1s", "--attempts", "4", "--attempt-time", "2s", "--deadline", "30s"])).series[0]!).toBe(false);
  });
});
