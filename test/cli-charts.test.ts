import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { run } from "../src/cli/run.js";
import { isAscii } from "./helpers/rows.js";
import { memoryIo } from "./helpers/simple-io.js";

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
    const io = memoryIo();
    expect(await run(["--cap", "30s", "--attempts", "12", "--chart"], io)).toBe(0);
    const out = io.stdout.text();
    expect(out.indexOf("┌")).toBe(0); // the table comes first
    const chart = chartPart(out);
    // 1 s to 30 s: 30× apart, not more than 100×, so linear.
    expect(chart).toMatch(/^Scale: linear \(1 s to 30 s, within 100×;/);
    expect(barCount(chart)).toBe(12);
    expect(chart).toContain("cap 30 s ┃");
    expect(io.stderr.text()).toBe("");
  });

  it("chooses log for the default policy (1 s to 8 min 32 s, 512×) and linear when asked", async () => {
    const auto = memoryIo();
    await run(["--chart"], auto);
    expect(chartPart(auto.stdout.text())).toMatch(/^Scale: log \(/);
    const linear = memoryIo();
    await run(["--chart", "--scale", "linear"], linear);
    expect(chartPart(linear.stdout.text())).toMatch(/^Scale: linear \(1 s to 8 min 32 s\)\./);
  });

  it("fits the terminal's columns, and 80 when they are unknown", async () => {
    for (const columns of [40, 120]) {
      const io = memoryIo({ LANG: "en_US.UTF-8" }, columns);
      await run(["--cap", "30s", "--attempts", "100", "--chart"], io);
      const lines = chartPart(io.stdout.text()).split("\n");
      expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(columns);
      // The axis spans the bar area; at 120 columns it is wider than 80 allows.
      if (columns === 120) expect(Math.max(...lines.map((line) => [...line].length))).toBeGreaterThan(80);
    }
    const unknown = memoryIo();
    await run(["--cap", "30s", "--attempts", "100", "--chart"], unknown);
    const lines = chartPart(unknown.stdout.text()).split("\n");
    expect(Math.max(...lines.map((line) => [...line].length))).toBe(80);
  });

  it("groups 100 attempts and says so", async () => {
    const io = memoryIo();
    await run(["--cap", "30s", "--attempts", "100", "--chart"], io);
    const chart = chartPart(io.stdout.text());
    expect(chart).toContain("100 attempts in 34 lines of 3");
    expect(barCount(chart)).toBe(34);
  });

  it("draws in ASCII when NO_COLOR is set or the locale is not UTF-8", async () => {
    for (const env of [{ LANG: "en_US.UTF-8", NO_COLOR: "1" }, { LANG: "C" }, { LANG: "en_US.UTF-8", TERM: "linux" }]) {
      const io = memoryIo(env);
      await run(["--cap", "30s", "--chart"], io);
      const chart = chartPart(io.stdout.text());
      expect(isAscii(chart)).toBe(true);
      expect(chart).toContain("# delay");
    }
  });

  it("has no colour codes into a pipe", async () => {
    const io = memoryIo();
    await run(["--chart"], io);
    expect(io.stdout.text()).not.toContain("\u001b[");
  });

  it("refuses --chart with another format, naming both", async () => {
    for (const format of ["csv", "json", "svg"]) {
      const io = memoryIo();
      expect(await run(["--chart", "--format", format], io)).toBe(2);
      expect(io.stdout.text()).toBe("");
      expect(io.stderr.text()).toBe(`error: --chart draws under the table, so it needs --format table, got --format ${format} (for a picture file use --format svg)\n`);
    }
  });

  it("refuses --scale without a picture, and an unknown scale", async () => {
    const lone = memoryIo();
    expect(await run(["--scale", "log"], lone)).toBe(2);
    expect(lone.stderr.text()).toBe("error: --scale applies only to --chart and --format svg, got --scale log with neither\n");
    const unknown = memoryIo();
    expect(await run(["--chart", "--scale", "cubic"], unknown)).toBe(2);
    expect(unknown.stderr.text()).toBe('error: --scale must be one of linear, log, got "cubic"\n');
    expect(unknown.stdout.text()).toBe("");
  });
});

describe("backoff --format svg", () => {
  it("writes a well-formed SVG titled with the policy", async () => {
    const io = memoryIo();
    expect(await run(["--cap", "30s", "--format", "svg"], io)).toBe(0);
    const svg = io.stdout.text();
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain("<title>exponential · base 1 s · factor 2 · cap 30 s · attempts 1..10</title>");
    expect(svg).toContain('class="delay"');
    expect(svg).toContain('class="cap"');
    expect(svg).toContain("delay (linear scale)");
  });

  it("follows --scale", async () => {
    const io = memoryIo();
    await run(["--cap", "30s", "--format", "svg", "--scale", "log"], io);
    expect(io.stdout.text()).toContain("delay (log scale)");
  });

  it("refuses a range too long to hold in memory, unlike the streamed formats", async () => {
    const io = memoryIo();
    expect(await run(["--attempts", "1000001", "--format", "svg"], io)).toBe(2);
    expect(io.stdout.text()).toBe("");
    expect(io.stderr.text()).toBe("error: --format svg draws at most 1,000,000 attempts, got 1,000,001; use --format csv (or tsv, json, markdown), which stream any range\n");
  });

  it("names the strategy's own parameters in the title", async () => {
    const io = memoryIo();
    await run(["--strategy", "linear", "--base", "250ms", "--step", "500ms", "--attempts", "3..8", "--format", "svg"], io);
    expect(io.stdout.text()).toContain("<title>linear · base 250 ms · step 500 ms · no cap · attempts 3..8</title>");
  });
});
