import { describe, expect, it } from "vitest";
import { scanFile } from "../../../../src/cli/check/scan-file.js";
import { chainCheckJson } from "../../../../src/format/chain-check.js";
import { filesReportJson } from "../../../../src/format/check-files-report.js";
import { renderer } from "../../../../src/format/formats/check/json.js";
import type { Rendered } from "../../../../src/format/renderer.js";
import { RETRY_JSON, chainOutput, configOutput, filesOutput, filesReport, renderedParts } from "../../../support/check-outputs.js";
import { plainContext } from "../../../support/herd-reports.js";
import { ROOT } from "../../../support/paths.js";

// src/format/formats/check/json.ts: check's report as one JSON document. The policies of
// test/fixtures/policies/backoff/retry.json under --max-total 1m and the file's max-delay 30 s
// (figures in test/support/check-outputs.ts): email 2 min 1 s in all, over 1 min at attempt 6,
// its largest delay 30 s from attempt 6; webhook 30 s in all, its largest delay 10 s at attempt 5.
const assertion = (limit: string, ok: boolean, limit_ms: number, actual_ms: number, attempt: number, message: string) => ({ limit, ok, limit_ms, actual_ms, attempt, message });

/** The bytes of a rendered document, decoded. */
async function bytesText(rendered: Rendered | Promise<Rendered>): Promise<string> {
  const given = await rendered;
  if (!("bytes" in given)) throw new Error("expected bytes");
  return [...given.bytes].map((piece) => (typeof piece === "string" ? piece : new TextDecoder().decode(piece))).join("");
}

describe("check --format json's renderer", () => {
  it("renders the policies' text where they are checked (check PATH's worker threads)", () => {
    expect(renderer.policyText).toBe(true);
  });

  it("check --config FILE: each policy with its figures and limits; the annotations on stderr", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text, stderr } = await renderedParts(renderer.render(configOutput(report, ["::error title=backoff check::…"]), plainContext()));
    expect(JSON.parse(text)).toEqual({
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
    expect(stderr).toEqual(["::error title=backoff check::…"]);
  });

  it("check PATH: the files report, each policy at its place, and the totals; the annotations on stderr", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text, stderr } = await renderedParts(renderer.render(filesOutput(report, ["::error …"]), plainContext()));
    const doc = JSON.parse(text);
    expect(doc.policies.map((p: Record<string, unknown>) => [p.file, p.line, p.column, p.system, p.name, p.ok, p.retries])).toEqual([
      ["backoff/retry.json", 4, 5, "backoff", "email", false, 8],
      ["backoff/retry.json", 5, 5, "backoff", "webhook", true, 5],
    ]);
    expect(doc.totals).toEqual({ files_scanned: 1, files_with_policies: 1, policies: 2, disabled: 0, invalid: 0, skipped: 0, lenient: 0, links_not_followed: 0, limits: 4, retry_limits: 0, broken: 1, warnings: 0 });
    expect([doc.ok, doc.exit_code]).toEqual([false, 1]);
    expect(stderr).toEqual(["::error …"]);
  });

  it("check PATH with the policies rendered where they were checked: the same document, byte for byte", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const file = scanFile({ path: `${ROOT}test/fixtures/policies/${RETRY_JSON}`, name: RETRY_JSON, kind: "json", named: false, helmTemplate: false }, { explicit: { maxTotal: "1m" }, renderJson: { strict: false } }).rendered!;
    // The report's first policy has no comma before it (files.ts renderedTotals).
    const rendered = { policies: file.policies, filesWithPolicies: 1, limits: file.limits, broken: file.broken, warnings: file.warnings, pieces: [file.bytes.subarray(1)] };
    const text = await bytesText(renderer.render({ kind: "files", report: { ...report, policies: [] }, annotations: [], rendered }, plainContext()));
    expect(text).toBe(filesReportJson(report));
  });

  it("a chain: the chain check's document", async () => {
    const chain = chainOutput();
    const { text } = await renderedParts(renderer.renderChain!(chain, plainContext()));
    expect(text).toBe(chainCheckJson(chain.name, chain.report, chain.result, chain.exitCode));
    expect(JSON.parse(text).assertions).toEqual([{ limit: "max-amplification", limit_value: 10, actual: 27, ok: false }]);
  });
});
