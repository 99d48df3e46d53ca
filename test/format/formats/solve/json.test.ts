import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/solve/json.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { FACTOR, PRESET_ATTEMPTS } from "../../../support/solutions.js";

const json = async (solve: Parameters<typeof renderer.render>[0]) => JSON.parse(await renderedText(renderer.render(solve, plainContext())));

describe("solve's answer as JSON", () => {
  it("the calculator's answer, its schedule when shown", async () => {
    const doc = await json({ kind: "solution", solution: FACTOR, shown: true });
    expect([doc.solved, doc.unknown, doc.value, doc.schedule.map((row: { delay_ms: number }) => row.delay_ms)]).toEqual([true, "factor", 3, [100, 300, 900]]);
    expect((await json({ kind: "solution", solution: FACTOR, shown: false })).schedule).toBeNull();
  });

  it("no solution: the reason and its sentence", async () => {
    expect(await json({ kind: "no-solution", reason: { why: "first-delay-over-budget", firstMs: 5000 }, input: { targetMs: 1000 } })).toEqual({
      solved: false,
      reason: "first-delay-over-budget",
      message: "the first delay alone, 5 s (5,000 ms), is over the budget of 1 s",
    });
  });

  it("a library's answer with its command and rows, or why there is none", async () => {
    const rows = [{ attempt: 1, delay_ms: 1000, cumulative_ms: 1000 }];
    const doc = await json({ kind: "preset-solution", solution: PRESET_ATTEMPTS, command: "backoff --preset demo --attempts 3", shown: true, rows: () => rows });
    expect([doc.preset, doc.parameter, doc.value, doc.command, doc.schedule]).toEqual(["demo", "maxRetries: N", 3, "backoff --preset demo --attempts 3", rows]);
    expect(await json({ kind: "preset-no-solution", why: "no count fits" })).toEqual({ solved: false, message: "no count fits" });
  });

  it("solve --deadline without an answer: every start stays at 0", async () => {
    expect(await json({ kind: "deadline-no-solution", fit: { ok: false, why: "starts-stay-at-zero" } })).toEqual({
      solved: false,
      reason: "starts-stay-at-zero",
      message: "every wait is 0 ms and the tries take no time, so every retry starts at 0 and any number fits before the deadline",
    });
  });
});
