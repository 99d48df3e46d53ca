import { scanFile } from "../../src/cli/check/scan-file.js";
import { CHAIN_WORDS, CONFIG_WORDS, FILES_WORDS } from "../../src/cli/check/report.js";
import { analyseChain } from "../../src/core/chain/chain.js";
import type { ChainLayer } from "../../src/core/chain/layer.js";
import { checkChain } from "../../src/core/chain/check.js";
import type { PlacedChainCheck } from "../../src/core/check-report/chain.js";
import { type FilesReport, type FoundInFiles, filesReport as reportOf } from "../../src/core/check-report/files-report.js";
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
  const found = { policies: [], disabled: [], invalid: [], skipped: [], lenient: [], limits: [], linksNotFollowed: 0, filesScanned: 0 } as {
    -readonly [K in keyof FoundInFiles]: FoundInFiles[K] extends readonly (infer T)[] ? T[] : FoundInFiles[K];
  };
  for (const name of names) {
    const outcome = scanFile({ path: `${ROOT}test/fixtures/${tree}/${name}`, name, kind: name.endsWith(".json") ? "json" : "yaml", named: false, helmTemplate: false }, { explicit });
    if (outcome.scanned) found.filesScanned++;
    found.policies.push(...outcome.policies);
    found.disabled.push(...outcome.disabled);
    found.invalid.push(...outcome.invalid);
    found.skipped.push(...outcome.skips);
    found.lenient.push(...outcome.lenient);
  }
  return reportOf(found, strict, FILES_WORDS);
}

/** check PATH's output: the report. */
export function filesOutput(report: FilesReport): CheckOutput {
  return { kind: "files", report };
}

/** check --config FILE's output for the same policies: each as a PolicyReport, the config file being `file`. */
export function configOutput(report: FilesReport, file: string | null = null): CheckOutput & { kind: "config" } {
  const policies = report.policies.map((p) => ({ name: p.name, line: p.line, column: p.column, attempts: p.attempts, attemptTimeMs: p.attemptTimeMs, result: p.result }));
  return { kind: "config", report: { policies, file, strict: report.strict, exitCode: report.exitCode, words: CONFIG_WORDS } };
}

/**
 * A chain's check at deploy/chain.json's "chain" key (line 2, column 3). The stack of issue
 * 20's example: aws-sdk (3 tries) over istio (2 retries, 3 tries) over resilience4j (3 tries):
 * 3 × 3 × 3 = 27 calls at the backend per call at the top when every call fails. Layers of 2
 * retries stand for them (the figures need only the tries).
 */
export function placedChain(limits: { maxAmplification?: number } = { maxAmplification: 10 }, strict = false, stack: readonly ChainLayer[] = CHAIN_STACK): PlacedChainCheck {
  const report = analyseChain(stack, { attemptMs: null, failureRate: 1, rps: null });
  const result = checkChain(report, limits);
  const broken = result.assertions.some((a) => !a.ok);
  return { name: "deploy/chain.json", line: 2, column: 3, report, result, strict, exitCode: broken || (strict && result.warnings.length > 0) ? 1 : 0, words: CHAIN_WORDS };
}
export const CHAIN_STACK = [layer(2, { name: "aws-sdk" }), layer(2, { name: "istio" }), layer(2, { name: "resilience4j" })];
/** What the chain's reports say of it (placedChain's stack). */
export const CHAIN_DETAIL = "27 calls reach the backend per call at the top when every call fails (3 × 3 × 3 tries)";
export const CHAIN_STACKED = "layers 1, 2, 3 all retry; the AWS Builders' Library advises retrying at a single point in the stack";
export const CHAIN_WHO = "chain (aws-sdk, istio, resilience4j)";

/** The chain against --max-amplification 10. */
export function chainOutput(): PlacedChainCheck {
  return placedChain();
}

/** A renderer's text pieces joined. */
export async function renderedText(rendered: Rendered | Promise<Rendered>): Promise<string> {
  const given = await rendered;
  if (!("pieces" in given)) throw new Error("expected text in pieces");
  return [...given.pieces].join("");
}
