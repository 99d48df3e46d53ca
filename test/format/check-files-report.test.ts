import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/core/check.js";
import type { FilesReport } from "../../src/core/check-report/files-report.js";
import type { FilePolicyReport } from "../../src/core/check-report/policy.js";
import { filesReportJson, filesReportLines } from "../../src/format/check-files-report.js";

// The JSON report is written piece by piece (policies rendered on worker threads, their
// place and options by hand), but it must read as one JSON.stringify(report, null, 2):
// the document equals its own canonical layout, byte for byte.
const result: CheckResult = {
  assertions: [{ limit: "max-total", limitValue: 60_000, actual: 7_000, ok: true, attempt: 3 }],
  warnings: [],
  bestTotalMs: 7_000,
  worstTotalMs: 7_000,
  worstDelayMs: 4_000,
  worstDelayAttempt: 3,
};
const policy = (overrides: Partial<FilePolicyReport>): FilePolicyReport => ({
  file: "k8s/jobs.yaml",
  line: 7,
  column: 3,
  system: "argo",
  systemLabel: "Argo Workflows",
  name: "retry",
  preset: "argo",
  options: { base: "1s", factor: "2", attempts: "3" },
  attempts: 3,
  attemptTimeMs: 0,
  jittered: false,
  note: null,
  result,
  ...overrides,
});

describe("the files report as JSON", () => {
  it("is laid out exactly as JSON.stringify(…, null, 2) lays it out, whatever the names, options and preset", () => {
    const report: FilesReport = {
      policies: [
        policy({}),
        policy({ file: 'odd "dir"\\/é\u2028.yaml', name: "tab\there, newline\nthere", preset: null, options: {} }),
        policy({ options: { "max-elapsed": "30s", "1": "numeric key first", jitter: "full" }, note: "a note" }),
      ],
      disabled: [{ file: "a.yaml", line: 1, column: 1, system: "kubernetes-job", systemLabel: "Kubernetes Job", name: "none" }],
      invalid: [],
      skipped: [],
      filesScanned: 3,
      strict: false,
      exitCode: 0,
    };
    const text = filesReportJson(report);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    const parsed = JSON.parse(text) as { policies: Array<Record<string, unknown>> };
    expect(parsed.policies.map((p) => [p["file"], p["name"], p["preset"], p["options"]])).toEqual([
      ["k8s/jobs.yaml", "retry", "argo", { base: "1s", factor: "2", attempts: "3" }],
      ['odd "dir"\\/é\u2028.yaml', "tab\there, newline\nthere", null, {}],
      ["k8s/jobs.yaml", "retry", "argo", { "1": "numeric key first", "max-elapsed": "30s", jitter: "full" }],
    ]);
  });
});

// Issue 23, item 11: a switched-off entry was named by its system's id ("kubernetes-job"),
// the checked ones by their label ("Kubernetes Job").
describe("a policy with its retries switched off", () => {
  const report: FilesReport = {
    policies: [],
    disabled: [{ file: "jobs.yaml", line: 4, column: 3, system: "kubernetes-job", systemLabel: "Kubernetes Job", name: "once" }],
    invalid: [],
    skipped: [],
    filesScanned: 1,
    strict: false,
    exitCode: 0,
  };
  it("is named with the label checked policies use, in the text", () => {
    expect(filesReportLines(report).slice(0, 2)).toEqual(["jobs.yaml", "  – once (Kubernetes Job, line 4:3): retries switched off, nothing to check"]);
  });
  it("keeps its JSON as it was (the system's id, no label)", () => {
    const parsed = JSON.parse(filesReportJson(report)) as { disabled: unknown[] };
    expect(parsed.disabled).toEqual([{ file: "jobs.yaml", line: 4, column: 3, system: "kubernetes-job", name: "once" }]);
  });
});
