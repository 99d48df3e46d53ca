import { describe, expect, it } from "vitest";
import type { CalculatorPolicy } from "../../../src/format/html/page-data.js";
import { clampReading, sweepReading } from "../../../src/format/html/widgets.js";
import { runCli } from "../../support/cli.js";

const doubling: CalculatorPolicy = { strategy: "exponential", baseMs: 100, factor: 2, stepMs: 100, capMs: 10_000, stepFollowsBase: true, lastAttempt: 5, note: null };

/** A small deterministic generator (the test's own, so a failure reproduces). */
function randomInts(seed: number) {
  let state = seed >>> 0;
  return (min: number, max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return min + (state % (max - min + 1));
  };
}

async function lastCsvRow(args: readonly string[]): Promise<Record<string, string>> {
  const result = await runCli([...args, "--format", "csv"]);
  expect(result.code, result.stderr).toBe(0);
  const [header, ...lines] = result.stdout.trimEnd().split("\n");
  const names = header!.split(",");
  return Object.fromEntries(lines.at(-1)!.split(",").map((field, index) => [names[index]!, field]));
}

describe("the page's clamp calculator", () => {
  it("100, 10000, 20 → 10000, clamped from 52428800 (100 × 2^19 by hand)", () => {
    const reading = clampReading(doubling, { base: "100", cap: "10000", attempt: "20" });
    expect(reading).toMatchObject({ ok: true, rawMs: 52_428_800, delayMs: 10_000, clamped: true });
    expect(reading.text).toEqual(["raw value 100 × 2^19 = 52,428,800 ms (14 h 34 min)", "delay 10,000 ms (10 s): the cap bites, clamped from 52,428,800 ms (14 h 34 min)"]);
  });

  it("under the cap, and without one", () => {
    expect(clampReading(doubling, { base: "100", cap: "10000", attempt: "7" })).toMatchObject({ ok: true, rawMs: 6400, delayMs: 6400, clamped: false });
    // 100 × 2^59 is past 2^53: saturated, as everywhere else.
    const huge = clampReading(doubling, { base: "100", cap: " ", attempt: "60" });
    expect(huge).toMatchObject({ ok: true, rawMs: 2 ** 53, delayMs: 2 ** 53, clamped: false });
    expect(huge.text[1]).toBe("delay 2^53 ms or more (> 285,616 yr 151 d) (no cap)");
  });

  it("says what is wrong with an input instead of a number", () => {
    expect(clampReading(doubling, { base: "", cap: "", attempt: "3" })).toEqual({ ok: false, text: ['base must be a positive number of milliseconds, got ""'] });
    expect(clampReading(doubling, { base: "100", cap: "50", attempt: "3" })).toEqual({ ok: false, text: ["cap (50 ms) must be at least the base (100 ms)"] });
    // The command line refuses a fractional cap (`--cap 1500.5ms`); the page does too.
    expect(clampReading(doubling, { base: "100", cap: "1500.5", attempt: "3" })).toEqual({ ok: false, text: ['cap must be a whole number of milliseconds, as every delay is, got "1500.5"'] });
    expect(clampReading(doubling, { base: "100", cap: "", attempt: "0" }).ok).toBe(false);
    expect(clampReading(doubling, { base: "100", cap: "", attempt: "2.5" }).ok).toBe(false);
  });

  it("equals the CLI's raw_ms and delay_ms for random inputs, exponential and linear", async () => {
    const next = randomInts(14);
    for (let i = 0; i < 30; i++) {
      const linear = i % 3 === 2;
      const base = next(1, 5000) + (i % 4 === 1 ? 0.5 : 0);
      // The CLI takes whole-millisecond caps only (issue 16: no delay may pass the cap).
      const cap = i % 5 === 0 ? null : Math.ceil(base) + next(0, 200_000);
      const attempt = next(1, 60);
      const policy: CalculatorPolicy = { ...doubling, strategy: linear ? "linear" : "exponential", factor: linear ? 2 : 1.5, stepMs: 333, stepFollowsBase: false };
      const reading = clampReading(policy, { base: String(base), cap: cap === null ? "" : String(cap), attempt: String(attempt) });
      const row = await lastCsvRow([
        ...(linear ? ["--strategy", "linear", "--step", "333"] : ["--factor", "1.5", "--step", "333"]),
        "--base", String(base), ...(cap === null ? [] : ["--cap", String(cap)]), "--attempts", `${attempt}..${attempt}`,
      ]);
      expect(reading.ok).toBe(true);
      if (!reading.ok) continue;
      expect([String(reading.rawMs > Number.MAX_SAFE_INTEGER ? `>${Number.MAX_SAFE_INTEGER}` : reading.rawMs), String(reading.delayMs)]).toEqual([row["raw_ms"], row["delay_ms"]]);
    }
  });
});

describe("the page's base sweep", () => {
  it("base 1 s, five attempts → 31 s; linear 15 s (1 + 2 + 4 + 8 + 16 and 1 + … + 5)", () => {
    const reading = sweepReading({ ...doubling, capMs: null, lastAttempt: 5 }, "1000");
    expect(reading).toMatchObject({ ok: true, baseMs: 1000, totalMs: 31_000, linearTotalMs: 15_000 });
    expect(reading.text).toEqual(["base 1 s: attempts 1..5 wait 31 s (31,000 ms) in total", "linear: 15 s (15,000 ms)"]);
  });

  it("a base above the page's cap is refused, not drawn", () => {
    expect(sweepReading(doubling, "20000")).toEqual({ ok: false, text: ["base 20 s is above the cap of 10 s"] });
  });

  it("equals the CLI's last total and linear total for random bases (the step follows the base unless given)", async () => {
    const next = randomInts(7);
    for (let i = 0; i < 20; i++) {
      const base = next(1, 60_000);
      const last = next(1, 40);
      const stepGiven = i % 2 === 1;
      const policy: CalculatorPolicy = { ...doubling, factor: 1.6, capMs: 120_000, stepMs: 750, stepFollowsBase: !stepGiven, lastAttempt: last };
      const reading = sweepReading(policy, String(base));
      const row = await lastCsvRow(["--base", String(base), "--factor", "1.6", "--cap", "2m", ...(stepGiven ? ["--step", "750"] : []), "--attempts", String(last)]);
      expect(reading).toMatchObject({ ok: true, totalMs: Number(row["cumulative_ms"]), linearTotalMs: Number(row["linear_cumulative_ms"]) });
    }
  });
});
