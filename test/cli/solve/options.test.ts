import { describe, expect, it } from "vitest";
import { MAX_SHOWN_ATTEMPTS, givenPolicyValues } from "../../../src/cli/solve/options.js";
import { runCli } from "../../support/cli.js";

describe("givenPolicyValues and MAX_SHOWN_ATTEMPTS", () => {
  it("only the policy options given pass on (a preset keeps its own defaults)", () => {
    expect(givenPolicyValues({ format: "json", color: false, total: "1h", attempts: "5", base: "1s", jitter: "full" })).toEqual({ base: "1s", jitter: "full" });
    expect(givenPolicyValues({ format: "json", color: false })).toEqual({});
  });

  it("the schedule follows the answer up to 1,000 attempts; beyond, the command that prints it", async () => {
    expect(MAX_SHOWN_ATTEMPTS).toBe(1000);
    // 1 ms waits, 2,000 of them in 2 s: the attempts answer is over the limit.
    const result = await runCli(["solve", "--total", "2s", "--base", "1ms", "--strategy", "fixed"]);
    expect(result.stdout.split("\n").filter((line) => line !== "").at(-1)).toBe("(2,000 attempts: the schedule is not shown; print it with backoff --strategy fixed --base 1 --attempts 2000 --format csv)");
  });
});
