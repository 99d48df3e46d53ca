/** The schedule as JSON (src/format/formats/schedule/json.ts), by hand: base 100 ms, factor 2, cap 10 s. */
import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/schedule/json.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { scheduleOutput } from "../../../support/schedule-outputs.js";

describe("the schedule as JSON", () => {
  it("the policy as given, the rows by column name, then the summary", async () => {
    const output = scheduleOutput({ baseMs: 100, capMs: 10_000 }, { first: 2, last: 3 }, { summaryJson: { total_ms: 700 } });
    expect(JSON.parse(await renderedText(renderer.render(output, plainContext())))).toEqual({
      policy: { strategy: "exponential", base_ms: 100, factor: 2, step_ms: 100, cap_ms: 10_000, first_attempt: 2, last_attempt: 3 },
      rows: [
        { attempt: 2, raw_ms: 200, delay_ms: 200, cumulative_ms: 300, linear_ms: 200, linear_cumulative_ms: 300 },
        { attempt: 3, raw_ms: 400, delay_ms: 400, cumulative_ms: 700, linear_ms: 300, linear_cumulative_ms: 600 },
      ],
      summary: { total_ms: 700 },
    });
  });

  it("a jittered policy names its jitter and seed", async () => {
    const output = scheduleOutput({ baseMs: 100, capMs: 10_000 }, { first: 1, last: 1 }, { jitter: { kind: "equal" } });
    const doc = JSON.parse(await renderedText(renderer.render(output, plainContext())));
    expect([doc.policy.jitter, doc.policy.seed]).toEqual(["equal", null]);
    // Equal jitter at 100 ms: U{50..100}, mean 75.
    expect(doc.rows[0]).toMatchObject({ min_ms: 50, max_ms: 100, mean_ms: 75 });
  });

  it("cut short by Ctrl-C, the rows so far are closed as valid JSON with no summary", async () => {
    const rendered = await renderer.render(scheduleOutput({ baseMs: 100 }, { first: 1, last: 1 }), plainContext());
    if (!("pieces" in rendered)) throw new Error("pieces expected");
    expect(rendered.interruptible!.tail!()).toBe('\n],\n"summary":null,"interrupted":true}\n');
  });
});
