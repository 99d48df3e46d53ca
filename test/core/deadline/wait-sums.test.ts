/** The waits added up in the bounding runs (src/core/deadline/wait-sums.ts), by hand. */
import { describe, expect, it } from "vitest";
import { NO_WAITS, addWaits, highestWait, meanWaitSum, triesMs, waitSums } from "../../../src/core/deadline/wait-sums.js";
import { fixedModel, tableModel } from "./waits.js";

// Waits [plain, lowest, highest]: 100 (50–150), then 200 (100–300) for every later attempt.
const model = tableModel([
  [100, 50, 150],
  [200, 100, 300],
]);

describe("wait sums", () => {
  it("waitSums: none before attempt 1; after 3: 100 + 200 + 200, 50 + 100 + 100, 150 + 300 + 300", () => {
    expect(waitSums(model, 0)).toBe(NO_WAITS);
    expect(NO_WAITS).toEqual({ plainMs: 0, lowMs: 0, highMs: 0 });
    expect(waitSums(model, 3)).toEqual({ plainMs: 500, lowMs: 250, highMs: 750 });
  });

  it("addWaits: one attempt further on (un-jittered: the plain wait in all three)", () => {
    expect(addWaits({ plainMs: 500, lowMs: 250, highMs: 750 }, model, 4)).toEqual({ plainMs: 700, lowMs: 350, highMs: 1050 });
    expect(addWaits(NO_WAITS, fixedModel(100), 1)).toEqual({ plainMs: 100, lowMs: 100, highMs: 100 });
  });

  it("meanWaitSum: walked to the steady attempt, then a constant tail: 100 + 200 × 2 after 3", () => {
    expect(meanWaitSum(model, 3)).toBe(500);
    expect(meanWaitSum(model, 1)).toBe(100);
    expect(meanWaitSum(fixedModel(100), 4)).toBe(400);
  });

  it("highestWait and triesMs", () => {
    expect([highestWait(model, 2), highestWait(fixedModel(100), 5)]).toEqual([300, 100]);
    expect([triesMs(250, 3), triesMs(0, 5)]).toEqual([750, 0]);
  });
});
