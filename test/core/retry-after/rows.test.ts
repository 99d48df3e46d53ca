import { describe, expect, it } from "vitest";
import { policyModel } from "../../../src/core/policy-model.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { withRetryAfter } from "../../../src/core/retry-after/rows.js";
import { retryAfterModel } from "../../../src/core/retry-after/model.js";
import { longerOfRule } from "../../../src/core/retry-after/longer-of.js";
import { NO_JITTER } from "../../../src/core/jitter/mode.js";
import { scheduleRows } from "../../../src/core/schedule.js";

describe("rows with the Retry-After beside them", () => {
  it("only the retries whose failure carries it get it, with what it did", () => {
    // Delays 1, 2, 4, 8 s; 3 s before retries 2..4: 2 s is raised to 3 s, 4 s and 8 s stand.
    const policy = normalizePolicy({ baseMs: 1000 });
    const { model, view } = retryAfterModel(policyModel(policy), { ms: 3000, attempts: { first: 2, last: 4 } }, longerOfRule(policy, NO_JITTER), "max");
    const rows = [...withRetryAfter(scheduleRows(model, model, { first: 1, last: 5 }, null), view)];
    expect(rows.map((row) => [row.attempt, row.delayMs, row.retryAfter ?? null])).toEqual([
      [1, 1000, null],
      [2, 3000, { headerMs: 3000, change: "yes" }],
      [3, 4000, { headerMs: 3000, change: "no" }],
      [4, 8000, { headerMs: 3000, change: "no" }],
      [5, 16000, null],
    ]);
  });
});
