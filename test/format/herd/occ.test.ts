import { describe, expect, it } from "vitest";
import { occRuns, occSummaryLines, occTime } from "../../../src/format/herd/occ.js";
import { OCC_REPORT } from "../../support/herd-reports.js";

const report = OCC_REPORT;

describe("the OCC report's set-up and figures for people", () => {
  it("the set-up says the experiment in backoff's terms", () => {
    const [first, second, third] = occSummaryLines(report);
    expect(first).toBe("OCC: 100 clients each update one row once (read, then a versioned write); every message takes |normal(10 ms ± 2 ms)|; means over 100 runs, ± the standard error of each mean (the runs' standard deviation / √100); seed 42.");
    expect(second).toBe(
      "The wait after the n-th failed write: one network delay plus min(2 s, 10 ms × 2^(n−1)) (the experiment's 2^n × 5 ms), expo(n) for short. Calls are the writes; time is when the last client is done.",
    );
    expect(third).toBe(
      "Modes: no-backoff waits 0; none waits expo(n) (exponential, no jitter); full uniform(0, expo(n)); equal expo(n)/2 + uniform(0, expo(n)/2); decorrelated min(2 s, uniform(5 ms, 3 × its previous wait)), from 5 ms.",
    );
    expect(occSummaryLines({ ...report, rows: [...report.rows, { ...report.rows[0]!, clients: 190 }] })[0]).toContain("100 to 190 clients each update one row once");
  });

  it("one client, one run: in the singular", () => {
    const one = occSummaryLines({ ...report, runs: 1, rows: [{ ...report.rows[0]!, clients: 1 }] })[0]!;
    expect(one.startsWith("OCC: 1 client updates one row once (read, then a versioned write);")).toBe(true);
    // One run is a sample, with no spread known (issue 39, item 6).
    expect(one).toContain("; one seeded run (seed 42): each figure is one sample, with no spread known from one run (--runs 20 gives means and their standard errors).");
    expect([occRuns(1), occRuns(2), occRuns(1000)]).toEqual(["1 run", "2 runs", "1,000 runs"]);
  });

  it("times: to the microsecond below a second, human above", () => {
    expect([occTime(420.4849), occTime(4902.87), occTime(63460.84)]).toEqual(["420.485 ms", "4.9 s", "1 min 3 s"]);
  });
});
