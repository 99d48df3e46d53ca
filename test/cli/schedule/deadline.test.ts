import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";

// --attempt-time and --deadline on the schedule. Every figure worked by hand in the comments.

describe("backoff --attempt-time --deadline", () => {
  it("the issue's example: retries 5–10 never fire; starts 3, 7, 13, 23, 41 s … appended after today's CSV columns", async () => {
    // Delays 1, 2, 4, … 512 s; retry a starts at a × 2 s + (2^a − 1) s.
    const { code, stdout } = await runCli(["--base", "1s", "--attempts", "10", "--attempt-time", "2s", "--deadline", "30s", "--format", "csv"]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms,start_ms,fires");
    expect(lines.slice(1).map((line) => line.split(",").slice(6).join(","))).toEqual([
      "3000,yes",
      "7000,yes",
      "13000,yes",
      "23000,yes",
      "41000,no",
      "75000,no",
      "141000,no",
      "271000,no",
      "529000,no",
      "1043000,no",
    ]);
    // Today's columns are untouched.
    expect(lines[5]).toBe("5,16000,16000,31000,5000,15000,41000,no");
  });

  it("the table marks the rows that never fire and the summary says why", async () => {
    const { stdout } = await runCli(["--base", "1s", "--attempts", "10", "--attempt-time", "2s", "--deadline", "30s"]);
    const rows = stdout.split("\n").filter((line) => /^│\s+\d+ │/.test(line));
    expect(rows.map((row) => row.trimEnd().endsWith("│ no    │"))).toEqual([false, false, false, false, true, true, true, true, true, true]);
    expect(stdout).toContain("Retries 5–10 can never fire: the deadline (30 s) ends first; the last retry that fires is 4, giving up at 30 s.\n");
  });

  it("with jitter: start_min_ms and start_max_ms from every draw low and every draw high", async () => {
    // Full jitter U{0..1000}, U{0..2000}; 1 s tries: retry 1 starts at 1 + [0, 1] s, retry 2 at 2 + [0, 3] s; deadline 4 s.
    const { stdout } = await runCli(["--base", "1s", "--attempts", "2", "--jitter", "full", "--attempt-time", "1s", "--deadline", "4s", "--format", "csv"]);
    const [head, ...rows] = stdout.trimEnd().split("\n");
    expect(head!.split(",").slice(-4)).toEqual(["start_ms", "start_min_ms", "start_max_ms", "fires"]);
    // Retry 1 ends by 3 s in every run; retry 2 may start at 4 s (never fires there) or earlier.
    expect(rows.map((row) => row.split(",").slice(-4).join(","))).toEqual(["2000,1000,2000,yes", "5000,2000,5000,in some runs"]);
  });

  it("JSON rows carry the columns and the summary a deadline object", async () => {
    const { stdout } = await runCli(["--strategy", "fixed", "--base", "5s", "--attempts", "3", "--attempt-time", "3s", "--deadline", "18s", "--format", "json"]);
    const doc = JSON.parse(stdout);
    // Starts 8, 16, 24 s: retry 2 ends at 19 s, past 18 s.
    expect(doc.rows.map((r: { start_ms: number; fires: string }) => [r.start_ms, r.fires])).toEqual([
      [8000, "yes"],
      [16_000, "cut short"],
      [24_000, "no"],
    ]);
    expect(doc.summary.deadline).toEqual({
      attempt_time_ms: 3000,
      deadline_ms: 18_000,
      never_fires_from: 3,
      never_fires_by: "deadline",
      last_fires_in_every_run: 2,
      last_fires_in_some_run: 2,
      cut_short: { first: 2, last: 2 },
      first_try_cut_short: false,
      give_up_ms: 18_000,
      give_up_min_ms: 18_000,
      give_up_max_ms: 18_000,
      give_up_mean_ms: 18_000,
    });
  });

  it("--attempt-time alone: the starts, every retry firing, and the true give-up time", async () => {
    // Fixed 1 s, 2 s tries, 3 retries: the fourth try ends at 3 × 1 + 4 × 2 = 11 s.
    const { stdout } = await runCli(["--strategy", "fixed", "--base", "1s", "--attempts", "3", "--attempt-time", "2s", "--format", "markdown"]);
    expect(stdout).toContain("| attempt | raw_ms | delay_ms | cumulative_ms | linear_ms | linear_cumulative_ms | start_ms | fires |\n");
    expect(stdout).toContain("| 3 | 1000 | 1000 | 3000 | 3000 | 6000 | 9000 | yes |\n");
    expect(stdout).toContain("Every retry (3) fires; giving up at 11 s.");
  });

  it("without either option the schedule is as it has always been", async () => {
    const { stdout } = await runCli(["--base", "1s", "--attempts", "2", "--format", "csv"]);
    expect(stdout).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,1000,1000,1000,1000,1000\n2,2000,2000,3000,2000,3000\n");
  });

  it("under --preset the options are refused, not ignored (a library's own time limit is not counted with the tries yet)", async () => {
    const { code, stdout, stderr } = await runCli(["--preset", "istio", "--attempts", "3", "--attempt-time", "1s", "--deadline", "2s"]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    expect(stderr).toMatch(/^error: --attempt-time and --deadline apply to backoff's own policies; under --preset they are not modelled yet/);
  });

  it("refuses what is not a whole number of ms, a zero deadline and a negative try time", async () => {
    for (const [args, message] of [
      [["--deadline", "1.5ms"], 'error: --deadline must be a whole number of milliseconds, as every start is, got "1.5ms"\n'],
      [["--deadline", "0"], 'error: --deadline must be greater than zero, got "0"\n'],
      [["--attempt-time", "-1s"], 'error: --attempt-time must be a positive duration, got "-1s"\n'],
    ] as const) {
      expect(await runCli(["--attempts", "2", ...args])).toEqual({ code: 2, stdout: "", stderr: message });
    }
  });
});
