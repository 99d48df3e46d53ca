import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/compare/json.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { DOUBLING, FIXED, FOREVER, JITTERED, NO_RETRY, compareOutput } from "../../../support/compared.js";

describe("the comparison as JSON", () => {
  it("the policies as described, every row in long form (jitter columns for all when one jitters), the summary", async () => {
    const doc = JSON.parse(await renderedText(renderer.render(compareOutput([JITTERED, FIXED]), plainContext())));
    expect(doc.policies).toEqual([
      { name: "full-jitter", spec: "full-jitter" },
      { name: "fixed:base=2s", spec: "fixed:base=2s" },
    ]);
    expect(doc.rows).toEqual([
      { policy: "full-jitter", attempt: 1, delay_ms: 1000, cumulative_ms: 1000, min_ms: 0, max_ms: 1000, mean_ms: 500, cumulative_min_ms: 0, cumulative_max_ms: 1000 },
      { policy: "full-jitter", attempt: 2, delay_ms: 2000, cumulative_ms: 3000, min_ms: 0, max_ms: 2000, mean_ms: 1000, cumulative_min_ms: 0, cumulative_max_ms: 3000 },
      { policy: "fixed:base=2s", attempt: 1, delay_ms: 2000, cumulative_ms: 2000, min_ms: 2000, max_ms: 2000, mean_ms: 2000, cumulative_min_ms: 2000, cumulative_max_ms: 2000 },
      { policy: "fixed:base=2s", attempt: 2, delay_ms: 2000, cumulative_ms: 4000, min_ms: 2000, max_ms: 2000, mean_ms: 2000, cumulative_min_ms: 4000, cumulative_max_ms: 4000 },
      { policy: "fixed:base=2s", attempt: 3, delay_ms: 2000, cumulative_ms: 6000, min_ms: 2000, max_ms: 2000, mean_ms: 2000, cumulative_min_ms: 6000, cumulative_max_ms: 6000 },
    ]);
    // 3 s against 6 s: the jittered one gives up first, the fixed one waits longest.
    expect([doc.summary.gives_up_first, doc.summary.waits_longest]).toEqual([["full-jitter"], ["fixed:base=2s"]]);
  });

  it("reads every policy to its last row (the summary comes after the rows)", () => {
    expect(renderer.readsLastRow).toBe(true);
  });
});

// Moved from test/format/compare.test.ts with the function (renderCompareJson, compareSummaryJson) they tested.
const documentOf = async (output: ReturnType<typeof compareOutput>) => renderedText(renderer.render(output, plainContext()));

describe("the comparison's JSON, laid out", () => {
  it("the policies as described, a row per line, then the summary", async () => {
    const described = [{ name: "fixed:base=2s", description: { strategy: "fixed" } }, { name: "forever", description: { preset: "grpc" } }];
    const doc = await documentOf(compareOutput([FIXED, FOREVER], { described }));
    expect(doc.split("\n").slice(0, 3)).toEqual([
      '{"policies":[{"name":"fixed:base=2s","strategy":"fixed"},{"name":"forever","preset":"grpc"}],',
      '"rows":[',
      '{"policy":"fixed:base=2s","attempt":1,"delay_ms":2000,"cumulative_ms":2000},',
    ]);
    const parsed = JSON.parse(doc);
    expect(parsed.rows).toHaveLength(5);
    expect(parsed.rows[4]).toEqual({ policy: "forever", attempt: 2, delay_ms: 500, cumulative_ms: 1000 });
    expect(parsed.summary.never_gives_up).toEqual(["forever"]);
  });

  it("an empty comparison's rows close as valid JSON", async () => {
    const doc = await documentOf(compareOutput([NO_RETRY], { described: [{ name: "none", description: {} }] }));
    expect(JSON.parse(doc).rows).toEqual([]);
  });
});

describe("the comparison's JSON summary", () => {
  it("each policy's total when it gives up by its own rule (past the rows shown or not); who gives up first, who waits longest", async () => {
    expect(JSON.parse(await documentOf(compareOutput([FIXED, DOUBLING]))).summary).toEqual({
      totals: [
        { policy: "fixed:base=2s", gives_up: true, last_attempt: 3, total_ms: 6000, total_min_ms: 6000, total_max_ms: 6000, past_shown: false },
        { policy: "exponential:cap=10s", gives_up: true, last_attempt: 5, total_ms: 25_000, total_min_ms: 25_000, total_max_ms: 25_000, past_shown: true },
      ],
      gives_up_first: ["fixed:base=2s"],
      waits_longest: ["exponential:cap=10s"],
      never_gives_up: [],
    });
  });

  it("null figures for one that never gives up; the jittered range of one that does", async () => {
    const json = JSON.parse(await documentOf(compareOutput([JITTERED, FOREVER]))).summary;
    expect(json["totals"]).toEqual([
      { policy: "full-jitter", gives_up: true, last_attempt: 2, total_ms: 3000, total_min_ms: 0, total_max_ms: 3000, past_shown: false },
      { policy: "forever", gives_up: false, last_attempt: null, total_ms: null, total_min_ms: null, total_max_ms: null, past_shown: false },
    ]);
    expect([json["gives_up_first"], json["waits_longest"], json["never_gives_up"]]).toEqual([["full-jitter"], ["forever"], ["forever"]]);
  });
});
