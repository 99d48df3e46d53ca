import { scanFile } from "../../src/cli/check/scan-file.js";
import { analyseChain } from "../../src/core/chain/chain.js";
import { checkChain } from "../../src/core/chain/check.js";
import type { PlacedChainCheck } from "../../src/format/chain-check.js";
import type { FilesReport } from "../../src/core/check-report/files-report.js";
import type { CheckOutput, Rendered } from "../../src/format/renderer.js";
import { layer } from "./chain.js";
import { ROOT } from "./paths.js";

/**
 * What the check renderers (src/format/formats/check/*.ts) are handed, made by the real scan
 * of fixture files (no temporary files). The figures, by hand:
 *
 * test/fixtures/policies/backoff/retry.json under --max-total 1m: email (line 4:5) is
 * exponential from 1 s, cap 30 s, 8 retries: 1, 2, 4, 8, 16, 30, 30, 30 s, totals 1, 3, 7, 15,
 * 31, 61 s: first over 1 min at attempt 6, 121 s (2 min 1 s) in all; its largest delay 30 s
 * holds the file's max-delay 30 s. webhook (line 5:5) is linear 2 s + 2 s: 2 + 4 + 6 + 8 + 10 =
 * 30 s: both limits hold. So 4 limits, 1 broken, no warning.
 */
export const RETRY_JSON = "backoff/retry.json";

/** The files report of `check PATH` over fixture files (paths under test/fixtures/<tree>/), as files.ts gathers it. */
export function filesReport(names: readonly string[], explicit: Record<string, string>, strict = false, tree = "policies"): FilesReport {
  const report = { policies: [], disabled: [], invalid: [], skipped: [], lenient: [] } as {
    policies: FilesReport["policies"][number][];
    disabled: FilesReport["disabled"][number][];
    invalid: FilesReport["invalid"][number][];
    skipped: FilesReport["skipped"][number][];
    lenient: NonNullable<FilesReport["lenient"]>[number][];
  };
  let filesScanned = 0;
  for (const name of names) {
    const outcome = scanFile({ path: `${ROOT}test/fixtures/${tree}/${name}`, name, kind: name.endsWith(".json") ? "json" : "yaml", named: false, helmTemplate: false }, { explicit, renderJson: null });
    if (outcome.scanned) filesScanned++;
    report.policies.push(...outcome.policies);
    report.disabled.push(...outcome.disabled);
    report.invalid.push(...outcome.invalid);
    report.skipped.push(...outcome.skips);
    report.lenient.push(...outcome.lenient);
  }
  const broken = report.policies.some((p) => p.result.assertions.some((a) => !a.ok)) || report.invalid.length > 0;
  const warned = report.policies.some((p) => p.result.warnings.length > 0);
  return { ...report, filesScanned, strict, exitCode: broken || (strict && warned) ? 1 : 0 };
}

/** check PATH's output: the report, and the annotations as GITHUB_ACTIONS would add them. */
export function filesOutput(report: FilesReport, annotations: readonly string[] = []): CheckOutput {
  return { kind: "files", report, annotations, rendered: null };
}

/** check --config FILE's output for the same policies: each as a PolicyReport, and the files report it stands for. */
export function configOutput(report: FilesReport, annotations: readonly string[] = []): CheckOutput & { kind: "config" } {
  const reports = report.policies.map((p) => ({ name: p.name, line: p.line, attempts: p.attempts, attemptTimeMs: p.attemptTimeMs, result: p.result }));
  return { kind: "config", reports, strict: report.strict, exitCode: report.exitCode, annotations, filesReport: async () => report };
}

/** A chain of three layers of 3 tries (as test/format/chain-check.test.ts): 27 calls per call at the top, against --max-amplification 10. */
export function chainOutput(): PlacedChainCheck {
  const report = analyseChain([layer(2, { name: "aws-sdk" }), layer(2, { name: "istio" }), layer(2, { name: "resilience4j" })], { attemptMs: null, failureRate: 1, rps: null });
  return { name: "deploy/chain.json", line: 2, column: 3, report, result: checkChain(report, { maxAmplification: 10 }), strict: false, exitCode: 1 };
}

/** A renderer's text pieces joined, and its stderr lines (undefined: it gives none). */
export async function renderedParts(rendered: Rendered | Promise<Rendered>): Promise<{ text: string; stderr: readonly string[] | undefined }> {
  const given = await rendered;
  if (!("pieces" in given)) throw new Error("expected text in pieces");
  return { text: [...given.pieces].join(""), stderr: given.stderr };
}
