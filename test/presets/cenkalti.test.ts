/**
 * The cenkalti preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { runCli } from "../support/cli.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);
const R53 = 1 - 2 ** -53;

describe("cenkalti (exponential.go v4)", () => {
  it("500, 750, 1125, 1687.5, 2531.25 ms; whole-ns truncation at attempt 10; each delay the step between rounded totals", () => {
    // Totals in ns, rounded half up to ms: 500, 1250, 2375, 4062.5 → 4063, 6593.75 → 6594; the steps:
    expect(delays("cenkalti", {}, [1, 2, 3, 4, 5])).toEqual([500, 750, 1125, 1688, 2531]);
    // 19,221,679,687.5 ns truncated to 19,221,679,687 ns; totals 37,443,359,375 → 37,443 and 56,665,039,062 → 56,665: 19,222.
    // Attempt 11 (28,832,519,530 ns) totals 85,497,558,592 → 85,498; attempt 12 (43,248,779,295 ns) 128,746,337,887 → 128,746:
    // 43,248 (issue 23: it showed 43,249, so 85,498 + 43,249 ≠ 128,746). Attempt 13 jumps to MaxInterval, 60,000 ms.
    expect(delays("cenkalti", {}, [10, 11, 12, 13])).toEqual([19_222, 28_833, 43_248, 60_000]);
    expect(model("cenkalti").notes.at(-1)).toMatch(/^cenkalti keeps time in nanoseconds: each total here is its own sum rounded half up to whole ms, and each wait the step/);
  });

  it("jitter [I(1−rf), I(1+rf)] around the capped interval: up to 90 s", () => {
    const m = model("cenkalti");
    // 250,000,000 + R53 × 500,000,001 ns truncates to 750,000,000 ns
    expect(m.bounds(1)).toEqual({ minMs: 250, maxMs: 750 });
    expect(m.capReachedAt()).toBe(13);
    // 30,000,000,000 + R53 × 60,000,000,001 ns is 90,000,000,000.99999… in float64, which rounds to 90,000,000,001:
    // Duration() gives 90,000,000,001 ns. From the second attempt a wait shows as the step between rounded
    // totals, its floor or ceiling in ms: 30,000 to 90,001 ms.
    expect(m.bounds(14)).toEqual({ minMs: 30_000, maxMs: 90_001 });
    expect(m.mayExceedCap).toBe(true);
    assertSamplesInBounds(m, m.stop!.lastAttempt);
  });

  it("stops when elapsed + next > 15 min", () => {
    // Without jitter: walk the intervals by hand (ns) and find the last attempt whose total is ≤ 900 s.
    const intervals: number[] = [500e6];
    while (intervals.length < 60) {
      const current = intervals[intervals.length - 1]!;
      intervals.push(current >= 60e9 / 1.5 ? 60e9 : Math.trunc(current * 1.5));
    }
    let total = 0;
    let last = 0;
    for (const [i, ns] of intervals.entries()) {
      total += ns;
      if (total > 900e9) break;
      last = i + 1;
    }
    const plain = model("cenkalti", { jitter: "0" });
    expect(plain.stop?.lastAttempt).toBe(last);
    expect(plain.stop?.reason).toMatch(/MaxElapsedTime \(15 min\)/);
    // With jitter the rows still end where it stops without jitter; the draws move the stop between the
    // all-high run (Duration(0.5I + R53 × (I + 1)) ns each) and the all-low run (Duration(0.5I) ns each).
    const lastWithin = (wait: (ns: number) => number) => {
      let sum = 0;
      for (const [i, ns] of intervals.entries()) {
        sum += wait(ns);
        if (sum > 900e9) return i;
      }
      return null;
    };
    const fewest = lastWithin((ns) => Math.trunc(0.5 * ns + R53 * (ns + 1)));
    const most = lastWithin((ns) => Math.trunc(0.5 * ns));
    expect([last, fewest, most]).toEqual([24, 19, 39]);
    const jittered = model("cenkalti");
    expect([jittered.stop!.lastAttempt, jittered.stop!.fewest, jittered.stop!.most]).toEqual([24, 19, 39]);
  });
});

/*
 * A time limit below the un-jittered first wait, that low draws still fit: some runs make
 * a retry, so the schedule shows it (as check and simulate count it) instead of refusing.
 *
 * cenkalti v4 NextBackOff: next = random in [I − rf·I, I + rf·I] (ns), stop if elapsed + next
 * > MaxElapsedTime. InitialInterval 500 ms, RandomizationFactor 0.5: the first draw is
 * uniform in [250, 750] ms; with MaxElapsedTime 300 ms the retry is made when it is ≤ 300 ms:
 * probability 50 / 500. The runs that make it wait from 250 to 300 ms, on average
 * ∫₂₅₀³⁰⁰ x dx / 50 = (300² − 250²) / 100 = 275 ms; the others have stopped (issue 23: they
 * were counted as waits of 0 ms, a range 0–300 ms and a mean of 27.5 ms, which read as
 * "may retry at once").
 */
describe("cenkalti MaxElapsedTime below the first un-jittered wait", () => {
  it("300 ms: one row, 250–300 ms, mean 275 ms over the runs that retry, some runs stopped, and the rule in words", async () => {
    const { code, stdout, stderr } = await runCli(["--preset", "cenkalti", "--max-elapsed", "300ms", "--format", "csv"]);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout.trim().split("\n").slice(1)).toEqual(["1,500,0,0,1,1,250,300,275,0,300,some"]);
    const text = await runCli(["--preset", "cenkalti", "--max-elapsed", "300ms"], { env: { NO_COLOR: "1" } });
    expect(text.stdout).toContain(
      "cenkalti stops when elapsed + next > MaxElapsedTime (300 ms): without jitter no retry is made; with it, from 0 (every draw high) to 1 (every draw low)",
    );
  });

  it("1 ms: even the lowest draw (250 ms) passes it, so no run retries: exit 2, one line", async () => {
    const { code, stdout, stderr } = await runCli(["--preset", "cenkalti", "--max-elapsed", "1ms"]);
    expect([code, stdout, stderr]).toEqual([2, "", "error: --preset cenkalti makes no retry: cenkalti stops when elapsed + next > MaxElapsedTime (1 ms): no retry is made.\n"]);
  });
});

// Issue 41, item 2: `backoff presets cenkalti` shows the library's default conditions.
// cenkalti/backoff v7 retry.go and error.go: Retry retries every error the operation returns but one wrapped by Permanent(err).
describe("cenkalti's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets cenkalti, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "cenkalti"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on every error but Permanent(err) (Retry's default: every error the operation returns)");
    const json = await runCli(["presets", "cenkalti", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "Retry's default", default: true, words: ["every error the operation returns"], conditions: ["every error but Permanent(err)"], overload: [], everything: true });
  });
});
