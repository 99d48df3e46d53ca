import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";

describe("backoff solve --deadline", () => {
  it("how many retries fit: 4 with 2 s tries in 30 s (retry 4 starts at 23 s, retry 5 would start at 41 s)", async () => {
    const { code, stdout } = await runCli(["solve", "--base", "1s", "--attempt-time", "2s", "--deadline", "30s"]);
    expect(code).toBe(0);
    expect(stdout.split("\n").slice(0, 3)).toEqual([
      "retries = 4: each fires and runs its 2 s try before the deadline (30 s) in every run; retry 4 starts at 23 s.",
      "Retry 5 would start at 41 s: at or after the deadline (30 s), so it never fires.",
      "Policy: backoff --base 1s --attempt-time 2s --deadline 30s --attempts 4",
    ]);
    // The schedule below shows the first retry that does not fit too.
    expect(stdout).toContain("Retry 5 can never fire: the deadline (30 s) ends first; the last retry that fires is 4, giving up at 30 s.");
  });

  it("without --base the schedule's default base (1 s) is used, and the answer says so (issue 39, item 5)", async () => {
    // Exponential from 1 s, factor 2, no tries' time: retries start at 1, 3, 7 s; retry 4 at 15 s is past 10 s.
    const { code, stdout } = await runCli(["solve", "--deadline", "10s"]);
    expect(code).toBe(0);
    expect(stdout.split("\n").slice(0, 4)).toEqual([
      "retries = 3: each fires before the deadline (10 s) in every run; retry 3 starts at 7 s.",
      "Retry 4 would start at 15 s: at or after the deadline (10 s), so it never fires.",
      "Policy: backoff --base 1s --deadline 10s --attempts 3",
      "No --base given: the schedule's default, 1s, as `backoff` takes it.",
    ]);
    const json = JSON.parse((await runCli(["solve", "--deadline", "10s", "--format", "json"])).stdout);
    expect({ value: json.value, defaulted: json.defaulted }).toEqual({ value: 3, defaulted: { base: "1s" } });
    expect(JSON.parse((await runCli(["solve", "--deadline", "10s", "--base", "1s", "--format", "json"])).stdout).defaulted).toBeNull();
  });

  it("a retry cut short does not fit; JSON says which and why", async () => {
    // Fixed 5 s, 3 s tries: retry 1 at 8 s ends at 11 s; retry 2 at 16 s would end at 19 s, past 18 s.
    const { stdout } = await runCli(["solve", "--strategy", "fixed", "--base", "5s", "--attempt-time", "3s", "--deadline", "18s", "--format", "json"]);
    expect(JSON.parse(stdout)).toMatchObject({
      solved: true,
      value: 1,
      last: { attempt: 1, start_ms: 8000, fires: "yes" },
      next: { attempt: 2, start_ms: 16_000, fires: "cut short" },
    });
  });

  it("under --preset it is refused, not ignored", async () => {
    const { code, stderr } = await runCli(["solve", "--preset", "istio", "--attempt-time", "1s", "--deadline", "2s"]);
    expect({ code, stderr }).toEqual({ code: 2, stderr: "error: solve --deadline finds the retries of backoff's own policies; under --preset it is not modelled yet\n" });
  });

  it("refuses --deadline with --total or --attempts, and --attempt-time without --deadline", async () => {
    expect((await runCli(["solve", "--base", "1s", "--deadline", "30s", "--total", "1m"])).stderr).toBe("error: give --total (a wait to reach) or --deadline (a timeout to fit the retries in), not both\n");
    expect((await runCli(["solve", "--base", "1s", "--deadline", "30s", "--attempts", "3"])).stderr).toBe("error: solve --deadline finds how many retries fit: leave out --attempts\n");
    expect((await runCli(["solve", "--base", "1s", "--total", "30s", "--attempt-time", "1s"])).stderr).toBe(
      "error: --attempt-time applies to solve with --deadline (how many retries fit); --total counts the waits alone\n",
    );
  });
});
