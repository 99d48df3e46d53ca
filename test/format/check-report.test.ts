import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/core/check.js";
import { type PolicyReport, checkReportLines, githubAnnotations } from "../../src/format/check-report.js";

const result = (ok: boolean, warnings: CheckResult["warnings"] = []): CheckResult => ({
  assertions: [{ limit: "max-delay", limitValue: 10_000, actual: 30_000, ok, attempt: ok ? 6 : 5 }],
  warnings,
  bestTotalMs: 0,
  worstTotalMs: 0,
  worstDelayMs: 30_000,
  worstDelayAttempt: 6,
});

const report = (name: string | null, r: CheckResult): PolicyReport => ({ name, line: 3, attempts: 8, attemptTimeMs: 0, result: r });

describe("checkReportLines verdicts", () => {
  it("says when nothing was checked, when warnings fail under --strict, and when limits break", () => {
    const none: CheckResult = { ...result(true), assertions: [] };
    expect(checkReportLines([report(null, none)], false).at(-1)).toBe("✓ no limits checked");
    const warned = result(true, [{ lint: "over-a-day", worstTotalMs: 90_000_000 }]);
    expect(checkReportLines([report(null, warned)], false).at(-1)).toBe("✓ the limit holds; 1 warning");
    expect(checkReportLines([report(null, warned)], true).at(-1)).toBe("✗ the limit holds, but 1 warning fails under --strict");
    expect(checkReportLines([report(null, result(false))], false).at(-1)).toBe("✗ 1 of 1 limit broken");
  });
});

describe("githubAnnotations", () => {
  it("escapes the file property (%, :, ,) and the message (%, newlines)", () => {
    const lines = githubAnnotations([report("50%\nrise", result(false))], "C:/ci/retry,prod.json", false);
    expect(lines).toEqual([
      "::error file=C%3A/ci/retry%2Cprod.json,line=3,title=backoff check::50%25%0Arise: max-delay 10 s broken: worst delay 30 s (first over the limit at attempt 5)",
    ]);
  });

  it("warnings are warnings, or errors under --strict; no file when the config came from stdin", () => {
    const warned = result(true, [{ lint: "no-jitter", clients: 50 }]);
    const message = "no-jitter: no jitter, with 50 clients: clients that fail together retry together, in bursts; add jitter";
    expect(githubAnnotations([report(null, warned)], null, false)).toEqual([`::warning title=backoff check::${message}`]);
    expect(githubAnnotations([report(null, warned)], null, true)).toEqual([`::error title=backoff check::${message}`]);
  });
});
