import { describe, expect, it } from "vitest";
import { compareLongRows, compareSummary } from "../../src/core/compare.js";
import {
  compareColumns,
  compareStopLines,
  compareSummaryLines,
  csvField,
  renderCompareDelimited,
  stopJson,
  stopPhrase,
  tsvField,
} from "../../src/format/compare.js";
import { DOUBLING, FIXED, FOREVER, JITTERED, NO_RETRY, compared } from "../support/compared.js";

// `backoff compare`'s text, from the policies of test/support/compared.ts: fixed 2 s (2, 4, 6 s
// in all; 3 retries), doubling from 1 s (1, 3, 7 s shown; 25 s after its 5 retries), full
// jitter from 1 s (2 retries: 3 s un-jittered, 0 to 3 s), one that retries forever, one that
// makes no retry.

const text = (pieces: Iterable<string>) => [...pieces].join("");
const summaryOf = (...policies: Parameters<typeof compareSummary>[0]) => compareSummaryLines(policies, compareSummary(policies));

describe("fields and columns", () => {
  it("a CSV field is quoted (RFC 4180) when it holds a comma, a quote or a line break; a TSV field loses its tabs and breaks", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("a\nb")).toBe('"a\nb"');
    expect(csvField("a\rb")).toBe('"a\rb"');
    expect(tsvField("a\tb\nc\r\nd,e")).toBe("a b c  d,e");
  });

  it("the long form's number columns, the jitter columns when any policy jitters", () => {
    expect(compareColumns(false).map((column) => column.name)).toEqual(["attempt", "delay_ms", "cumulative_ms"]);
    expect(compareColumns(true).map((column) => column.name)).toEqual(["attempt", "delay_ms", "cumulative_ms", "min_ms", "max_ms", "mean_ms", "cumulative_min_ms", "cumulative_max_ms"]);
  });
});

describe("stopPhrase and stopJson", () => {
  it("by count, in the library's words where it has them; 0 is no retry", () => {
    expect(stopPhrase({ kind: "count", retries: 1, words: null })).toBe("gives up after 1 retry");
    expect(stopPhrase({ kind: "count", retries: 25, words: "retry: 25" })).toBe("gives up after 25 retries (retry: 25)");
    expect(stopPhrase({ kind: "count", retries: 1000, words: null })).toBe("gives up after 1,000 retries");
    expect(stopPhrase({ kind: "count", retries: 0, words: "attempts: 1, no retries" })).toBe("makes no retry (attempts: 1, no retries)");
    expect(stopPhrase({ kind: "count", retries: 0, words: null })).toBe("makes no retry");
  });

  it("by elapsed time: one count, or a range when jitter moves it", () => {
    expect(stopPhrase({ kind: "elapsed", lastAttempt: 7, fewest: 7, most: 7, words: "MaxElapsedTime 15 min" })).toBe("gives up by MaxElapsedTime 15 min, after 7 retries");
    expect(stopPhrase({ kind: "elapsed", lastAttempt: 7, fewest: 5, most: 9, words: "MaxElapsedTime 15 min" })).toBe("gives up by MaxElapsedTime 15 min, after 5 to 9 retries as the jitter falls");
  });

  it("forever, with the library's words or without", () => {
    expect(stopPhrase({ kind: "forever", words: "connection backoff never gives up" })).toBe("retries forever (connection backoff never gives up)");
    expect(stopPhrase({ kind: "forever", words: null })).toBe("retries forever");
  });

  it("stopJson: the kind, its figures and the phrase", () => {
    expect(stopJson({ kind: "count", retries: 3, words: null })).toEqual({ kind: "count", retries: 3, text: "gives up after 3 retries" });
    expect(stopJson({ kind: "elapsed", lastAttempt: 7, fewest: 5, most: 9, words: "15 min" })).toEqual({
      kind: "elapsed",
      last_attempt: 7,
      fewest_retries: 5,
      most_retries: 9,
      text: "gives up by 15 min, after 5 to 9 retries as the jitter falls",
    });
    expect(stopJson({ kind: "forever", words: null })).toEqual({ kind: "forever", text: "retries forever" });
  });
});

describe("renderCompareDelimited: long form", () => {
  it("CSV: the policies one after the other, each row with its stop", () => {
    expect(text(renderCompareDelimited([FIXED, DOUBLING], compareLongRows([FIXED, DOUBLING]), false, ","))).toBe(
      [
        "policy,attempt,delay_ms,cumulative_ms,stop",
        "fixed:base=2s,1,2000,2000,gives up after 3 retries",
        "fixed:base=2s,2,2000,4000,gives up after 3 retries",
        "fixed:base=2s,3,2000,6000,gives up after 3 retries",
        "exponential:cap=10s,1,1000,1000,gives up after 5 retries",
        "exponential:cap=10s,2,2000,3000,gives up after 5 retries",
        "exponential:cap=10s,3,4000,7000,gives up after 5 retries",
        "",
      ].join("\n"),
    );
  });

  it("a policy with no rows has one line first, its numbers empty, so that its stop is said; TSV leaves the comma be", () => {
    expect(text(renderCompareDelimited([NO_RETRY, FIXED], compareLongRows([NO_RETRY, FIXED]), false, ",")).split("\n").slice(0, 3)).toEqual([
      "policy,attempt,delay_ms,cumulative_ms,stop",
      'none,,,,"makes no retry (attempts: 1, no retries)"',
      "fixed:base=2s,1,2000,2000,gives up after 3 retries",
    ]);
    expect(text(renderCompareDelimited([NO_RETRY], compareLongRows([NO_RETRY]), false, "\t"))).toBe("policy\tattempt\tdelay_ms\tcumulative_ms\tstop\nnone\t\t\t\tmakes no retry (attempts: 1, no retries)\n");
  });
});

describe("compareSummaryLines", () => {
  it("two that give up: each one's stop (past the rows shown named), who gives up first, who waits longest", () => {
    expect(summaryOf(FIXED, DOUBLING)).toEqual([
      "fixed:base=2s gives up after 3 retries.",
      "exponential:cap=10s gives up after 5 retries; the rows end at attempt 3.",
      "Gives up first: fixed:base=2s, after attempt 3 and 6 s (6,000 ms) of waiting.",
      "Waits longest in total: exponential:cap=10s, 25 s (25,000 ms) by attempt 5.",
    ]);
  });

  it("one that never gives up is named; a jittered total's range follows", () => {
    expect(summaryOf(JITTERED, FOREVER)).toEqual([
      "full-jitter gives up after 2 retries.",
      "forever retries forever (connection backoff never gives up).",
      "Gives up first: full-jitter, after attempt 2 and 3 s (3,000 ms) of waiting.",
      "Never gives up: forever (it retries as long as the calls fail).",
      "Totals compare the un-jittered delays; with jitter they lie between: full-jitter 0 ms – 3 s.",
    ]);
  });

  it("ties, none giving up, and one policy alone", () => {
    const twin = compared("fixed-again", { strategy: "fixed", baseMs: 3000 }, { first: 1, last: 2 }, { kind: "count", retries: 2, words: null });
    // 3 retries of 2 s and 2 of 3 s: 6 s each.
    expect(summaryOf(FIXED, twin).at(-1)).toBe("Both policies wait the same in total: 6 s (6,000 ms); none gives up first.");
    expect(summaryOf(FOREVER, FOREVER, FOREVER).at(-1)).toBe("None gives up: all 3 policies retry as long as the calls fail.");
    expect(summaryOf(FIXED)).toEqual(["fixed:base=2s gives up after 3 retries.", "Total wait when it gives up: 6 s (6,000 ms), after attempt 3."]);
    expect(summaryOf(NO_RETRY)).toEqual(["none makes no retry (attempts: 1, no retries).", "Total wait when it gives up: none, it makes no retry."]);
    expect(summaryOf(FOREVER)).toEqual(["forever retries forever (connection backoff never gives up)."]);
  });

  it("giving up first at once, and after different attempts with the same wait", () => {
    expect(summaryOf(NO_RETRY, FIXED)[2]).toBe("Gives up first: none, at once, making no retry.");
    const twin = compared("fixed-again", { strategy: "fixed", baseMs: 3000 }, { first: 1, last: 2 }, { kind: "count", retries: 2, words: null });
    expect(summaryOf(FIXED, twin, DOUBLING).slice(3)).toEqual([
      "Gives up first: fixed:base=2s and fixed-again (tied), after attempts 3, 2 and 6 s (6,000 ms) of waiting.",
      "Waits longest in total: exponential:cap=10s, 25 s (25,000 ms) by attempt 5.",
    ]);
  });

  it("compareStopLines: a policy with no rows shown that gives up past them", () => {
    const unseen = compared("unseen", { strategy: "fixed", baseMs: 1000 }, null, { kind: "count", retries: 2, words: null });
    expect(compareStopLines([unseen], compareSummary([unseen]))).toEqual(["unseen gives up after 2 retries; no rows are shown."]);
  });
});
