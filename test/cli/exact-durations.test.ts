import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempFiles } from "../support/files.js";

// Issue 16, items 2–4: durations with units are exact decimals, the cap is a whole
// ceiling, and a base that rounds to 0 ms is refused. Expected values are worked out by
// hand or with BigInt rationals here, never by the code under test.

function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split("\n");
  const names = header!.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, i) => [names[i]!, value])));
}

async function csv(args: string[]): Promise<Record<string, string>[]> {
  const { code, stdout, stderr } = await runCli([...args, "--format", "csv"]);
  expect(stderr).toBe("");
  expect(code).toBe(0);
  return csvRows(stdout);
}

/** A rational number num/den (den > 0). */
interface Q {
  num: bigint;
  den: bigint;
}
const q = (num: bigint, den = 1n): Q => ({ num, den });
const times = (a: Q, b: Q): Q => q(a.num * b.num, a.den * b.den);
const plus = (a: Q, b: Q): Q => q(a.num * b.den + b.num * a.den, a.den * b.den);
/** Round half up, for non-negative values. */
const roundHalfUp = (a: Q): bigint => (2n * a.num + a.den) / (2n * a.den);
/** "12.345" → 12345/1000. */
function decimalQ(text: string): Q {
  const [whole, fraction = ""] = text.split(".");
  return q(BigInt(whole! + fraction), 10n ** BigInt(fraction.length));
}

const UNITS: ReadonlyArray<[string, bigint]> = [
  ["ms", 1n], ["s", 1000n], ["sec", 1000n], ["seconds", 1000n], ["m", 60_000n], ["min", 60_000n], ["minutes", 60_000n],
  ["h", 3_600_000n], ["hours", 3_600_000n], ["d", 86_400_000n], ["days", 86_400_000n],
];

describe("durations with a unit are the exact decimal written (item 2)", () => {
  it("--base 3.5664s --factor 2.5: attempt 5 is 3566.4 × 2.5^4 = 139312.5 → 139313, as --base 3566.4 gives", async () => {
    const withUnit = await csv(["--base", "3.5664s", "--factor", "2.5", "--attempts", "5"]);
    const bare = await csv(["--base", "3566.4", "--factor", "2.5", "--attempts", "5"]);
    expect(withUnit[4]!["delay_ms"]).toBe("139313");
    expect(withUnit).toEqual(bare);
  });

  it("--base 0.5005s is 500.5 ms → 501; linear --base 0.2493s attempt 5 is 1246.5 → 1247", async () => {
    expect((await csv(["--base", "0.5005s", "--attempts", "1"]))[0]!["delay_ms"]).toBe("501");
    expect((await csv(["--strategy", "linear", "--base", "0.2493s", "--attempts", "5"]))[4]!["delay_ms"]).toBe("1247");
  });

  it("JSON echoes the base as the decimal written, in milliseconds", async () => {
    const { stdout } = await runCli(["--base", "0.5005s", "--attempts", "1", "--format", "json"]);
    expect(stdout).toContain('"base_ms":500.5,');
    expect(stdout).not.toContain("500.49999");
  });

  it("property: every unit-suffixed policy matches an exact rational reference and its bare-millisecond twin", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom(...UNITS),
        fc.constantFrom("exponential", "linear"),
        fc.integer({ min: 100, max: 400 }),
        async (digits, decimals, [unit, unitMs], strategy, factorHundredths) => {
          const number = decimals === 0 ? String(digits) : (digits / 10 ** decimals).toFixed(decimals);
          const factor = (factorHundredths / 100).toFixed(2);
          const base = times(decimalQ(number), q(unitMs));
          fc.pre(2n * base.num >= base.den); // bases under 0.5 ms are refused (see item 4 below)
          const attempts = 6;
          const args = ["--strategy", strategy, "--base", `${number}${unit}`, "--attempts", String(attempts), ...(strategy === "exponential" ? ["--factor", factor] : [])];
          const rows = await csv(args);
          for (let a = 1; a <= attempts; a++) {
            const raw = strategy === "exponential" ? times(base, q(decimalQ(factor).num ** BigInt(a - 1), decimalQ(factor).den ** BigInt(a - 1))) : plus(base, times(base, q(BigInt(a - 1))));
            expect(rows[a - 1]!["delay_ms"]).toBe(String(roundHalfUp(raw)));
          }
          // The same policy written in bare milliseconds (the exact decimal of number × unit).
          const ms = base.num * 1_000_000n / base.den; // base has at most 4 decimals: exact at 6
          const msText = `${ms / 1_000_000n}.${String(ms % 1_000_000n).padStart(6, "0")}`.replace(/\.?0+$/, "");
          const twin = await csv(args.map((value) => (value === `${number}${unit}` ? msText : value)));
          expect(twin).toEqual(rows);
        },
      ),
      { numRuns: 100, seed: 16 },
    );
  });

  it("weeks and years are refused with a hint in days; the long unit names are read", async () => {
    for (const [text, hint] of [["2w", "a week is 7d"], ["3 weeks", "a week is 7d"], ["1y", "a year is 365d or 366d"]] as const) {
      const { code, stdout, stderr } = await runCli(["--base", text]);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toBe(`error: --base has an unknown unit "${text.replace(/^\d+ ?/, "")}" in "${text}"; use ms, s, m, h or d (${hint})\n`);
    }
    expect((await csv(["--base", "1.5 minutes", "--attempts", "1"]))[0]!["delay_ms"]).toBe("90000");
  });

  it("finer than a nanosecond, or more digits than a double holds, is refused rather than changed", async () => {
    expect((await runCli(["--strategy", "linear", "--step", "0.0000001"])).stderr).toBe(
      'error: --step is finer than a nanosecond (at most 6 decimals of a millisecond), got "0.0000001"\n',
    );
    // 12345678901.123456 has 17 significant digits; the nearest double reads back as …123455.
    expect((await runCli(["--base", "12345678901.123456"])).stderr).toBe(
      'error: --base has more digits than can be computed exactly (15 significant digits at most), got "12345678901.123456"\n',
    );
  });
});

describe("the cap is a whole number of milliseconds, so no delay passes it (item 3)", () => {
  it("--cap 1.5 is refused with one line, by the schedule, check and solve alike", async () => {
    const message = 'error: --cap must be a whole number of milliseconds, as every delay is (so none can pass it), got "1.5"\n';
    for (const args of [
      ["--base", "1", "--cap", "1.5", "--attempts", "4", "--jitter", "0.5"],
      ["check", "--base", "1", "--cap", "1.5", "--max-delay", "1.5"],
      ["solve", "--base", "1", "--cap", "1.5", "--total", "10"],
      ["simulate", "--base", "1", "--cap", "1.5"],
    ]) {
      expect(await runCli(args)).toEqual({ code: 2, stdout: "", stderr: message });
    }
  });

  it("in a config file too, with file:line:column", async () => {
    const dir = tempFiles({ "retry.json": '{"base": 1,\n "cap": 1.5}' });
    const { code, stderr } = await runCli(["--config", `${dir}/retry.json`]);
    expect(code).toBe(2);
    expect(stderr).toBe(`error: ${dir}/retry.json:2:9: cap must be a whole number of milliseconds, as every delay is (so none can pass it), got "1.5"\n`);
  });

  it("property: with a whole cap and any base, factor and jitter, no delay, bound or sample exceeds the cap", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5, max: 2000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.constantFrom("0.5", "0.2", "1", "full", "equal", "decorrelated"),
        async (base10, cap, jitter) => {
          const base = (base10 / 10).toFixed(1);
          const capMs = Math.max(cap * 10, Math.ceil(base10 / 10));
          const rows = await csv(["--base", base, "--cap", String(capMs), "--factor", "1.5", "--attempts", "12", "--jitter", jitter, "--seed", "3"]);
          for (const row of rows) {
            for (const column of ["delay_ms", "max_ms", "sample_ms"]) expect(Number(row[column])).toBeLessThanOrEqual(capMs);
          }
        },
      ),
      { numRuns: 60, seed: 3 },
    );
  });
});

describe("a base that rounds to 0 ms is refused (item 4)", () => {
  it.each(["0.4", "0.0000001", "0.0004s"])("--base %s", async (base) => {
    expect(await runCli(["--base", base])).toEqual({
      code: 2,
      stdout: "",
      stderr: `error: --base rounds to a first delay of 0 ms (delays are whole milliseconds, rounded half up); give at least 0.5 ms, got "${base}"\n`,
    });
  });

  it("0.5 ms is the smallest base: its first delay is 1 ms", async () => {
    expect((await csv(["--base", "0.5", "--attempts", "1"]))[0]!["delay_ms"]).toBe("1");
  });

  it('{"base": 0.0000001} in a config file, with its position', async () => {
    const dir = tempFiles({ "retry.json": '{"base": 0.0000001}' });
    for (const command of [[], ["check"]]) {
      const { code, stderr } = await runCli([...command, "--config", `${dir}/retry.json`]);
      expect(code).toBe(2);
      expect(stderr).toBe(
        `error: ${dir}/retry.json:1:10: base rounds to a first delay of 0 ms (delays are whole milliseconds, rounded half up); give at least 0.5 ms, got "0.0000001"\n`,
      );
    }
  });
});
