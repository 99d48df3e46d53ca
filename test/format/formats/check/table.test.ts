import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../../src/core/check.js";
import type { PolicyReport } from "../../../../src/core/check-report/config-report.js";
import { filesReport } from "../../../../src/core/check-report/files-report.js";
import { CONFIG_WORDS, FILES_WORDS } from "../../../../src/cli/check/report.js";
import { chainCheckLines, configReportLines, filesReportLines, renderer } from "../../../../src/format/formats/check/table.js";
import { CHAIN_DETAIL, CHAIN_STACKED, RETRY_JSON, chainOutput, configOutput, filesOutput, filesReport as scanned, placedChain, renderedText } from "../../../support/check-outputs.js";
import { layer } from "../../../support/chain.js";
import { plainContext } from "../../../support/herd-reports.js";

// src/format/formats/check/table.ts: check's report for people. The policies of
// test/fixtures/policies/backoff/retry.json under --max-total 1m and the file's max-delay 30 s
// (figures in test/support/check-outputs.ts): email 1, 2, 4, 8, 16, 30, 30, 30 s, 2 min 1 s in
// all, over 1 min at attempt 6; webhook 2, 4, 6, 8, 10 s, 30 s in all.
const CONFIG_LINES = [
  "email (8 retries):",
  "  ✗ max-total 1 min: worst case 2 min 1 s (first over the limit at attempt 6)",
  "  ✓ max-delay 30 s: worst delay 30 s (attempt 6)",
  "webhook (5 retries):",
  "  ✓ max-total 1 min: worst case 30 s",
  "  ✓ max-delay 30 s: worst delay 10 s (attempt 5)",
  "✗ 1 of 4 limits broken",
];
const FILES_LINES = [
  "backoff/retry.json",
  "  ✗ email (backoff config, line 4:5)",
  "    8 retries: worst-case total 2 min 1 s, best case 2 min 1 s, largest delay 30 s (attempt 6), no jitter",
  "    ✗ max-total 1 min: worst case 2 min 1 s (first over the limit at attempt 6)",
  "    ✓ max-delay 30 s: worst delay 30 s (attempt 6)",
  "  ✓ webhook (backoff config, line 5:5)",
  "    5 retries: worst-case total 30 s, best case 30 s, largest delay 10 s (attempt 5), no jitter",
  "    ✓ max-total 1 min: worst case 30 s",
  "    ✓ max-delay 30 s: worst delay 10 s (attempt 5)",
  "✗ 1 of 4 limits broken, 2 policies in 1 file",
];
/** ANSI colour codes removed. */
const uncoloured = (text: string) => text.replace(/\u001b\[\d+m/g, "");

describe("check's table renderer", () => {
  it("check --config FILE: a block per policy, then the verdict", async () => {
    const report = scanned([RETRY_JSON], { maxTotal: "1m" });
    expect(await renderedText(renderer.render(configOutput(report), plainContext()))).toBe(`${CONFIG_LINES.join("\n")}\n`);
  });

  it("check PATH: grouped by file, the failing policy first, then the summary", async () => {
    const report = scanned([RETRY_JSON], { maxTotal: "1m" });
    expect(await renderedText(renderer.render(filesOutput(report), plainContext()))).toBe(`${FILES_LINES.join("\n")}\n`);
  });

  it("in colour on an output that takes it: red for the broken limit, green for those that hold; the same words", async () => {
    const report = scanned([RETRY_JSON], { maxTotal: "1m" });
    const colored = { ...plainContext(), colored: true, paint: async () => new Chalk({ level: 1 }) };
    const text = await renderedText(renderer.render(filesOutput(report), colored));
    expect(uncoloured(text)).toBe(`${FILES_LINES.join("\n")}\n`);
    // chalk level 1: red is ESC[31m, green ESC[32m.
    expect(text).toContain("\u001b[31m");
    expect(text).toContain("\u001b[32m");
    // Without colour, chalk is never asked for.
    let asked = false;
    await renderer.render(filesOutput(report), { ...plainContext(), paint: async () => ((asked = true), new Chalk({ level: 1 })) });
    expect(asked).toBe(false);
  });

  it("a chain: the chain check's lines", async () => {
    const chain = chainOutput();
    const text = await renderedText(renderer.renderChain!(chain, plainContext()));
    expect(text).toBe(`${chainCheckLines(chain).join("\n")}\n`);
    // One limit: said as "the limit", as check says "✓ the limit holds" of one.
    expect(text.split("\n").at(-2)).toBe("✗ the limit is broken; 1 warning");
  });
});

// Issue 23, item 11: a switched-off entry was named by its system's id ("kubernetes-job"),
// the checked ones by their label ("Kubernetes Job").
describe("filesReportLines: a policy with its retries switched off", () => {
  it("is named with the label checked policies use", () => {
    const disabled = [{ file: "jobs.yaml", line: 4, column: 3, system: "kubernetes-job", systemLabel: "Kubernetes Job", name: "once" }];
    const report = filesReport({ policies: [], disabled, invalid: [], skipped: [], lenient: [], limits: [], linksNotFollowed: 0, filesScanned: 1 }, false, FILES_WORDS);
    expect(filesReportLines(report).slice(0, 2)).toEqual(["jobs.yaml", "  – once (Kubernetes Job, line 4:3): retries switched off, nothing to check"]);
  });
});

describe("configReportLines verdicts", () => {
  const result = (ok: boolean, warnings: CheckResult["warnings"] = []): CheckResult => ({
    assertions: [{ limit: "max-delay", limitValue: 10_000, actual: 30_000, ok, attempt: ok ? 6 : 5 }],
    warnings,
    bestTotalMs: 0,
    worstTotalMs: 0,
    worstDelayMs: 30_000,
    worstDelayAttempt: 6,
  });
  const policy = (r: CheckResult): PolicyReport => ({ name: null, line: 3, attempts: 8, attemptTimeMs: 0, result: r });
  const lines = (r: CheckResult, strict: boolean) => configReportLines({ policies: [policy(r)], file: null, strict, exitCode: 0, words: CONFIG_WORDS });

  it("says when nothing was checked, when warnings fail under --strict, and when limits break", () => {
    const none: CheckResult = { ...result(true), assertions: [] };
    expect(lines(none, false).at(-1)).toBe("✓ no limits checked");
    const warned = result(true, [{ lint: "over-a-day", worstTotalMs: 90_000_000 }]);
    expect(lines(warned, false).at(-1)).toBe("✓ the limit holds; 1 warning");
    expect(lines(warned, true).at(-1)).toBe("✗ the limit holds, but 1 warning fails under --strict");
    expect(lines(result(false), false).at(-1)).toBe("✗ 1 of 1 limit broken");
  });

  it("names the command's own way of giving limits when none were given", () => {
    const none: CheckResult = { ...result(true), assertions: [] };
    expect(lines(none, false)[0]).toBe('no limits given (--max-total, --min-total, --max-delay, … or "assert" in the config)');
  });
});

describe("chainCheckLines", () => {
  it("a broken limit, the warning, the verdict", () => {
    expect(chainCheckLines(placedChain({ maxAmplification: 10 }))).toEqual([
      "deploy/chain.json: a chain of 3 layers, outermost first: aws-sdk, istio, resilience4j",
      `  ✗ max-amplification 10: ${CHAIN_DETAIL}`,
      `  ⚠ stacked-retries: ${CHAIN_STACKED}`,
      "✗ the limit is broken; 1 warning",
    ]);
  });

  it("a limit that holds (27 ≤ 27.5: the count is whole), no limit, and --strict", () => {
    expect(chainCheckLines(placedChain({ maxAmplification: 27.5 })).slice(1)).toEqual([`  ✓ max-amplification 27.5: ${CHAIN_DETAIL}`, `  ⚠ stacked-retries: ${CHAIN_STACKED}`, "✓ the limit holds; 1 warning"]);
    expect(chainCheckLines(placedChain({}, true)).slice(1)).toEqual([
      '  no limits given (--max-amplification or "assert" in the config)',
      `  ⚠ stacked-retries: ${CHAIN_STACKED}`,
      "✗ no limits checked, but 1 warning fails under --strict",
    ]);
  });

  it("one layer that retries: no warning", () => {
    expect(chainCheckLines(placedChain({ maxAmplification: 4 }, false, [layer(0, { name: "sdk" }), layer(3, { name: "mesh" })])).at(-1)).toBe("✓ the limit holds");
  });
});
