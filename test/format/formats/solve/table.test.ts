import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/solve/table.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { ATTEMPTS, FACTOR, PRESET_ATTEMPTS } from "../../../support/solutions.js";

const text = async (solve: Parameters<typeof renderer.render>[0], width: number | null = null) => renderedText(renderer.render(solve, plainContext(width)));

describe("solve's answer for people", () => {
  it("the answer's lines and a blank line (the schedule follows); fitted to the terminal", async () => {
    expect(await text({ kind: "solution", solution: ATTEMPTS, shown: true })).toBe(
      "attempts = 4: total wait 1.5 s (1,500 ms), within the budget of 2 s (2,000 ms).\nAttempt 5 would bring it to 3.1 s (3,100 ms).\nPolicy: --strategy exponential --base 100 --factor 2 --attempts 4\n\n",
    );
    // A number keeps its unit: "(1,500 ms)" moves whole.
    expect((await text({ kind: "solution", solution: ATTEMPTS, shown: true }, 40)).split("\n").slice(0, 3)).toEqual(["attempts = 4: total wait 1.5 s", "(1,500 ms), within the budget of 2 s", "(2,000 ms)."]);
  });

  it("a schedule too long to show is pointed to, with the command that prints it; the count's digits grouped", async () => {
    // solve's own policy wrote "(2000 attempts: …" where the preset and --deadline forms grouped theirs (backoff solve --total 2s --base 1ms --strategy fixed).
    expect((await text({ kind: "solution", solution: { ...ATTEMPTS, attempts: 2000 }, shown: false })).split("\n").at(-2)).toBe(
      "(2,000 attempts: the schedule is not shown; print it with backoff --strategy exponential --base 100 --factor 2 --attempts 2000 --format csv)",
    );
    expect((await text({ kind: "solution", solution: FACTOR, shown: false })).split("\n").slice(-2)).toEqual([
      "(3 attempts: the schedule is not shown; print it with backoff --strategy exponential --base 100 --factor 3 --attempts 3 --format csv)",
      "",
    ]);
    expect((await text({ kind: "preset-solution", solution: { ...PRESET_ATTEMPTS, attempts: 12_000 }, command: "backoff --preset demo --attempts 12000", shown: false, rows: () => null })).split("\n").at(-2)).toBe(
      "(12,000 attempts: the schedule is not shown; print it with backoff --preset demo --attempts 12000 --format csv)",
    );
  });

  it("no solution, in one line each", async () => {
    expect(await text({ kind: "no-solution", reason: { why: "delays-are-zero" }, input: { targetMs: 1 } })).toBe("no solution: every delay rounds to 0 ms, so any number of attempts fits the budget\n");
    expect(await text({ kind: "preset-no-solution", why: "no count fits" })).toBe("no solution: no count fits\n");
    expect(await text({ kind: "deadline-no-solution", fit: { ok: false, why: "starts-stay-at-zero" } })).toBe(
      "no solution: every wait is 0 ms and the tries take no time, so every retry starts at 0 and any number fits before the deadline\n",
    );
  });

  it("is followed by the schedule's table", () => {
    expect(renderer.showsSchedule).toBe(true);
  });
});
