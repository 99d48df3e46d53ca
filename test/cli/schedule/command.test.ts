import { Command } from "commander";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { scheduleCommand } from "../../../src/cli/schedule/command.js";
import { runCli } from "../../support/cli.js";
import { isAscii } from "../../support/rows.js";
import { formatsWriting } from "../../../src/format/registry.js";
import { generatedDoc } from "../../support/registries.js";

// src/cli/schedule/command.ts: the root command's definition (its options in help's order, its
// formats, its synonyms, its help text), then what its own switches --chart, --scale and
// --format svg draw (folded in from test/cli/schedule/charts.test.ts).

/** The schedule command's options, declared on a fresh commander command. */
function defined(): Command {
  const command = new Command();
  scheduleCommand.define(command);
  return command;
}

describe("scheduleCommand", () => {
  it("is the root command: no word of its own, and a one-line summary", () => {
    expect(scheduleCommand.name).toBe("");
    expect(scheduleCommand.summary).toBe("Retry schedules: when each retry fires, how long until giving up, exponential against linear.");
  });

  it("writes the schedule in every format with a schedule renderer, table the default", () => {
    const formats = formatsWriting("schedule");
    expect(formats[0]).toBe("table");
    expect(scheduleCommand.output).toEqual({ writes: [{ writes: "schedule", formats }], formats });
    const format = defined().options.find((option) => option.long === "--format")!;
    expect([format.defaultValue, format.argChoices]).toEqual(["table", formats]);
  });

  it("declares its options in help's order, with what leaving each out means", () => {
    // The inventory of its options: the one test that holds them, against the generated man page
    // (npm run docs writes man/backoff.1 from the help; the schedule's section lists every option).
    const section = generatedDoc("man/backoff.1").split(/^\.SH /m).find((text) => text.startsWith('"THE SCHEDULE: backoff [options]"\n'))!;
    const listed = [...section.split("\nOptions:\n")[1]!.split("\n\n")[0]!.matchAll(/^ {2}(?:\\-\w, )?(\\-\\-[^\s<]+)/gm)].map((match) => match[1]!.replace(/\\-/g, "-"));
    expect(defined().options.map((option) => option.long)).toEqual(listed.filter((flag) => flag !== "--version" && flag !== "--help"));
    // The defaults' words of define(): the shared options as options.ts words them (SHARED_OPTIONS),
    // attempts 1..10 (DEFAULT_ATTEMPTS), then --chart and --scale of its own (a new option's are in its own tests).
    const defaults = new Map(defined().options.map((option) => [option.long, option.defaultValueDescription ?? null]));
    const expected: Array<[string, string | null]> = [
      ["--strategy", "exponential"],
      ["--base", "1s"],
      ["--cap", "none"],
      ["--factor", "2"],
      ["--step", "base"],
      ["--attempts", "1..10"],
      ["--attempt-time", "0"],
      ["--deadline", null],
      ["--retry-after", null],
      ["--max-retry-after", null],
      ["--format", "table"],
      ["--chart", null],
      ["--scale", "log when values span over 100×"],
      ["--jitter", "none"],
      ["--seed", null],
      ["--preset", null],
      ["--max-elapsed", null],
      ["--no-color", null],
      ["--config", null],
      ["--policy", null],
    ];
    expect(expected.map(([flag]) => [flag, defaults.has(flag) ? defaults.get(flag) : "not an option"])).toEqual(expected);
    // In help's order.
    expect(defined().options.map((option) => option.long).filter((flag) => expected.some(([known]) => known === flag))).toEqual(expected.map(([flag]) => flag));
  });

  it("answers the words of other tools with its own options, -v with -V and --library with --preset", () => {
    const synonyms = scheduleCommand.synonyms!;
    expect([synonyms["--retries"], synonyms["--max-delay"], synonyms["--multiplier"], synonyms["--randomization-factor"], synonyms["-o"]]).toEqual([
      "--attempts",
      "--cap",
      "--factor",
      "--jitter",
      "--format",
    ]);
    expect([synonyms["-v"], synonyms["--library"], synonyms["--file"]]).toEqual(["-V", "--preset", "--config"]);
    // 6 + 7 + 6 + 3 + 2 + 3 + 2 words of SHARED_SYNONYMS for the seven options named, and its own three.
    expect(Object.keys(synonyms)).toHaveLength(32);
  });

  it("--help ends with the formulas, the examples and the exit codes", async () => {
    const { code, stdout, stderr } = await runCli(["--help"]);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).toContain("\nFormula (attempt = the attempt that has just failed, from 1):\n  exponential  delay = min(base × factor^(attempt−1), cap)\n");
    expect(stdout).toContain("  $ backoff --config retry.json --policy email\n");
    expect(stdout).toContain("Exit codes:\n  0  success\n");
  });

  it("runs the schedule of the flags given, through its action", async () => {
    // CONTRIBUTING.md's example: base 100 ms, factor 2: 100, 200; linear 100, 200.
    expect(await runCli(["--base", "100", "--attempts", "2", "--format", "csv"])).toEqual({
      code: 0,
      stdout: "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,100,100,100,100,100\n2,200,200,300,200,300\n",
      stderr: "",
    });
  });
});

/** A UTF-8 locale, as on most terminals: the chart draws with Unicode glyphs. */
const UTF8 = { LANG: "en_US.UTF-8" };

/** The chart printed under the table: from its "Scale:" line to the end. */
function chartPart(stdout: string): string {
  const start = stdout.indexOf("Scale: ");
  expect(start).toBeGreaterThan(0);
  return stdout.slice(start);
}

/** Bar lines of a chart: above the axis, an attempt (or a group) label, then a bar glyph. */
function barCount(chart: string): number {
  const lines = chart.split("\n");
  const axis = lines.findIndex((line) => /^ +[─┬]+$/.test(line) || /^ +[-+]+$/.test(line));
  expect(axis).toBeGreaterThan(0);
  return lines.slice(0, axis).filter((line) => /^ *\d+(?:–\d+|\.\.\d+)? [█░◆┃#=o| ]/.test(line)).length;
}

describe("backoff --chart", () => {
  it("prints the table, then a chart with one bar per attempt and the scale in use", async () => {
    const result = await runCli(["--cap", "30s", "--attempts", "12", "--chart"], { env: UTF8 });
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out.indexOf("┌")).toBe(0); // the table comes first
    const chart = chartPart(out);
    // 1 s to 30 s: 30× apart, not more than 100×, so linear.
    expect(chart).toMatch(/^Scale: linear \(1 s to 30 s, within 100×;/);
    expect(barCount(chart)).toBe(12);
    expect(chart).toContain("cap 30 s ┃");
    expect(result.stderr).toBe("");
  });

  it("chooses log for the default policy (1 s to 8 min 32 s, 512×) and linear when asked", async () => {
    const auto = await runCli(["--chart"], { env: UTF8 });
    expect(chartPart(auto.stdout)).toMatch(/^Scale: log \(/);
    const linear = await runCli(["--chart", "--scale", "linear"], { env: UTF8 });
    expect(chartPart(linear.stdout)).toMatch(/^Scale: linear \(1 s to 8 min 32 s\)\./);
  });

  it("fits the terminal's columns, and 80 when they are unknown", async () => {
    for (const columns of [40, 120]) {
      const result = await runCli(["--cap", "30s", "--attempts", "100", "--chart"], { env: UTF8, columns });
      const lines = chartPart(result.stdout).split("\n");
      expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(columns);
      // The axis spans the bar area; at 120 columns it is wider than 80 allows.
      if (columns === 120) expect(Math.max(...lines.map((line) => [...line].length))).toBeGreaterThan(80);
    }
    const unknown = await runCli(["--cap", "30s", "--attempts", "100", "--chart"], { env: UTF8 });
    const lines = chartPart(unknown.stdout).split("\n");
    expect(Math.max(...lines.map((line) => [...line].length))).toBe(80);
  });

  it("groups 100 attempts and says so", async () => {
    const result = await runCli(["--cap", "30s", "--attempts", "100", "--chart"], { env: UTF8 });
    const chart = chartPart(result.stdout);
    expect(chart).toContain("100 attempts in 34 lines of 3");
    expect(barCount(chart)).toBe(34);
  });

  it("draws in ASCII when NO_COLOR is set or the locale is not UTF-8", async () => {
    for (const env of [{ LANG: "en_US.UTF-8", NO_COLOR: "1" }, { LANG: "C" }, { LANG: "en_US.UTF-8", TERM: "linux" }]) {
      const result = await runCli(["--cap", "30s", "--chart"], { env });
      const chart = chartPart(result.stdout);
      expect(isAscii(chart)).toBe(true);
      expect(chart).toContain("# delay");
    }
  });

  it("has no colour codes into a pipe", async () => {
    const result = await runCli(["--chart"], { env: UTF8 });
    expect(result.stdout).not.toContain("\u001b[");
  });

  it("refuses --chart with another format, naming both", async () => {
    for (const format of ["csv", "json", "svg"]) {
      const result = await runCli(["--chart", "--format", format], { env: UTF8 });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(`error: --chart draws under the table, so it needs --format table, got --format ${format} (for a picture file use --format svg)\n`);
    }
  });

  it("refuses --scale without a picture, and an unknown scale", async () => {
    const lone = await runCli(["--scale", "log"], { env: UTF8 });
    expect(lone.code).toBe(2);
    expect(lone.stderr).toBe("error: --scale applies only to --chart and --format svg, got --scale log with neither\n");
    const unknown = await runCli(["--chart", "--scale", "cubic"], { env: UTF8 });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('error: --scale must be one of linear, log, got "cubic"\n');
    expect(unknown.stdout).toBe("");
  });
});

describe("backoff --format svg", () => {
  it("writes a well-formed SVG titled with the policy", async () => {
    const result = await runCli(["--cap", "30s", "--format", "svg"], { env: UTF8 });
    expect(result.code).toBe(0);
    const svg = result.stdout;
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain("<title>exponential · base 1 s · factor 2 · cap 30 s · attempts 1..10</title>");
    expect(svg).toContain('class="delay"');
    expect(svg).toContain('class="cap"');
    expect(svg).toContain("delay (linear scale)");
  });

  it("follows --scale", async () => {
    const result = await runCli(["--cap", "30s", "--format", "svg", "--scale", "log"], { env: UTF8 });
    expect(result.stdout).toContain("delay (log scale)");
  });

  it("refuses a range too long to hold in memory, unlike the streamed formats", async () => {
    const result = await runCli(["--attempts", "1000001", "--format", "svg"], { env: UTF8 });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("error: --format svg draws at most 1,000,000 attempts, got 1,000,001; use --format csv (or tsv, json, markdown), which stream any range\n");
  });

  it("names the strategy's own parameters in the title", async () => {
    const result = await runCli(["--strategy", "linear", "--base", "250ms", "--step", "500ms", "--attempts", "3..8", "--format", "svg"], { env: UTF8 });
    expect(result.stdout).toContain("<title>linear · base 250 ms · step 500 ms · no cap · attempts 3..8</title>");
  });
});
