import { CHAIN_RULES, POLICY_RULES, type Rule } from "../../../core/check-report/rules.js";
import { type PlacedChainCheck, amplificationDetail, chainLimitText, chainWho, stackedRetriesText } from "../../../core/check-report/chain.js";
import { type Finding, findingFails } from "../../../core/check-report/finding.js";
import type { FilesReport } from "../../../core/check-report/files-report.js";
import { findingText } from "../../../core/check-report/words.js";
import type { AtLinesCheckRenderer } from "../../renderer.js";

/**
 * The check report as SARIF 2.1.0 (OASIS), as GitHub code scanning and other viewers read it:
 * one result per finding at its line and column (a broken limit and an invalid policy are
 * errors, a lint a warning or an error where it fails, a limit the file cannot decide and a
 * retry limit found notes), the rules of every limit and lint, and the files skipped or read
 * leniently as the tool's notifications. Paths are relative to %SRCROOT%, the directory the
 * check ran in.
 */
export const renderer: AtLinesCheckRenderer = {
  atLines: true,
  render: (report, context) => ({ pieces: [filesReportSarif(report, context.version)] }),
  renderChain: (chain, context) => ({ pieces: [chainCheckSarif(chain, context.version)] }),
};

/** A path as a SARIF URI reference: each segment percent-encoded, "/" between them. */
function uri(file: string): string {
  return file.split("/").map(encodeURIComponent).join("/");
}

/** A SARIF location: the file relative to %SRCROOT%, and the place in it when known. */
function sarifLocation(file: string, line: number | null, column: number | null): Record<string, unknown> {
  return {
    physicalLocation: {
      artifactLocation: { uri: uri(file), uriBaseId: "%SRCROOT%" },
      ...(line === null ? {} : { region: { startLine: line, startColumn: column ?? 1 } }),
    },
  };
}

/** A SARIF rule: its id, a name in PascalCase, what it checks, its default level. */
function sarifRule(rule: Rule): Record<string, unknown> {
  return {
    id: rule.id,
    name: rule.id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase()),
    shortDescription: { text: rule.short },
    fullDescription: { text: rule.help },
    defaultConfiguration: { level: rule.level },
  };
}

/** The SARIF 2.1.0 document around one run of backoff: its rules, results, exit code and notifications. */
function sarifLog(version: string, rules: readonly Rule[], results: readonly object[], exitCode: number, notifications: readonly object[] = []): string {
  const doc = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "backoff", semanticVersion: version, version, rules: rules.map(sarifRule) } },
        invocations: [{ executionSuccessful: true, exitCode, toolExecutionNotifications: notifications }],
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** What a finding says in SARIF, after the policy it is about. */
function resultText(f: Finding): string {
  const who = f.policy === null ? "" : `${f.policy.name} (${f.policy.systemLabel}): `;
  switch (f.kind) {
    case "invalid-policy":
      return `${who}${f.rule === "invalid-policy" ? "invalid policy: " : ""}${f.message}`;
    case "not-computable":
      return `${who}${f.rule} not computable: ${f.message}`;
    case "limit":
      return `${who}${f.rule} broken: ${f.message}`;
    case "lint":
      return `${who}${findingText(f)}`;
    default:
      return f.message;
  }
}

/** Other places a finding rests on: the timeouts a lint about the deadline read, the policies a retry limit governs. */
function relatedLocations(f: Finding): Record<string, unknown>[] {
  if (f.timeouts !== undefined) {
    return f.timeouts
      .filter((t) => t.line !== null)
      .map((t, id) => ({ id, ...sarifLocation(f.location.file, t.line, t.column), message: { text: `${t.role === "deadline" ? "the deadline" : "the try time"}: ${t.field}` } }));
  }
  const found = f.retryLimit;
  if (found === undefined || found.limit.overridden !== undefined) return [];
  return found.governs.map((g, id) => ({ id, ...sarifLocation(g.file, g.line, g.column), message: { text: `governed: ${g.name}` } }));
}

/** `check PATH…` (and `check --config FILE`, at the file's lines) as SARIF. */
export function filesReportSarif(report: FilesReport, version: string): string {
  const ruleIds = POLICY_RULES.map((rule) => rule.id);
  const results: Record<string, unknown>[] = [];
  const notifications: Record<string, unknown>[] = [];
  for (const f of report.findings) {
    const locations = [sarifLocation(f.location.file, f.location.line, f.location.column)];
    if (f.kind === "skipped" || f.kind === "read-leniently") {
      notifications.push({ level: f.level, message: { text: `${f.kind === "skipped" ? "skipped" : "read leniently"}: ${f.message}` }, locations });
      continue;
    }
    const related = relatedLocations(f);
    results.push({
      ruleId: f.rule,
      ruleIndex: ruleIds.indexOf(f.rule),
      level: findingFails(f, report.strict) ? "error" : f.level,
      message: { text: resultText(f) },
      locations,
      // The policy's count, as the JSON report gives it (SARIF's property bag).
      ...(f.kind === "limit" || f.kind === "lint" ? { properties: f.policy!.count } : {}),
      ...(related.length === 0 ? {} : { relatedLocations: related }),
    });
  }
  // Files skipped, then files read leniently, as the findings list them.
  return sarifLog(version, POLICY_RULES, results, report.exitCode, notifications);
}

/** A chain's check as SARIF: a result per broken limit (error) and per warning (warning; error under strictness), at the "chain" key. */
export function chainCheckSarif(check: PlacedChainCheck, version: string): string {
  const at = [sarifLocation(check.name, check.line, check.column)];
  const who = chainWho(check.report);
  const results = [
    ...check.result.assertions
      .filter((a) => !a.ok)
      .map((a) => ({ ruleId: a.limit, ruleIndex: 0, level: "error", message: { text: `${who}: ${chainLimitText(a)} broken: ${amplificationDetail(check.report, a)}` }, locations: at })),
    ...check.result.warnings.map((w) => ({ ruleId: w.lint, ruleIndex: 1, level: check.strict ? "error" : "warning", message: { text: `${who}: ${w.lint}: ${stackedRetriesText(w)}` }, locations: at })),
  ];
  return sarifLog(version, CHAIN_RULES, results, check.exitCode);
}
