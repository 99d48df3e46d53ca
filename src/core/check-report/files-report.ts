import { type Finding, findingsExitCode } from "./finding.js";
import { invalidFinding, lenientFinding, policyFindings, retryLimitFinding, skippedFinding } from "./findings.js";
import type { DisabledReport, FilePolicyReport, InvalidReport, LenientReport, SkippedReport } from "./policy.js";
import type { ScanLimit } from "./retry-limit.js";
import type { SwitchWords } from "./terms.js";
import { type LevelOf, findingsAtLevels, policyAtLevels } from "./rule-levels.js";
import { type SuppressionComment, SuppressionUse } from "./suppressions.js";
import { type BaselineEntry, type BaselineUse, applyBaseline } from "./baseline.js";

/** What `check PATH…` found in the files it read, as the command gathers it. */
export interface FoundInFiles {
  readonly policies: readonly FilePolicyReport[];
  readonly disabled: readonly DisabledReport[];
  readonly invalid: readonly InvalidReport[];
  readonly skipped: readonly SkippedReport[];
  /** Files read leniently (read/yaml.ts). */
  readonly lenient: readonly LenientReport[];
  /** Every retry limit found, with the policies it governs. */
  readonly limits: readonly ScanLimit[];
  /** Symbolic links out of a directory searched, not followed (discover.ts). */
  readonly linksNotFollowed: number;
  /** Files read (parsed or passed over after a look at their text). */
  readonly filesScanned: number;
  /** Every inline suppression in the files read, in order (the policies and invalid ones carry those that apply to them). */
  readonly suppressions?: readonly SuppressionComment[];
}

/** The report of `check PATH…` that every check format renders: what was found, its findings, and the exit code they give. */
export interface FilesReport extends FoundInFiles {
  /**
   * Every finding, in the order the reports list them: invalid policies, each checked
   * policy's (its limits, then its lints), files skipped, files read leniently, retry limits.
   */
  readonly findings: readonly Finding[];
  /** Whether warnings fail the check (the command's --strict). */
  readonly strict: boolean;
  /** What the reports say of the command's switches. */
  readonly words: SwitchWords;
  /** 1 when a finding fails the check, else 0. */
  readonly exitCode: 0 | 1;
  /** The repository config read (its name as the reports show it), when one was. */
  readonly config?: string;
  /** The baseline the findings were held against (--baseline), when one was. */
  readonly baseline?: BaselineUse;
}

/** What a repository config changes in a report: the file read, and the rules' levels in each file. */
export interface ReportSettings {
  readonly config?: string;
  readonly levelOf?: LevelOf;
  /** A baseline's file and entries: the findings it records fail nothing. */
  readonly baseline?: { readonly file: string; readonly entries: readonly BaselineEntry[] };
}

/** The report of what was found: its findings, and the exit code they give. */
export function filesReport(given: FoundInFiles, strict: boolean, words: SwitchWords, settings: ReportSettings = {}): FilesReport {
  const { levelOf } = settings;
  const found = levelOf === undefined ? given : { ...given, policies: given.policies.map((p) => policyAtLevels(p, levelOf)) };
  const atLevels = (list: Finding[]) => (levelOf === undefined ? list : findingsAtLevels(list, levelOf));
  // Each finding at its level first (one that is off suppresses nothing), then set off by the comments on its policy's lines.
  const use = new SuppressionUse();
  const own = (list: Finding[], comments: readonly SuppressionComment[] | undefined) => atLevels(list).map((f) => use.apply(f, comments));
  const all = [
    ...found.invalid.flatMap((i) => own([invalidFinding(i)], i.suppressions)),
    ...found.policies.flatMap((policy, index) => own(policyFindings(policy, index), policy.suppressions)),
    ...atLevels([...found.skipped.map(skippedFinding), ...found.lenient.map(lenientFinding), ...found.limits.map(retryLimitFinding)]),
  ];
  const found2 = [...all, ...atLevels(use.findings(found.suppressions ?? []))];
  const base = settings.baseline === undefined ? null : applyBaseline(found2, settings.baseline.entries);
  const findings = base === null ? found2 : base.findings;
  return {
    ...found,
    findings,
    strict,
    words,
    exitCode: findingsExitCode(findings, strict),
    ...(settings.config === undefined ? {} : { config: settings.config }),
    ...(base === null ? {} : { baseline: { file: settings.baseline!.file, recorded: settings.baseline!.entries.length, matched: base.matched, gone: base.gone } }),
  };
}

/** Each checked policy's findings, by its index in the report's policies. */
export function findingsByPolicy(report: Pick<FilesReport, "policies" | "findings">): Finding[][] {
  const byPolicy = report.policies.map((): Finding[] => []);
  for (const finding of report.findings) if (finding.policy?.index !== undefined) byPolicy[finding.policy.index]!.push(finding);
  return byPolicy;
}
