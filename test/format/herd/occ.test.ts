import { describe, expect, it } from "vitest";
import { renderOccCsv, renderOccJson, renderOccMarkdown, renderOccTsv, occRuns, occSummaryLines, occTime } from "../../../src/format/herd/occ.js";
import { OCC_REPORT } from "../../support/herd-reports.js";

const report = OCC_REPORT;

describe("the OCC report's machine formats", () => {
  it("CSV: one row per client count and mode, means to 2 decimals (calls) and 3 (ms)", () => {
    expect(renderOccCsv(report)).toBe(
      "clients,mode,runs,calls_mean,calls_sd,calls_min,calls_max,completion_ms_mean,completion_ms_sd,completion_ms_min,completion_ms_max\n" +
        "100,none,100,1855.7,60.55,1845.704,1865.704,63460.842,6346.084,31730.421,126921.684\n" +
        "100,full,100,795.88,6.82,785.88,805.88,4902.875,490.287,2451.437,9805.75\n",
    );
    expect(renderOccTsv(report).split("\n")[1]).toBe("100\tnone\t100\t1855.7\t60.55\t1845.704\t1865.704\t63460.842\t6346.084\t31730.421\t126921.684");
  });

  it("JSON: the set-up and the rows under the CSV's names", () => {
    const json = JSON.parse(renderOccJson(report));
    expect(json.model).toBe("occ");
    expect(json.experiment).toEqual({ network_mean_ms: 10, network_sd_ms: 2, base_ms: 10, cap_ms: 2000, runs: 100, seed: 42 });
    expect(json.rows[1]).toMatchObject({ clients: 100, mode: "full", calls_mean: 795.88, completion_ms_mean: 4902.875 });
  });

  it("Markdown: the table, then the set-up", () => {
    const text = renderOccMarkdown(report);
    expect(text.split("\n")[0]).toBe("| clients | mode | runs | calls_mean | calls_sd | calls_min | calls_max | completion_ms_mean | completion_ms_sd | completion_ms_min | completion_ms_max |");
    expect(text).toContain("|---:|:---|");
    expect(text).toContain("means over 100 runs");
  });

  it("the set-up says the experiment in backoff's terms", () => {
    const [first, second, third] = occSummaryLines(report);
    expect(first).toBe("OCC: 100 clients each update one row once (read, then a versioned write); every message takes |normal(10 ms ± 2 ms)|; means over 100 runs, ± one standard deviation of the runs; seed 42.");
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
    expect(one).toContain("; means over 1 run, ± one standard deviation");
    expect([occRuns(1), occRuns(2), occRuns(1000)]).toEqual(["1 run", "2 runs", "1,000 runs"]);
  });

  it("times: to the microsecond below a second, human above", () => {
    expect([occTime(420.4849), occTime(4902.87), occTime(63460.84)]).toEqual(["420.485 ms", "4.9 s", "1 min 3 s"]);
  });
});
