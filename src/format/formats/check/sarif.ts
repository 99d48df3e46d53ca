import { CHAIN_RULES, POLICY_RULES, type Rule, type ToolRelease, ruleDocUrl } from "../../../core/check-report/rules.js";
import { type PlacedChainCheck, amplificationDetail, chainLimitText, chainWho, stackedRetriesText } from "../../../core/check-report/chain.js";
import { type Finding, findingFails, findingIdentity, fingerprint } from "../../../core/check-report/finding.js";
import type { FilesReport } from "../../../core/check-report/files-report.js";
import { findingText } from "../../../core/check-report/words.js";
import { retryOnData } from "../../../core/conditions/condition.js";
import type { AtLinesCheckRenderer, SourceRoot } from "../../renderer.js";

/**
 * The check report as SARIF 2.1.0 (OASIS), as GitHub code scanning and other viewers read it:
 * one result per finding at its line and column (a broken limit and an invalid policy are
 * errors, a lint a warning or an error where it fails, a limit the file cannot decide and a
 * retry limit found notes), the rules of every limit and lint with their help (what each
 * checks, why, how to fix it, the documentation), and the files skipped or read leniently as
 * the tool's notifications. Paths are relative to %SRCROOT%, the repository's root
 * (`originalUriBaseIds` gives it), whatever directory the check ran in; each result carries
 * a partial fingerprint of its finding's identity (finding.ts), so that a policy moved within
 * its file stays the same alert.
 */
export const renderer: AtLinesCheckRenderer = {
  atLines: true,
  render: (report, context) => ({ pieces: [filesReportSarif(report, releaseOf(context), context.sourceRoot)] }),
  renderChain: (chain, context) => ({ pieces: [chainCheckSarif(chain, releaseOf(context), context.sourceRoot)] }),
};

/** The release a context names: backoff's version and repository. */
const releaseOf = (context: ToolRelease): ToolRelease => ({ version: context.version, repository: context.repository });

/** The key of backoff's partial fingerprint: the identity's hash, version 1 of its recipe (GitHub keys its own primaryLocationLineHash so). */
export const FINGERPRINT_KEY = "backoffFindingIdentity/v1";

/** A path as a SARIF URI reference: each segment percent-encoded, "/" between them. */
function uri(file: string): string {
  return file.split("/").map(encodeURIComponent).join("/");
}

/**
 * A file named from the working directory, named from %SRCROOT%: a URI reference relative to
 * it, or, for a file outside the repository, an absolute file URI (no base). Without a root
 * known, the working directory stands for it.
 */
function artifactLocation(file: string, root: SourceRoot | undefined): { uri: string; uriBaseId?: string } {
  if (root === undefined) return { uri: uri(file), uriBaseId: SRCROOT };
  const absolute = new URL(uri(file), new URL(root.cwd, root.uri)).href;
  return absolute.startsWith(root.uri) ? { uri: absolute.slice(root.uri.length), uriBaseId: SRCROOT } : { uri: absolute };
}

const SRCROOT = "%SRCROOT%";

/** Places in files as SARIF gives them, from the repository's root. */
class Places {
  constructor(private readonly root: SourceRoot | undefined) {}

  /** A SARIF location: the file relative to %SRCROOT%, and the place in it when known. */
  location(file: string, line: number | null, column: number | null): Record<string, unknown> {
    return {
      physicalLocation: {
        artifactLocation: artifactLocation(file, this.root),
        ...(line === null ? {} : { region: { startLine: line, startColumn: column ?? 1 } }),
      },
    };
  }

  /** A finding's partial fingerprint: its identity with the file named from the root, so that the directory the check ran in changes nothing. */
  fingerprints(f: Finding): Record<string, string> {
    const file = decodeURIComponent(artifactLocation(f.location.file, this.root).uri);
    return { [FINGERPRINT_KEY]: fingerprint(findingIdentity({ ...f, location: { ...f.location, file } })) };
  }

  /** %SRCROOT%: the repository's root as an absolute file URI (what the viewer resolves the results' URIs against). */
  baseIds(): Record<string, unknown> {
    return { [SRCROOT]: this.root === undefined ? { description: { text: "The directory the check ran in." } } : { uri: this.root.uri, description: { text: "The repository's root." } } };
  }
}

/** A SARIF rule: its id, a name in PascalCase, what it checks, its help (what, why, how to fix, where the docs say more), its default level. */
function sarifRule(rule: Rule, release: ToolRelease): Record<string, unknown> {
  const doc = ruleDocUrl(rule, release);
  return {
    id: rule.id,
    name: rule.id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase()),
    shortDescription: { text: rule.short },
    fullDescription: { text: rule.help },
    help: {
      text: `${rule.help}\n\nWhy: ${rule.why}\n\nHow to fix: ${rule.fix}\n\nDocumentation: ${doc}`,
      markdown: `${rule.help}\n\n**Why.** ${rule.why}\n\n**How to fix.** ${rule.fix}\n\n[Documentation](${doc})`,
    },
    helpUri: doc,
    defaultConfiguration: { level: rule.level },
  };
}

/** The SARIF 2.1.0 document around one run of backoff: its rules, results, exit code and notifications. */
function sarifLog(release: ToolRelease, places: Places, rules: readonly Rule[], results: readonly object[], exitCode: number, notifications: readonly object[] = [], properties?: Record<string, unknown>): string {
  const doc = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "backoff", semanticVersion: release.version, version: release.version, rules: rules.map((rule) => sarifRule(rule, release)) } },
        invocations: [{ executionSuccessful: true, exitCode, toolExecutionNotifications: notifications }],
        originalUriBaseIds: places.baseIds(),
        columnKind: "utf16CodeUnits",
        results,
        ...(properties === undefined ? {} : { properties }),
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
function relatedLocations(f: Finding, places: Places): Record<string, unknown>[] {
  if (f.timeouts !== undefined) {
    return f.timeouts
      .filter((t) => t.line !== null)
      .map((t, id) => ({ id, ...places.location(f.location.file, t.line, t.column), message: { text: `${t.role === "deadline" ? "the deadline" : "the try time"}: ${t.field}` } }));
  }
  const found = f.retryLimit;
  if (found === undefined || found.limit.overridden !== undefined) return [];
  return found.governs.map((g, id) => ({ id, ...places.location(g.file, g.line, g.column), message: { text: `governed: ${g.name}` } }));
}

/** `check PATH…` (and `check --config FILE`, at the file's lines) as SARIF. */
export function filesReportSarif(report: FilesReport, release: ToolRelease, root?: SourceRoot): string {
  const places = new Places(root);
  const ruleIds = POLICY_RULES.map((rule) => rule.id);
  const results: Record<string, unknown>[] = [];
  const notifications: Record<string, unknown>[] = [];
  for (const f of report.findings) {
    const locations = [places.location(f.location.file, f.location.line, f.location.column)];
    if (f.kind === "skipped" || f.kind === "read-leniently") {
      notifications.push({ level: f.level, message: { text: `${f.kind === "skipped" ? "skipped" : "read leniently"}: ${f.message}` }, locations });
      continue;
    }
    const related = relatedLocations(f, places);
    results.push({
      ruleId: f.rule,
      ruleIndex: ruleIds.indexOf(f.rule),
      level: findingFails(f, report.strict) ? "error" : f.level,
      message: { text: resultText(f) },
      locations,
      partialFingerprints: places.fingerprints(f),
      // The policy's count, as the JSON report gives it, what it retries on, and what the finding rests on that the file does not set (SARIF's property bag).
      ...(f.kind === "limit" || f.kind === "lint"
        ? { properties: { ...f.policy!.count, ...(f.policy!.retryOn === undefined ? {} : { retryOn: retryOnData(f.policy!.retryOn) }), ...(f.assumed === undefined ? {} : { assumed: f.assumed }) } }
        : {}),
      ...(related.length === 0 ? {} : { relatedLocations: related }),
      // Held against a baseline (--baseline): "unchanged" for a finding it records, "new" for any other (SARIF 2.1.0 §3.27.24;
      // a baseline records no note or suppressed finding, so those are new too). Every result carries it then, none without one.
      ...(report.baseline === undefined ? {} : { baselineState: f.baselined === true ? "unchanged" : "new" }),
      // Set off by a comment in the file: code scanning shows it as suppressed, with the comment's reason.
      ...(f.suppression === undefined ? {} : { suppressions: [{ kind: "inSource", ...(f.suppression.reason === null ? {} : { justification: f.suppression.reason }), location: places.location(f.suppression.file, f.suppression.line, f.suppression.column) }] }),
    });
  }
  // Files skipped, then files read leniently, as the findings list them.
  // The recorded findings no longer found have no place left to point at (no "absent" results): counted in the run's property bag.
  const b = report.baseline;
  const baseline = b === undefined ? undefined : { baseline: { file: b.file, recorded: b.recorded, unchanged: b.matched, new: results.filter((r) => r["baselineState"] === "new").length, absent: b.gone } };
  return sarifLog(release, places, POLICY_RULES, results, report.exitCode, notifications, baseline);
}

/** A chain's check as SARIF: a result per broken limit (error) and per warning (warning; error under strictness), at the "chain" key. */
export function chainCheckSarif(check: PlacedChainCheck, release: ToolRelease, root?: SourceRoot): string {
  const places = new Places(root);
  const at = [places.location(check.name, check.line, check.column)];
  // One chain per file: its rule and file say which finding it is (as GitLab's fingerprint reads it).
  const fingerprints = (rule: string) => ({ [FINGERPRINT_KEY]: fingerprint(`${rule}\u0000${decodeURIComponent(artifactLocation(check.name, root).uri)}\u0000chain`) });
  const who = chainWho(check.report);
  const results = [
    ...check.result.assertions
      .filter((a) => !a.ok)
      .map((a) => ({ ruleId: a.limit, ruleIndex: 0, level: "error", message: { text: `${who}: ${chainLimitText(a)} broken: ${amplificationDetail(check.report, a)}` }, locations: at, partialFingerprints: fingerprints(a.limit) })),
    ...check.result.warnings.map((w) => ({ ruleId: w.lint, ruleIndex: 1, level: check.strict ? "error" : "warning", message: { text: `${who}: ${w.lint}: ${stackedRetriesText(w)}` }, locations: at, partialFingerprints: fingerprints(w.lint) })),
  ];
  return sarifLog(release, places, CHAIN_RULES, results, check.exitCode);
}
