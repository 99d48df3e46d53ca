/**
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
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";

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
