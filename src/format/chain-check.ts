import type { ChainReport } from "../core/chain/chain.js";
import type { ChainAssertion, ChainCheckResult, StackedRetries } from "../core/chain/check.js";
import { callsText } from "./chain.js";
import { sarifLocation, sarifLog, sarifRule } from "./check-files-report.js";
import { gitlabIssue } from "./check-gitlab.js";
import { type JunitCase, junitDocument } from "./check-junit.js";
import { type Paint, PLAIN } from "./check-report.js";
import { jsonText } from "./json-text.js";
import { groupDigits } from "../core/text/digits.js";
import { wrapLine } from "./wrap.js";

// `backoff check --config FILE` when the file holds a chain: the limit on the calls that
// reach the backend, the stacked-retries warning, the verdict; as text and JSON, and as
// SARIF, JUnit and GitLab Code Quality with each finding at the file's "chain" key.

const layerNames = (report: ChainReport) => report.layers.map((layer) => layer.layer.name).join(", ");

/** "27 calls reach the backend per call at the top when every call fails (3 × 3 × 3 tries)". */
export function amplificationDetail(report: ChainReport, a: ChainAssertion): string {
  const product = report.layers.map((layer) => groupDigits(layer.tries)).join(" × ");
  return `${callsText(a.actual)} calls reach the backend per call at the top when every call fails (${product} tries)`;
}

/** "layers 1, 2, 3 all retry; the AWS Builders' Library advises retrying at a single point in the stack". */
export function stackedRetriesText(w: StackedRetries): string {
  return `layers ${w.layers.map((k) => k + 1).join(", ")} all retry; the AWS Builders' Library advises retrying at a single point in the stack`;
}

/** The chain as the machine reports name it: "chain (aws-sdk, istio, resilience4j)". */
const chainWho = (report: ChainReport) => `chain (${layerNames(report)})`;
const limitText = (a: ChainAssertion) => `${a.limit} ${groupDigits(a.limitValue)}`;

/** A chain's check as its reports need it: the check, and where the file's "chain" key is. */
export interface PlacedChainCheck {
  /** The config file's name, as the report's first line says it. */
  readonly name: string;
  /** Where its "chain" key is (1-based): the machine reports place the findings there. */
  readonly line: number;
  readonly column: number;
  readonly report: ChainReport;
  readonly result: ChainCheckResult;
  readonly strict: boolean;
  readonly exitCode: number;
}

const AMPLIFICATION_HELP =
  "The calls reaching the backend per call at the top of the chain when every call fails (the product of the layers' tries) must be at most the limit.";
const STACKED_HELP = "More than one layer of the chain retries, so their tries multiply; the AWS Builders' Library advises retrying at a single point in the stack.";

/** SARIF 2.1.0: a result per broken limit (error) and per warning (warning; error under --strict), at the "chain" key. */
export function chainCheckSarif(check: PlacedChainCheck, version: string): string {
  const rules = [
    sarifRule("max-amplification", "Retry chain limit: max-amplification", AMPLIFICATION_HELP, "error"),
    sarifRule("stacked-retries", "Retry chain warning: stacked-retries", STACKED_HELP, "warning"),
  ];
  const at = [sarifLocation(check.name, check.line, check.column)];
  const who = chainWho(check.report);
  const results = [
    ...check.result.assertions
      .filter((a) => !a.ok)
      .map((a) => ({ ruleId: a.limit, ruleIndex: 0, level: "error", message: { text: `${who}: ${limitText(a)} broken: ${amplificationDetail(check.report, a)}` }, locations: at })),
    ...check.result.warnings.map((w) => ({ ruleId: w.lint, ruleIndex: 1, level: check.strict ? "error" : "warning", message: { text: `${who}: ${w.lint}: ${stackedRetriesText(w)}` }, locations: at })),
  ];
  return sarifLog(version, rules, results, check.exitCode);
}

/** JUnit XML: one testsuite (the file), a testcase per limit (failing when broken) and per warning (failing under --strict). */
export function chainCheckJunit(check: PlacedChainCheck): string {
  const who = chainWho(check.report);
  const cases: JunitCase[] = check.result.assertions.map((a) => {
    const detail = amplificationDetail(check.report, a);
    return { name: `${who}: ${limitText(a)}`, line: check.line, ...(a.ok ? { out: detail } : { failure: { type: a.limit, message: `${a.limit} broken: ${detail}` } }) };
  });
  for (const w of check.result.warnings) {
    const text = `${w.lint}: ${stackedRetriesText(w)}`;
    cases.push({ name: `${who}: ${w.lint}`, line: check.line, ...(check.strict ? { failure: { type: w.lint, message: text } } : { out: `warning: ${text}` }) });
  }
  if (cases.length === 0) cases.push({ name: who, line: check.line, out: "no limits given" });
  return junitDocument(new Map([[check.name, cases]]));
}

/** GitLab Code Quality: an issue per broken limit (major) and per warning (minor; major under --strict). */
export function chainCheckGitlab(check: PlacedChainCheck): string {
  const who = chainWho(check.report);
  const issues = [
    ...check.result.assertions
      .filter((a) => !a.ok)
      .map((a) => gitlabIssue(a.limit, `${who}: ${limitText(a)} broken: ${amplificationDetail(check.report, a)}`, "major", check.name, check.line, "chain")),
    ...check.result.warnings.map((w) => gitlabIssue(w.lint, `${who}: ${w.lint}: ${stackedRetriesText(w)}`, check.strict ? "major" : "minor", check.name, check.line, "chain")),
  ];
  return `${JSON.stringify(issues, null, 2)}\n`;
}

export function chainCheckLines(name: string, report: ChainReport, result: ChainCheckResult, strict: boolean, paint: Paint = PLAIN, width: number | null = null): string[] {
  const lines: string[] = [];
  const push = (line: string, painted: (text: string) => string = (text) => text, hang = 4) => {
    for (const part of wrapLine(line, width, hang)) lines.push(painted(part));
  };
  const count = report.layers.length;
  push(`${name}: a chain of ${count} layer${count === 1 ? "" : "s"}, outermost first: ${layerNames(report)}`, undefined, 2);
  for (const a of result.assertions) push(`  ${a.ok ? "✓" : "✗"} ${limitText(a)}: ${amplificationDetail(report, a)}`, a.ok ? paint.ok : paint.bad);
  if (result.assertions.length === 0) push('  no limits given (--max-amplification or "assert" in the config)', undefined, 2);
  for (const w of result.warnings) {
    push(`  ⚠ stacked-retries: ${stackedRetriesText(w)}`, paint.warn);
  }
  const broken = result.assertions.filter((a) => !a.ok).length;
  const warnings = result.warnings.length;
  const warningCount = `${warnings} warning${warnings === 1 ? "" : "s"}`;
  const held = result.assertions.length === 0 ? "no limits checked" : "the limit holds";
  if (broken > 0) push(`✗ the limit is broken${warnings === 0 ? "" : `; ${warningCount}`}`, paint.bad, 2);
  else if (strict && warnings > 0) push(`✗ ${held}, but ${warningCount} fail${warnings === 1 ? "s" : ""} under --strict`, paint.bad, 2);
  else push(`✓ ${held}${warnings === 0 ? "" : `; ${warningCount}`}`, paint.ok, 2);
  return lines;
}

export function chainCheckJson(name: string, report: ChainReport, result: ChainCheckResult, exitCode: number): string {
  return `${jsonText(
    {
      file: name,
      chain: report.layers.map((layer, k) => ({ layer: k + 1, policy: layer.layer.name, tries: layer.tries, retries: layer.retries, worst_case_calls: layer.worstCaseCalls })),
      assertions: result.assertions.map((a) => ({ limit: a.limit, limit_value: a.limitValue, actual: a.actual, ok: a.ok })),
      warnings: result.warnings.map((w) => ({ lint: w.lint, layers: w.layers.map((k) => k + 1) })),
      exit_code: exitCode,
    },
    2,
  )}\n`;
}
