import { describe, expect, it } from "vitest";
import { renderSimulationCsv, renderSimulationJson, renderSimulationMarkdown, renderSimulationTsv, simulationSummaryLines } from "../../src/format/simulate.js";
import { COMPARED, PRESET, SINGLE, result } from "../support/simulations.js";

// The simulation's machine formats and its summary, from hand-set figures
// (test/support/simulations.ts): 1,000 clients, 2 retries after 100 ms and 200 ms.

const SUMMARY = [
  "Cohort: 1,000 clients failing all at t = 0, up to 2 retries each, every retry fails; seed 7.",
  "Jitter: full. Figures read un-jittered → jittered.",
  "Calls: 3,000 → 3,000 (1,000 first calls + 2,000 retries).",
  "Peak load (retries in any 1 s window): 1,000 → 640.",
  "Time until the last client is done: 300 ms → 300 ms.",
];

describe("simulationSummaryLines", () => {
  it("one jitter mode: the cohort, the mode, then calls, peak load and completion, un-jittered → jittered", () => {
    expect(simulationSummaryLines(SINGLE)).toEqual(SUMMARY);
  });

  it("a preset: its parameters by the library's names (null as none), how it stops, and whether it jitters", () => {
    expect(simulationSummaryLines(PRESET)).toEqual([
      // 1,500.7 ms of spread is said in whole milliseconds: 1.5 s; one retry is "1 retry" (it said "1 retries").
      "Cohort: 10 clients failing spread uniformly over the first 1.5 s, up to 1 retry each, each retry succeeds with probability 0.25; seed 3.",
      "Preset bullmq (BullMQ): attempts 2, delay 1000, jitter none. bullmq stops after 1 retry.",
      "The library has no jitter with these parameters: both runs are the same. Figures read un-jittered → jittered.",
      "Calls: 20 → 20 (10 first calls + 10 retries).",
      "Peak load (retries in any 500 ms window): 4 → 4.",
      "Time until the last client is done: 2.5 s → 2.5 s.",
    ]);
    const jittered = { ...PRESET, preset: { ...(PRESET as Extract<typeof PRESET, { kind: "preset" }>).preset, jittered: true } };
    expect(simulationSummaryLines(jittered)[2]).toBe("Each client draws from the library's own jitter. Figures read un-jittered (the library's delays without jitter) → jittered.");
  });

  it("every mode: the cohort and what the peak load counts", () => {
    expect(simulationSummaryLines(COMPARED)).toEqual([SUMMARY[0], "Peak load counts the retries in any 1 s window; the same cohort (starts and successes) for every mode."]);
  });
});

describe("CSV and TSV: a row per attempt, the un-jittered latest and peak beside it", () => {
  it("CSV", () => {
    expect(renderSimulationCsv(SINGLE)).toBe(
      "attempt,clients,earliest_ms,p50_ms,p95_ms,latest_ms,peak_load,unjittered_latest_ms,unjittered_peak_load\n" + "1,1000,0,50,95,100,640,100,1000\n" + "2,1000,100,200,290,300,420,300,1000\n",
    );
  });

  it("TSV: the same fields, tab-separated", () => {
    expect(renderSimulationTsv(SINGLE).split("\n")).toEqual([
      ["attempt", "clients", "earliest_ms", "p50_ms", "p95_ms", "latest_ms", "peak_load", "unjittered_latest_ms", "unjittered_peak_load"].join("\t"),
      ["1", "1000", "0", "50", "95", "100", "640", "100", "1000"].join("\t"),
      ["2", "1000", "100", "200", "290", "300", "420", "300", "1000"].join("\t"),
      "",
    ]);
  });
});

describe("renderSimulationJson", () => {
  it("one jitter mode: the policy with its jitter, the cohort with its seed, the rows, both summaries; one line", () => {
    const text = renderSimulationJson(SINGLE);
    expect(text.endsWith("}\n") && !text.slice(0, -1).includes("\n")).toBe(true);
    expect(JSON.parse(text)).toEqual({
      policy: { strategy: "exponential", base_ms: 100, factor: 2, step_ms: 100, cap_ms: 10_000, first_attempt: 1, last_attempt: 2, jitter: "full" },
      cohort: { clients: 1000, spread_ms: 0, success: 0, window_ms: 1000, attempts: 2, seed: 7 },
      rows: [
        { attempt: 1, clients: 1000, earliest_ms: 0, p50_ms: 50, p95_ms: 95, latest_ms: 100, peak_load: 640, unjittered_latest_ms: 100, unjittered_peak_load: 1000 },
        { attempt: 2, clients: 1000, earliest_ms: 100, p50_ms: 200, p95_ms: 290, latest_ms: 300, peak_load: 420, unjittered_latest_ms: 300, unjittered_peak_load: 1000 },
      ],
      summary: { jittered: { calls: 3000, retries: 2000, peak_load: 640, completion_ms: 300 }, unjittered: { calls: 3000, retries: 2000, peak_load: 1000, completion_ms: 300 } },
    });
  });

  it("a preset: the library's parameters in place of the policy", () => {
    const doc = JSON.parse(renderSimulationJson(PRESET));
    expect(doc.preset).toEqual({ preset: "bullmq", library: "BullMQ", parameters: { attempts: 2, delay: 1000, jitter: null }, jittered: false, stopping: "bullmq stops after 1 retry" });
    expect(doc.cohort).toEqual({ clients: 10, spread_ms: 1500.7, success: 0.25, window_ms: 500, attempts: 1, seed: 3 });
    expect(doc.rows).toHaveLength(1);
    expect(doc.summary.jittered).toEqual({ calls: 20, retries: 10, peak_load: 4, completion_ms: 2500 });
  });

  it("a completion time past 2^53 ms is the saturation marker, not a wrong number", () => {
    const late = { ...SINGLE, result: result([], 3000, 2000, 640, 2 ** 53) };
    expect(JSON.parse(renderSimulationJson(late)).summary.jittered.completion_ms).toBe(">9007199254740991");
  });
});

describe("renderSimulationMarkdown", () => {
  it("a GitHub table of the attempts, numbers right-aligned, the summary under it as one paragraph", () => {
    expect(renderSimulationMarkdown(SINGLE).split("\n")).toEqual([
      "| attempt | clients | earliest_ms | p50_ms | p95_ms | latest_ms | peak_load | unjittered_latest_ms | unjittered_peak_load |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      "| 1 | 1000 | 0 | 50 | 95 | 100 | 640 | 100 | 1000 |",
      "| 2 | 1000 | 100 | 200 | 290 | 300 | 420 | 300 | 1000 |",
      "",
      ...SUMMARY.map((line, i) => (i < SUMMARY.length - 1 ? `${line}  ` : line)),
      "",
    ]);
  });
});
