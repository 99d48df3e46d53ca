import { describe, expect, it } from "vitest";
import { FILES_WORDS } from "../../../src/cli/check/report.js";
import type { CheckResult } from "../../../src/core/check.js";
import { filesReport, findingsByPolicy } from "../../../src/core/check-report/files-report.js";
import type { FilePolicyReport } from "../../../src/core/check-report/policy.js";

// src/core/check-report/files-report.ts: the report of check PATH…, its findings in order and its exit code.
const result = (ok: boolean, warned = false): CheckResult => ({
  assertions: [{ limit: "max-total", limitValue: 60_000, actual: ok ? 30_000 : 121_000, ok, attempt: ok ? 5 : 6 }],
  warnings: warned ? [{ lint: "over-a-day", worstTotalMs: 90_000_000 }] : [],
  bestTotalMs: 30_000,
  worstTotalMs: 30_000,
  worstDelayMs: 10_000,
  worstDelayAttempt: 5,
});
const policy = (name: string, r: CheckResult): FilePolicyReport => ({ file: "a.json", line: 1, column: 1, system: "backoff", systemLabel: "backoff config", name, preset: null, options: {}, attempts: 5, attemptTimeMs: 0, jittered: false, note: null, result: r });
const nothing = { policies: [], disabled: [], invalid: [], skipped: [], lenient: [], limits: [], linksNotFollowed: 0, filesScanned: 1 };

describe("filesReport", () => {
  it("invalid policies first, then each policy's findings, then skips, lenient reads and retry limits", () => {
    const report = filesReport(
      {
        ...nothing,
        policies: [policy("ok", result(true, true)), policy("broken", result(false))],
        invalid: [{ file: "b.json", line: 2, column: 3, system: "backoff", systemLabel: "backoff config", name: "bad", reason: "cap must be a duration" }],
        skipped: [{ file: "c.yaml", line: null, column: null, reason: "cannot read" }],
        lenient: [{ file: "d.yaml", line: 4, column: 1, reason: "a tab" }],
      },
      false,
      FILES_WORDS,
    );
    expect(report.findings.map((f) => [f.kind, f.policy?.name ?? f.location.file])).toEqual([
      ["invalid-policy", "bad"],
      ["lint", "ok"],
      ["limit", "broken"],
      ["skipped", "c.yaml"],
      ["read-leniently", "d.yaml"],
    ]);
    expect(findingsByPolicy(report).map((list) => list.map((f) => f.rule))).toEqual([["over-a-day"], ["max-total"]]);
    expect(report.exitCode).toBe(1);
  });

  it("a warning or a skip fails only under strictness", () => {
    const warned = { ...nothing, policies: [policy("ok", result(true, true))] };
    expect([filesReport(warned, false, FILES_WORDS).exitCode, filesReport(warned, true, FILES_WORDS).exitCode]).toEqual([0, 1]);
    const skipped = { ...nothing, skipped: [{ file: "c.yaml", line: null, column: null, reason: "cannot read" }] };
    expect([filesReport(skipped, false, FILES_WORDS).exitCode, filesReport(skipped, true, FILES_WORDS).exitCode]).toEqual([0, 1]);
  });
});
