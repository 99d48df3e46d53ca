import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { COMMANDS_LISTED, formatList } from "../support/registries.js";

const ANSI = /\u001b\[/;

describe("bad input: exit 2, one line on stderr naming the option and the value, nothing on stdout", () => {
  it.each([
    [["--base", "-5"], 'error: --base must be a positive duration, got "-5"'],
    [["--base", "0"], 'error: --base must be greater than zero, got "0"'],
    [["--base", "0s"], 'error: --base must be greater than zero, got "0s"'],
    [["--base", "-0"], 'error: --base must be a positive duration, got "-0"'],
    [["--base", "Infinity"], 'error: --base must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "Infinity"'],
    [["--base", "abc"], 'error: --base must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "abc"'],
    [["--base", ""], 'error: --base must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got ""'],
    [["--base", "5x"], 'error: --base has an unknown unit "x" in "5x"; use ms, s, m, h or d'],
    [["--base", "1e309"], 'error: --base must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "1e309"'],
    [["--base", "10 fortnights"], 'error: --base has an unknown unit "fortnights" in "10 fortnights"; use ms, s, m, h or d'],
    [["--base", "99999999999999999999"], 'error: --base must be at most 9007199254740991 ms (about 285,616 years), got "99999999999999999999"'],
    [["--strategy", "linear", "--step", "-1s"], 'error: --step must be a positive duration, got "-1s"'],
    [["--strategy", "linear", "--step", "0"], 'error: --step must be greater than zero, got "0"'],
    [["--factor", "0.5"], 'error: --factor must be at least 1 (1 keeps the delay constant), got "0.5"'],
    [["--factor", "NaN"], 'error: --factor must be a number of at least 1, such as 2 or 1.5, got "NaN"'],
    [["--factor", "two"], 'error: --factor must be a number of at least 1, such as 2 or 1.5, got "two"'],
    [["--factor", "0x10"], 'error: --factor must be a number of at least 1, such as 2 or 1.5, got "0x10"'],
    [["--factor", "1.00000000000000000001"], 'error: --factor has more digits than can be computed exactly (15 significant digits at most), got "1.00000000000000000001"'],
    [["--strategy", "linear", "--factor", "3"], "error: --factor applies only to --strategy exponential, not linear"],
    [["--base", "1s", "--cap", "500ms"], "error: --cap (500ms) must be at least --base (1s)"],
    [["--attempts", "0"], 'error: --attempts counts from 1 (the first failure), got "0"'],
    [["--attempts", "0..5"], 'error: --attempts counts from 1 (the first failure), got "0..5"'],
    [["--attempts", "-3"], 'error: --attempts must be a count such as 10 or a range such as 3..8, got "-3"'],
    [["--attempts", "8..3"], 'error: --attempts range "8..3" is reversed; write 3..8'],
    [["--attempts", "3...8"], 'error: --attempts must be a count such as 10 or a range such as 3..8, got "3...8"'],
    [["--attempts", "1.5"], 'error: --attempts must be a count such as 10 or a range such as 3..8, got "1.5"'],
    [["--attempts", "1..99999999999999999999"], 'error: --attempts must be at most 9007199254740991, got "1..99999999999999999999"'],
    [["--strategy", "quadratic"], 'error: --strategy must be one of exponential, linear, fixed, got "quadratic"'],
    [["--format", "xml"], `error: --format must be one of ${formatList("")}, got "xml"`],
    [["--bse", "5"], "error: unknown option '--bse' (did you mean --base?)"],
    [["--base"], "error: --base needs a value: a duration such as 250ms, 1.5s, 2m or 1h (a bare number is milliseconds)"],
    [["extra"], `error: unknown command "extra" (the commands are ${COMMANDS_LISTED})`],
  ])("%j", async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`${message}\n`);
  });
});

describe("formats", () => {
  it("CSV: the README's linear example", async () => {
    const { code, stdout, stderr } = await runCli(["--strategy", "linear", "--base", "1s", "--step", "500ms", "--attempts", "3..8", "--format", "csv"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    // delay = 1000 + 500 × (a − 1); total before 3 = 1000 + 1500 = 2500. The comparison is the same linear schedule.
    expect(stdout).toBe(
      [
        "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms",
        "3,2000,2000,4500,2000,4500",
        "4,2500,2500,7000,2500,7000",
        "5,3000,3000,10000,3000,10000",
        "6,3500,3500,13500,3500,13500",
        "7,4000,4000,17500,4000,17500",
        "8,4500,4500,22000,4500,22000",
        "",
      ].join("\n"),
    );
  });

  it("JSON: the README's jq example reads the total at the last attempt", async () => {
    const { code, stdout } = await runCli(["--factor", "1.6", "--base", "1s", "--cap", "2m", "--format", "json"]);
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout);
    // 1000 × 1.6^(a−1): 1000, 1600, 2560, 4096, 6553.6→6554, 10485.76→10486, 16777.216→16777,
    // 26843.5456→26844, 42949.67296→42950, 68719.476736→68719; all under the 120 s cap.
    const delays = [1000, 1600, 2560, 4096, 6554, 10486, 16777, 26844, 42950, 68719];
    expect(parsed.rows.map((r: { delay_ms: number }) => r.delay_ms)).toEqual(delays);
    expect(parsed.rows.at(-1).cumulative_ms).toBe(delays.reduce((a, b) => a + b, 0));
    expect(parsed.policy).toEqual({ strategy: "exponential", base_ms: 1000, factor: 1.6, step_ms: 1000, cap_ms: 120_000, first_attempt: 1, last_attempt: 10 });
    expect(parsed.summary.cap_reached_at).toBe(12); // 1000 × 1.6^11 = 175,921.86 > 120,000 > 1.6^10 × 1000 = 109,951.16
  });

  it("Markdown renders the rows and the summary", async () => {
    const { stdout } = await runCli(["--base", "100", "--attempts", "5", "--format", "markdown"]);
    expect(stdout.split("\n")[6]).toBe("| 5 | 1600 | 1600 | 3100 | 500 | 1500 |");
    expect(stdout).toContain("At attempt 5 the delay is 3.2× the linear one (1.6 s against 500 ms).");
  });

  it("table: the README's first example, cap reached at attempt 8, no colour into a pipe", async () => {
    const { code, stdout } = await runCli(["--base", "100", "--cap", "10s", "--attempts", "5"]);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(ANSI);
    expect(stdout).toMatch(/│\s+5 │ 1,600 ms {2}1\.6 s\s+│ 3,100 ms {2}3\.1 s\s+│ 500 ms\s+│ 1\.5 s\s+│/);
    expect(stdout).toContain("Total wait after attempt 5: 3.1 s (3,100 ms); linear: 1.5 s (1,500 ms).");
    expect(stdout).toContain("Cap: 10 s, first reached at attempt 8 (after this range).");
  });

  it("table marks clamped rows and shows the uncapped value", async () => {
    const { stdout } = await runCli(["--base", "100", "--cap", "10s", "--attempts", "20..20"]);
    // 100 × 2^19 = 52,428,800 ms = 14 h 33 min 48.8 s → "14 h 34 min"
    expect(stdout).toMatch(/│\s+20 │ 10,000 ms {2}10 s ⤒ │ .* │ 14 h 34 min │/);
  });
});

describe("colour", () => {
  const table = ["--attempts", "2"];
  it("on a terminal by default", async () => expect((await runCli(table, { isTTY: true })).stdout).toMatch(ANSI));
  it("not with NO_COLOR", async () => expect((await runCli(table, { isTTY: true, env: { NO_COLOR: "1" } })).stdout).not.toMatch(ANSI));
  it("not with --no-color, even with FORCE_COLOR", async () => expect((await runCli([...table, "--no-color"], { isTTY: true, env: { FORCE_COLOR: "1" } })).stdout).not.toMatch(ANSI));
  it("into a pipe with FORCE_COLOR", async () => expect((await runCli(table, { env: { FORCE_COLOR: "1" } })).stdout).toMatch(ANSI));
  it("not with FORCE_COLOR=0 on a terminal", async () => expect((await runCli(table, { isTTY: true, env: { FORCE_COLOR: "0" } })).stdout).not.toMatch(ANSI));
  it("never in CSV", async () => expect((await runCli([...table, "-f", "csv"], { isTTY: true, env: { FORCE_COLOR: "3" } })).stdout).not.toMatch(ANSI));
});

describe("help and version", () => {
  it("--help: usage, every option, the formula, examples and exit codes, on stdout with exit 0", async () => {
    const { code, stdout, stderr } = await runCli(["--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    for (const text of ["Usage: backoff [options]", "--strategy", "--base", "--cap", "--factor", "--step", "--attempts", "--format", "--no-color", "--version", "Examples:", "Exit codes:", "min(base × factor^(attempt−1), cap)"]) {
      expect(stdout).toContain(text);
    }
  });

  it("--version prints the package version", async () => {
    const { code, stdout } = await runCli(["--version"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe("streaming", () => {
  it("a 100,000-row table (the most a table draws) starts at once, its columns wide enough for the last row", async () => {
    const { code, stdout } = await runCli(["--attempts", "1..100000", "--cap", "1h"], { stdoutLimit: 100_000 });
    expect(code).toBe(0);
    const lines = stdout.split("\n").slice(0, 500);
    // Every line of the box has the same width: attempt 100,000 fits in the column measured for it.
    expect(new Set(lines.slice(0, -1).map((line) => line.length)).size).toBe(1);
    expect(lines[3]).toMatch(/^│ +1 │ 1,000 ms {2}1 s +│/);
  });

  it("stops generating as soon as the reader goes away", async () => {
    // Ten million attempts into a reader that takes 100 KB: returns promptly with exit 0.
    const { code, stdout, stderr } = await runCli(["--attempts", "1..10000000", "--cap", "1h", "--format", "csv"], { stdoutLimit: 100_000 });
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout.length).toBeLessThan(200_000);
    expect(stdout.startsWith("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,1000,1000,1000,1000,1000\n")).toBe(true);
  });
});

describe("ranges far out", () => {
  it("an uncapped linear schedule with a fractional step starts at attempt 2^53 − 2 at once (closed-form totals)", async () => {
    const { code, stdout } = await runCli(["--strategy", "linear", "--base", "1", "--step", "0.001", "--attempts", "9007199254740990..9007199254740991", "--format", "csv"]);
    expect(code).toBe(0);
    // delay = round(1 + 0.001 × (a − 1)): a − 1 = 9,007,199,254,740,990 → 9,007,199,254,741.99 → 9,007,199,254,742
    expect(stdout.split("\n")[2]).toMatch(/^9007199254740991,9007199254742,9007199254742,>9007199254740991,/);
  });

  it("a jittered schedule that never stops changing refuses to add up ten million attempts and more", async () => {
    const { code, stdout, stderr } = await runCli(["--strategy", "linear", "--jitter", "full", "--attempts", "20000000..20000001", "--format", "csv"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "error: --attempts reaches attempt 20,000,000, but with jitter or a preset the totals are added up attempt by attempt, up to 10,000,000; give a --cap (the delays then stop changing) or a range within 10,000,000\n",
    );
  });
});
