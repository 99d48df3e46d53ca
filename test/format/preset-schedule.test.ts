/**
 * What is said around a preset's rows (src/format/preset-schedule.ts), issue 23, item 4: a row's
 * cumulative_ms is the previous row's plus its delay_ms wherever both are whole ms, and where the
 * library works below a millisecond (or delay_ms is a fractional mean) the notes say once how the
 * whole-ms columns are rounded. Figures by hand:
 * - grpc (connection-backoff.md: 1000 ms × 1.6^(a−1)): attempt 5 is 6553.6 ms, shown 6,554; the totals
 *   1000 + 1600 + 2560 + 4096 + 6554 = 15,810, the unrounded one 15,809.6 (within 5 × 0.5 ms).
 * - envoy (backoff_strategy.cc: random() % interval, intervals 25, 50, 100): means 12, 24.5, 49.5 shown
 *   12, 25, 50; the totals 12, 37, 87 against the exact mean totals 12, 36.5, 86.
 * - cenkalti totals by the library's own ns sum (its own note, test/cli/schedule/stopped-runs.test.ts).
 */
import { describe, expect, it } from "vitest";
import { parameterText, presetScheduleText, roundingLine } from "../../src/format/preset-schedule.js";
import { PRESETS, findPreset } from "../../src/presets/registry.js";
import { runCli } from "../support/cli.js";

function linesOf(name: string, last = 5): string[] {
  const preset = findPreset(name)!;
  const model = preset.build({});
  const summary = { first: 1, last, totalMs: 0, linearTotalMs: 0, totalMinMs: 0, totalMaxMs: 0, capReachedAt: null, ratioToLinear: null, lastDelayMs: 0, lastLinearMs: 0, saturated: false };
  return presetScheduleText(preset, model, { first: 1, last }, null, "").summaryLines(summary, null);
}

async function csv(...argv: string[]): Promise<Record<string, string>[]> {
  const { code, stdout } = await runCli([...argv, "--format", "csv"], { env: { NO_COLOR: "1" } });
  expect(code, argv.join(" ")).toBe(0);
  const [head, ...rows] = stdout.trim().split("\n");
  const names = head!.split(",");
  return rows.map((row) => Object.fromEntries(row.split(",").map((cell, i) => [names[i]!, cell])));
}

describe("the rounding of the whole-ms columns, said once", () => {
  it("a library computing below a millisecond: its unit, each delay half up, each total the sum of those shown", () => {
    const line = "grpc computes in real (fractional) milliseconds: delay_ms is rounded half up to whole ms, and cumulative_ms adds up the delay_ms shown, each total within half a ms per attempt of the unrounded one.";
    expect(roundingLine(findPreset("grpc")!, findPreset("grpc")!.build({}))).toBe(line);
    expect(linesOf("grpc").filter((each) => each === line)).toHaveLength(1);
  });

  it("nothing for a jitter-free value in whole ms (envoy's interval: issue 39, item 3, no mean is shown as delay_ms)", () => {
    expect(roundingLine(findPreset("envoy")!, findPreset("envoy")!.build({}))).toBeNull();
  });

  it("nothing for a library whose values are whole ms (node-retry's Math.round) or that says its own rounding (cenkalti)", () => {
    expect(roundingLine(findPreset("node-retry")!, findPreset("node-retry")!.build({}))).toBeNull();
    expect(roundingLine(findPreset("cenkalti")!, findPreset("cenkalti")!.build({}))).toBeNull();
    expect(linesOf("cenkalti").filter((each) => each.includes("rounded half up"))).toHaveLength(1);
  });

  it("the figures: grpc 6553.6 ms shown 6,554 and totalled 15,810; envoy's intervals 25, 50, 100 totalled 25, 75, 175, means 12, 24.5, 49.5 beside them", async () => {
    const grpc = await csv("--preset", "grpc", "--attempts", "5");
    expect(grpc.map((row) => [row["delay_ms"], row["cumulative_ms"]])).toEqual([["1000", "1000"], ["1600", "2600"], ["2560", "5160"], ["4096", "9256"], ["6554", "15810"]]);
    const envoy = await csv("--preset", "envoy", "--attempts", "3");
    expect(envoy.map((row) => [row["delay_ms"], row["mean_ms"], row["cumulative_ms"]])).toEqual([["25", "12", "25"], ["50", "24.5", "75"], ["100", "49.5", "175"]]);
  });
});

describe("cumulative_ms is the previous row's plus this row's delay_ms, for every preset", () => {
  it.each(PRESETS.map((preset) => [preset.name]))("%s", async (name) => {
    // cenkalti's ns totals were the case found (attempt 12: 85,498 + 43,249 = 128,747, printed 128,746).
    // A library that caps its count (Lambda's MaximumRetryAttempts 0–2) refuses more: its own range then.
    // got 16.1+ makes no retry past Node's timer limit: retry 23 would wait 4,194,304,000 ms (got.ts).
    const capped: Record<string, string[][]> = { "lambda-async": [["--attempts", "2"], ["--attempts", "1..2"]], got: [["--attempts", "22"], ["--attempts", "12..22"]] };
    for (const argv of capped[name] ?? [["--attempts", "40"], ["--attempts", "12..30"]]) {
      const rows = await csv("--preset", name, ...argv);
      for (let i = 1; i < rows.length; i++) {
        const [before, delay, total] = [rows[i - 1]!["cumulative_ms"], rows[i]!["delay_ms"], rows[i]!["cumulative_ms"]].map(Number);
        if ([before, delay, total].every(Number.isSafeInteger)) expect(before! + delay!, `${name} ${argv.join(" ")} attempt ${rows[i]!["attempt"]}`).toBe(total);
      }
    }
  });

  it("parameterText names the library's parameters as the header line does", () => {
    expect(parameterText(findPreset("grpc")!.build({}))).toBe("INITIAL_BACKOFF 1000, MULTIPLIER 1.6, MAX_BACKOFF 120000, JITTER 0.2");
  });
});
