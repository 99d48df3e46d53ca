import type { PlacedChainCheck } from "../../../core/check-report/chain.js";
import { chainLimitText, amplificationDetail, layerNames, stackedRetriesText } from "../../../core/check-report/chain.js";
import type { ConfigReport, PolicyReport } from "../../../core/check-report/config-report.js";
import { type Finding, findingFails } from "../../../core/check-report/finding.js";
import { type FilesReport, findingsByPolicy } from "../../../core/check-report/files-report.js";
import { type DisabledReport, type FilePolicyReport, assumedText, retriesForever } from "../../../core/check-report/policy.js";
import type { ScanLimit } from "../../../core/check-report/retry-limit.js";
import { assertionLine, bestWithTriesText, countText, deadlineName, findingText, limitGovernsText, limitPlaceText, plural, triesText, warningText } from "../../../core/check-report/words.js";
import { retryOnText } from "../../../core/conditions/condition.js";
import { humanDuration } from "../../../core/text/duration.js";
import type { AnyCheckRenderer, RenderContext } from "../../renderer.js";
import { printable, printableLine } from "../../printable.js";
import { wrapLine } from "../../wrap.js";

/** How the text report is painted: green what holds, red what fails, yellow warnings. */
export interface Paint {
  readonly ok: (text: string) => string;
  readonly bad: (text: string) => string;
  readonly warn: (text: string) => string;
}

export const PLAIN: Paint = { ok: (t) => t, bad: (t) => t, warn: (t) => t };

/** Green, red and yellow on an output that takes colour; chalk is not loaded otherwise. */
async function paintOf(context: RenderContext): Promise<Paint> {
  const chalk = context.colored ? await context.paint() : null;
  return chalk === null ? PLAIN : { ok: chalk.green, bad: chalk.red, warn: chalk.yellow };
}

/** The check report for people: a line per limit and warning, then the verdict. */
export const renderer: AnyCheckRenderer = {
  async render(check, context) {
    const paint = await paintOf(context);
    const lines = check.kind === "config" ? configReportLines(check.report, paint, context.width) : filesReportLines(check.report, paint, context.width);
    return { pieces: [`${lines.join("\n")}\n`] };
  },
  async renderChain(chain, context) {
    return { pieces: [`${chainCheckLines(chain, await paintOf(context), context.width).join("\n")}\n`] };
  },
};

/**
 * A line of the report wrapped, each physical line made printable: names from files (a file's
 * own, a policy's, a route's, a chain layer's) have their control characters escaped, and no
 * line begins with `::`, a GitHub workflow command (issue 38, item 4).
 */
function safeLines(line: string, width: number | null, hang: number): string[] {
  // Escaped before it is wrapped, so the width is that of the line printed; each part kept from beginning with `::`.
  return wrapLine(printable(line), width, hang).map(printableLine);
}

/** A line pusher: a longer line wraps at spaces (a long path after a slash), its continuation indented by `hang`; each physical line painted on its own. */
function lineWriter(lines: string[], width: number | null, defaultHang: number) {
  return (line: string, painted: (text: string) => string = (text) => text, hang = defaultHang) => {
    for (const part of safeLines(line, width, hang)) lines.push(painted(part));
  };
}

/**
 * `check PATH…` for people: grouped by file, the files with a failure first. With a `width`,
 * a longer line wraps at spaces, its continuation indented under the text after the mark.
 */
export function filesReportLines(report: FilesReport, paint: Paint = PLAIN, width: number | null = null): string[] {
  const lines: string[] = [];
  const push = lineWriter(lines, width, 2);
  const byPolicy = findingsByPolicy(report);
  const fails = (index: number) => byPolicy[index]!.some((f) => findingFails(f, report.strict));
  // The repository config read (.backoff.yaml, or --config FILE beside PATH) comes first: what the limits and levels below come from.
  if (report.config !== undefined) push(`config: ${report.config}`);
  for (const group of byFile(report, fails)) {
    push(group.file);
    for (const invalid of group.invalid) {
      const mark = invalid.suppression === undefined && invalid.baselined !== true ? "✗" : "–";
      const [first, ...rest] = safeLines(`  ${mark} ${invalid.policy!.name} (${invalid.policy!.systemLabel}, line ${invalid.location.line}:${invalid.location.column}): ${invalid.rule === "invalid-policy" ? "invalid policy: " : ""}${invalid.message}${suppressedText(invalid)}`, width, 4);
      lines.push(`  ${mark === "✗" ? paint.bad(mark) : mark}${first!.slice(3)}`, ...rest);
    }
    for (const index of group.policies) {
      const policy = report.policies[index]!;
      const bad = fails(index);
      const mark = bad ? "✗" : "✓";
      const [first, ...rest] = safeLines(`  ${mark} ${policy.name} (${policy.systemLabel}, line ${policy.line}:${policy.column})`, width, 2);
      lines.push(`  ${(bad ? paint.bad : paint.ok)(mark)}${first!.slice(3)}`, ...rest);
      push(`    ${scheduleSummary(policy)}`);
      if (policy.note !== null) push(`    ${policy.note}`);
      if (policy.retryOn !== undefined) push(`    ${retryOnText(policy.retryOn)}`);
      // The values its check assumed, as the file does not set them (issue 36, item 4).
      if (policy.assumed !== undefined) push(`    assumed: ${policy.assumed.map(assumedText).join("; ")}`);
      for (const l of policy.limits ?? []) push(`    retry limit: ${limitPlaceText(l)}`);
      const indent = "    ";
      for (const a of policy.result.assertions) {
        const suppressed = byPolicy[index]!.find((f) => f.rule === a.limit && (f.suppression !== undefined || f.baselined === true));
        // A broken limit the rules lower to a warning is marked as one (⚠), as the verdict counts it.
        const lowered = !a.ok && a.computable !== false && byPolicy[index]!.some((f) => f.kind === "limit" && f.rule === a.limit && f.level === "warning");
        const painted = a.computable === false || suppressed !== undefined || lowered ? paint.warn : a.ok ? paint.ok : paint.bad;
        for (const part of safeLines(indent + assertionLine(a, policy, lowered) + (suppressed === undefined ? "" : suppressedText(suppressed)), width, 2)) lines.push(indent + painted(part.slice(indent.length)));
      }
      for (const f of byPolicy[index]!) {
        if (f.kind !== "lint") continue;
        // A lint the rules raise to an error is marked as one (✗), unless a suppression or the baseline keeps it from failing.
        const erred = f.level === "error" && f.suppression === undefined && f.baselined !== true;
        for (const part of safeLines(`${indent}${erred ? "✗" : "⚠"} ${f.rule}: ${findingText(f)}${suppressedText(f)}`, width, 2)) lines.push(indent + (erred ? paint.bad : paint.warn)(part.slice(indent.length)));
      }
    }
    for (const d of group.disabled) push(`  – ${d.name} (${d.systemLabel}, line ${d.line}:${d.column}): retries switched off, nothing to check`);
    for (const { limit: l, governs } of group.limits) push(`  – ${l.source} (${l.systemLabel}, line ${l.line}:${l.column}): retry limit: ${l.text}; ${limitGovernsText(l, governs)}`, undefined, 4);
    for (const f of group.suppressions) push(`  ⚠ ${f.rule} (line ${f.location.line}:${f.location.column}): ${f.message}`, paint.warn, 4);
  }
  if (report.baseline !== undefined) {
    // The findings the baseline records fail nothing; said once, with those recorded and now gone.
    const b = report.baseline;
    push(`baseline ${b.file}: ${plural(b.recorded, "finding")} recorded, ${b.matched} still found (not failing), ${b.gone} gone`);
  }
  push(filesVerdict(report), report.exitCode === 0 ? paint.ok : paint.bad);
  return lines;
}

/** What a finding that fails nothing adds to its line: a suppression's comment and reason, or the baseline that records it. */
function suppressedText(f: Finding): string {
  if (f.suppression === undefined) return f.baselined === true ? " (in the baseline)" : "";
  return ` (suppressed at line ${f.suppression.line}: ${f.suppression.reason ?? "no reason given"})`;
}

/** The last line of `check PATH…`'s text: what broke or held, how many policies in how many files, what else was found. */
function filesVerdict(report: FilesReport): string {
  // A finding suppressed in its file is counted apart: it fails nothing.
  const shown = report.findings.filter((f) => f.suppression === undefined && f.baselined !== true);
  const suppressed = report.findings.filter((f) => f.suppression !== undefined).length;
  const baselinedLimits = report.findings.filter((f) => f.kind === "limit" && f.baselined === true).length;
  const count = (kind: Finding["kind"]) => shown.filter((f) => f.kind === kind).length;
  const limits = report.policies.reduce((n, p) => n + p.result.assertions.length, 0);
  // A limit a repository config lowers to a warning is counted among the warnings.
  const broken = shown.filter((f) => f.kind === "limit" && f.level === "error").length;
  const warnings = count("lint") + count("limit") - broken + count("suppression");
  const uncomputable = count("not-computable");
  const unknownKeys = shown.filter((f) => f.kind === "invalid-policy" && f.rule === "unknown-key").length;
  const unreadable = shown.filter((f) => f.kind === "invalid-policy" && f.rule === "unreadable").length;
  const invalid = count("invalid-policy") - unknownKeys - unreadable;
  // Invalid policies are policies found (and not checked); a key its system does not define, or a file that cannot be parsed, is no policy.
  const policies = report.policies.length + report.findings.filter((f) => f.kind === "invalid-policy" && f.rule !== "unknown-key" && f.rule !== "unreadable").length;
  const files = new Set([...report.policies.map((p) => p.file), ...report.disabled.map((d) => d.file), ...report.invalid.filter((i) => i.rule !== "unreadable").map((i) => i.file)]).size;
  const found = policies === 0 && report.disabled.length === 0 ? `no retry policy found in ${plural(report.filesScanned, "file")}` : `${plural(policies, "policy", "policies")} in ${plural(files, "file")}`;
  const extras = [
    ...(uncomputable > 0 ? [`${plural(uncomputable, "limit")} not computable (waits decided by code)`] : []),
    ...(warnings > 0 ? [plural(warnings, "warning")] : []),
    ...(report.skipped.length > 0 ? [`${report.skipped.length} skipped`] : []),
    ...(report.lenient.length > 0 ? [`${report.lenient.length} read leniently`] : []),
  ];
  // Retry limits are found, never failed: in the tail, never among what fails under strictness.
  const links = report.linksNotFollowed;
  const noted = [...(report.limits.length > 0 ? [plural(report.limits.length, "retry limit")] : []), ...extras, ...(suppressed > 0 ? [`${suppressed} suppressed`] : []), ...(links > 0 ? [`${plural(links, "link")} not followed`] : [])];
  const tail = noted.length === 0 ? "" : `; ${noted.join(", ")}`;
  // Limits broken but accepted: lowered to warnings by a repository config's rules, or suppressed in the file.
  const lowered = count("limit") - broken;
  const suppressedLimits = report.findings.filter((f) => f.kind === "limit" && f.suppression !== undefined).length;
  const accepted = [...(lowered > 0 ? ["a warning by the config's rules"] : []), ...(suppressedLimits > 0 ? ["suppressed"] : []), ...(baselinedLimits > 0 ? ["in the baseline"] : [])];
  const held =
    limits === 0 ? "no limits broken"
    : accepted.length > 0 ? `${lowered + suppressedLimits + baselinedLimits} of ${plural(limits, "limit")} broken (${accepted.join(", ")})`
    : limits === 1 ? "the limit holds"
    : `all ${limits} limits hold`;
  if (broken > 0 || invalid > 0 || unknownKeys > 0 || unreadable > 0) {
    const wrong = [
      ...(unreadable > 0 ? [plural(unreadable, "unreadable file")] : []),
      ...(invalid > 0 ? [plural(invalid, "invalid policy", "invalid policies")] : []),
      ...(unknownKeys > 0 ? [plural(unknownKeys, "unknown key")] : []),
      ...(broken > 0 ? [`${broken} of ${plural(limits, "limit")} broken`] : []),
    ];
    return `✗ ${wrong.join(", ")}, ${found}${tail}`;
  }
  if (report.exitCode !== 0 && !report.strict) {
    // Without strictness only a lint raised to an error fails.
    const erred = shown.filter((f) => (f.kind === "lint" || f.kind === "suppression") && f.level === "error").map((f) => f.rule);
    return `✗ ${held}, but ${plural(erred.length, "warning")} ${erred.length === 1 ? "is an error" : "are errors"} (${[...new Set(erred)].join(", ")}; ${found})`;
  }
  // "1 warning fails", "2 warnings fail", "1 warning and 1 skipped fail".
  const one = extras.length === 1 && extras[0]!.startsWith("1 ");
  if (report.exitCode !== 0) return `✗ ${held}, but ${extras.join(" and ")} fail${one ? "s" : ""} ${report.words.strictly} (${found})`;
  return `✓ ${limits === 0 ? `no limits given (${report.words.limits})` : held}, ${found}${tail}`;
}

/** A figure that may have no bound (a policy that retries forever). */
function boundText(ms: number | null): string {
  return ms === null ? "no bound" : humanDuration(ms);
}

/** "6 retries: worst-case total 2 min 6 s, best case 2 min 6 s, largest delay 1 min 4 s (attempt 6), no jitter". */
export function scheduleSummary(report: FilePolicyReport): string {
  const r = report.result;
  if (r.waitsUnknown === true) return `${retriesForever(report) ? "retries forever" : plural(report.attempts, "retry", "retries")}: waits not computable from the file`;
  const tries = report.attemptTimeMs > 0 ? `with ${triesText(report)}` : null;
  // The deadline ends every run sooner than the schedule would: its totals, and the schedule's beside them.
  const ends = `${deadlineName(report.timeouts)} ends every run`;
  const cut = r.scheduleTotals;
  const worstNotes = cut !== undefined && cut.worstMs !== r.worstTotalMs ? [`${ends}; the schedule alone: ${boundText(cut.worstMs)}${tries === null ? "" : `, ${tries}`}`] : tries === null ? [] : [tries];
  // The best case is a true lower bound (tries that fail at once); with a try time, the case of tries that take it beside it.
  // When the deadline ends even the run whose tries fail at once, it ends every run: the waits alone are beside it.
  const bestCut = cut !== undefined && cut.bestMs !== r.bestTotalMs;
  const withTries = bestWithTriesText(r.bestWithTriesMs, r.bestWithTriesCut === true, report);
  const bestNotes = bestCut ? [`${ends}, even when tries fail at once: the waits alone take ${boundText(cut.bestMs)}`] : withTries === "" ? [] : [withTries.slice(2, -1)];
  const noted = (notes: readonly string[]) => (notes.length === 0 ? "" : ` (${notes.join("; ")})`);
  return (
    `${retriesForever(report) ? "retries forever" : countText(report.attempts, report.terms)}: worst-case total ${boundText(r.worstTotalMs)}${noted(worstNotes)}, ` +
    `best case ${boundText(r.bestTotalMs)}${noted(bestNotes)}, largest delay ${boundText(r.worstDelayMs)} (attempt ${r.worstDelayAttempt ?? "none"}), ` +
    `${report.jittered ? "jittered" : "no jitter"}`
  );
}

/** A file of the text report: its invalid policies (findings), its policies (indices), those switched off, its retry limits. */
interface FileGroup {
  readonly file: string;
  readonly invalid: Finding[];
  readonly policies: number[];
  readonly disabled: DisabledReport[];
  readonly limits: ScanLimit[];
  /** The findings about its inline suppressions (one without a reason, one unused). */
  readonly suppressions: Finding[];
  failed: boolean;
}

/** Files in the order found, those with a failure first; in a file, failing policies first. */
function byFile(report: FilesReport, fails: (index: number) => boolean): FileGroup[] {
  const files = new Map<string, FileGroup>();
  const group = (file: string) => {
    let entry = files.get(file);
    if (entry === undefined) {
      entry = { file, invalid: [], policies: [], disabled: [], limits: [], suppressions: [], failed: false };
      files.set(file, entry);
    }
    return entry;
  };
  report.policies.forEach((policy, index) => {
    const entry = group(policy.file);
    entry.policies.push(index);
    if (fails(index)) entry.failed = true;
  });
  for (const disabled of report.disabled) group(disabled.file).disabled.push(disabled);
  for (const finding of report.findings) {
    if (finding.kind === "suppression") {
      const entry = group(finding.location.file);
      entry.suppressions.push(finding);
      if (findingFails(finding, report.strict)) entry.failed = true;
    }
    if (finding.kind !== "invalid-policy") continue;
    const entry = group(finding.location.file);
    entry.invalid.push(finding);
    if (finding.suppression === undefined) entry.failed = true;
  }
  for (const limit of report.limits) group(limit.limit.file).limits.push(limit);
  const list = [...files.values()];
  // Array.prototype.sort is stable: the order found survives within each half.
  for (const entry of list) entry.policies.sort((a, b) => Number(fails(b)) - Number(fails(a)));
  return list.sort((a, b) => Number(b.failed) - Number(a.failed));
}

/** A policy of `check --config` or flags: its name and count ("email (8 retries):"), or that it retries forever. */
function heading(report: PolicyReport): string {
  // Retrying forever has no count.
  if (retriesForever(report)) return `${report.name} (retries forever):`;
  return `${report.name} (${countText(report.attempts, report.terms).replace(" (", ", ").replace(/\)$/, "")}):`;
}

/**
 * `check --config FILE` (or flags) for people: one line per assertion and per warning, then
 * a verdict. With a `width`, a longer line wraps at spaces, its continuation indented under
 * the text after the mark ("✓ ", "⚠ "); each physical line is painted on its own.
 */
export function configReportLines(report: ConfigReport, paint: Paint = PLAIN, width: number | null = null): string[] {
  const lines: string[] = [];
  const push = lineWriter(lines, width, 2);
  let limits = 0;
  let broken = 0;
  let lowered = 0;
  let warnings = 0;
  const erred: string[] = [];
  for (const policy of report.policies) {
    const indent = policy.name === null ? "" : "  ";
    if (policy.name !== null) push(heading(policy));
    if (policy.terms) push(`${indent}${policy.terms.rule}.`);
    for (const a of policy.result.assertions) {
      limits++;
      // A limit a repository config's rules lower to a warning is counted among the warnings (as check PATH counts it).
      const isLowered = !a.ok && (policy.result.warningLimits ?? []).includes(a.limit);
      if (isLowered) lowered++;
      else if (!a.ok) broken++;
      // Marked as the verdict counts it: a broken limit lowered to a warning ⚠, a lint raised to an error ✗.
      push(indent + assertionLine(a, policy, isLowered), isLowered ? paint.warn : a.ok ? paint.ok : paint.bad);
    }
    if (policy.result.assertions.length === 0) push(`${indent}no limits given (${report.words.limits})`, undefined, 0);
    for (const w of policy.result.warnings) {
      warnings++;
      const isError = (policy.result.errorLints ?? []).includes(w.lint);
      if (isError) erred.push(w.lint);
      push(`${indent}${isError ? "✗" : "⚠"} ${w.lint}: ${warningText(w, policy.terms)}`, isError ? paint.bad : paint.warn);
    }
  }
  warnings += lowered;
  const warningCount = plural(warnings, "warning");
  const held =
    lowered > 0 ? `${lowered} of ${plural(limits, "limit")} broken (a warning by the config's rules)`
    : limits === 0 ? "no limits checked"
    : limits === 1 ? "the limit holds"
    : `all ${limits} limits hold`;
  const errorNames = [...new Set(erred)];
  const errorsNamed = errorNames.length === 0 ? "" : ` (${errorNames.join(", ")} ${errorNames.length === 1 ? "is an error" : "are errors"})`;
  if (broken > 0) push(`✗ ${broken} of ${plural(limits, "limit")} broken${warnings === 0 ? "" : `; ${warningCount}${errorsNamed}`}`, paint.bad);
  else if (report.strict && warnings > 0) push(`✗ ${held}, but ${warningCount} fail${warnings === 1 ? "s" : ""} ${report.words.strictly}`, paint.bad);
  else if (erred.length > 0) push(`✗ ${held}, but ${plural(erred.length, "warning")} ${erred.length === 1 ? "is an error" : "are errors"} (${[...new Set(erred)].join(", ")})`, paint.bad);
  else push(`✓ ${held}${warnings === 0 ? "" : `; ${warningCount}`}`, paint.ok);
  return lines;
}

/** `check --config FILE` on a chain, for people: the layers, the limit, the stacked-retries warning, the verdict. */
export function chainCheckLines(check: PlacedChainCheck, paint: Paint = PLAIN, width: number | null = null): string[] {
  const { report, result } = check;
  const lines: string[] = [];
  const push = lineWriter(lines, width, 4);
  const count = report.layers.length;
  push(`${check.name}: a chain of ${plural(count, "layer")}, outermost first: ${layerNames(report)}`, undefined, 2);
  for (const a of result.assertions) push(`  ${a.ok ? "✓" : "✗"} ${chainLimitText(a)}: ${amplificationDetail(report, a)}`, a.ok ? paint.ok : paint.bad);
  if (result.assertions.length === 0) push(`  no limits given (${check.words.limits})`, undefined, 2);
  for (const w of result.warnings) push(`  ⚠ stacked-retries: ${stackedRetriesText(w)}`, paint.warn);
  const broken = result.assertions.filter((a) => !a.ok).length;
  const warnings = result.warnings.length;
  const warningCount = plural(warnings, "warning");
  const held = result.assertions.length === 0 ? "no limits checked" : "the limit holds";
  if (broken > 0) push(`✗ the limit is broken${warnings === 0 ? "" : `; ${warningCount}`}`, paint.bad, 2);
  else if (check.strict && warnings > 0) push(`✗ ${held}, but ${warningCount} fail${warnings === 1 ? "s" : ""} ${check.words.strictly}`, paint.bad, 2);
  else push(`✓ ${held}${warnings === 0 ? "" : `; ${warningCount}`}`, paint.ok, 2);
  return lines;
}
