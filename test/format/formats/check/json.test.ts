import { describe, expect, it } from "vitest";
import { FILES_WORDS } from "../../../../src/cli/check/report.js";
import { type FilesReport, filesReport } from "../../../../src/core/check-report/files-report.js";
import type { FilePolicyReport } from "../../../../src/core/check-report/policy.js";
import type { CheckResult } from "../../../../src/core/check.js";
import { chainCheckJson, filesReportJson, renderer } from "../../../../src/format/formats/check/json.js";
import { RETRY_JSON, chainOutput, configOutput, filesOutput, filesReport as scanned, placedChain, renderedText } from "../../../support/check-outputs.js";
import { plainContext } from "../../../support/herd-reports.js";

// src/format/formats/check/json.ts: check's report as one JSON document. The policies of
// test/fixtures/policies/backoff/retry.json under --max-total 1m and the file's max-delay 30 s
// (figures in test/support/check-outputs.ts): email 2 min 1 s in all, over 1 min at attempt 6,
// its largest delay 30 s from attempt 6; webhook 30 s in all, its largest delay 10 s at attempt 5.
const assertion = (limit: string, ok: boolean, limit_ms: number, actual_ms: number, attempt: number, message: string) => ({ limit, ok, limit_ms, actual_ms, attempt, message });

describe("check --format json's renderer", () => {
  it("check --config FILE: each policy with its figures and limits", async () => {
    const report = scanned([RETRY_JSON], { maxTotal: "1m" });
    expect(JSON.parse(await renderedText(renderer.render(configOutput(report), plainContext())))).toEqual({
      ok: false,
      exit_code: 1,
      policies: [
        {
          name: "email",
          retries: 8,
          attempt_time_ms: 0,
          best_total_ms: 121_000,
          worst_total_ms: 121_000,
          worst_delay_ms: 30_000,
          assertions: [
            assertion("max-total", false, 60_000, 121_000, 6, "✗ max-total 1 min: worst case 2 min 1 s (first over the limit at attempt 6)"),
            assertion("max-delay", true, 30_000, 30_000, 6, "✓ max-delay 30 s: worst delay 30 s (attempt 6)"),
          ],
          warnings: [],
        },
        {
          name: "webhook",
          retries: 5,
          attempt_time_ms: 0,
          best_total_ms: 30_000,
          worst_total_ms: 30_000,
          worst_delay_ms: 10_000,
          assertions: [assertion("max-total", true, 60_000, 30_000, 5, "✓ max-total 1 min: worst case 30 s"), assertion("max-delay", true, 30_000, 10_000, 5, "✓ max-delay 30 s: worst delay 10 s (attempt 5)")],
          warnings: [],
        },
      ],
    });
  });

  it("check PATH: the files report, each policy at its place, and the totals", async () => {
    const report = scanned([RETRY_JSON], { maxTotal: "1m" });
    const doc = JSON.parse(await renderedText(renderer.render(filesOutput(report), plainContext())));
    expect(doc.policies.map((p: Record<string, unknown>) => [p.file, p.line, p.column, p.system, p.name, p.ok, p.retries])).toEqual([
      ["backoff/retry.json", 4, 5, "backoff", "email", false, 8],
      ["backoff/retry.json", 5, 5, "backoff", "webhook", true, 5],
    ]);
    expect(doc.totals).toEqual({ files_scanned: 1, files_with_policies: 1, policies: 2, disabled: 0, invalid: 0, skipped: 0, lenient: 0, links_not_followed: 0, limits: 4, retry_limits: 0, broken: 1, warnings: 0 });
    expect([doc.ok, doc.exit_code]).toEqual([false, 1]);
  });

  it("a chain: the chain check's document", async () => {
    const chain = chainOutput();
    const text = await renderedText(renderer.renderChain!(chain, plainContext()));
    expect(text).toBe(chainCheckJson(chain));
    expect(JSON.parse(text).assertions).toEqual([{ limit: "max-amplification", limit_value: 10, actual: 27, ok: false }]);
  });
});

// The JSON report is written piece by piece (a policy at a time), but it must read as one
// JSON.stringify(report, null, 2): the document equals its own canonical layout, byte for byte.
describe("filesReportJson", () => {
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
  const report = (found: Partial<Parameters<typeof filesReport>[0]>): FilesReport =>
    filesReport({ policies: [], disabled: [], invalid: [], skipped: [], lenient: [], limits: [], linksNotFollowed: 0, filesScanned: 3, ...found }, false, FILES_WORDS);
  const json = (r: FilesReport) => [...filesReportJson(r)].join("");

  it("is laid out exactly as JSON.stringify(…, null, 2) lays it out, whatever the names, options and preset", () => {
    const text = json(
      report({
        policies: [
          policy({}),
          policy({ file: 'odd "dir"\\/é\u2028.yaml', name: "tab\there, newline\nthere", preset: null, options: {} }),
          policy({ options: { "max-elapsed": "30s", "1": "numeric key first", jitter: "full" }, note: "a note" }),
        ],
        disabled: [{ file: "a.yaml", line: 1, column: 1, system: "kubernetes-job", systemLabel: "Kubernetes Job", name: "none" }],
      }),
    );
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    const parsed = JSON.parse(text) as { policies: Array<Record<string, unknown>> };
    expect(parsed.policies.map((p) => [p["file"], p["name"], p["preset"], p["options"]])).toEqual([
      ["k8s/jobs.yaml", "retry", "argo", { base: "1s", factor: "2", attempts: "3" }],
      ['odd "dir"\\/é\u2028.yaml', "tab\there, newline\nthere", null, {}],
      ["k8s/jobs.yaml", "retry", "argo", { "1": "numeric key first", "max-elapsed": "30s", jitter: "full" }],
    ]);
  });

  // Issue 23, item 11: a switched-off entry keeps its system's id in JSON (the text names its label).
  it("keeps a policy with its retries switched off as it was (the system's id, no label)", () => {
    const parsed = JSON.parse(json(report({ disabled: [{ file: "jobs.yaml", line: 4, column: 3, system: "kubernetes-job", systemLabel: "Kubernetes Job", name: "once" }] }))) as { disabled: unknown[] };
    expect(parsed.disabled).toEqual([{ file: "jobs.yaml", line: 4, column: 3, system: "kubernetes-job", name: "once" }]);
  });
});

describe("chainCheckJson", () => {
  it("the layers, the assertion with its actual count, the warning's layers counted from 1", () => {
    expect(JSON.parse(chainCheckJson(placedChain({ maxAmplification: 10 })))).toEqual({
      file: "deploy/chain.json",
      chain: [
        { layer: 1, policy: "aws-sdk", tries: 3, retries: 2, worst_case_calls: 3 },
        { layer: 2, policy: "istio", tries: 3, retries: 2, worst_case_calls: 9 },
        { layer: 3, policy: "resilience4j", tries: 3, retries: 2, worst_case_calls: 27 },
      ],
      assertions: [{ limit: "max-amplification", limit_value: 10, actual: 27, ok: false }],
      warnings: [{ lint: "stacked-retries", layers: [1, 2, 3] }],
      exit_code: 1,
    });
  });
});
