import { describe, expect, it } from "vitest";
import { ignoredView } from "../../src/core/retry-after/model.js";
import { retryAfterSummaryJson, retryAfterSummaryLines } from "../../src/format/retry-after-summary.js";

describe("the Retry-After summary", () => {
  it("says the header, the retries it comes before, and the client's rule", () => {
    expect(retryAfterSummaryLines(ignoredView({ ms: 30_000, attempts: null }, "polly does not read it."))).toEqual(["Retry-After 30 s before every retry: polly does not read it."]);
    expect(retryAfterSummaryLines(ignoredView({ ms: 1500, attempts: { first: 2, last: 3 } }, "x"))).toEqual(["Retry-After 1.5 s before retries 2–3: x."]);
    expect(retryAfterSummaryLines(ignoredView({ ms: 60_000, attempts: { first: 4, last: 4 } }, "x"))).toEqual(["Retry-After 1 min before retry 4: x."]);
  });

  it("as JSON", () => {
    expect(retryAfterSummaryJson(ignoredView({ ms: 1500, attempts: { first: 2, last: 3 } }, "x"))).toEqual({ retry_after_ms: 1500, first_attempt: 2, last_attempt: 3, rule: "x", gives_up_at: null });
    expect(retryAfterSummaryJson(ignoredView({ ms: 0, attempts: null }, "x"))).toMatchObject({ first_attempt: 1, last_attempt: null });
  });
});
