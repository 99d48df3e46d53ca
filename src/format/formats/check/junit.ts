import { type PlacedChainCheck, amplificationDetail, chainLimitText, chainWho, stackedRetriesText } from "../../../core/check-report/chain.js";
import { type Finding, findingFails } from "../../../core/check-report/finding.js";
import { type FilesReport, findingsByPolicy } from "../../../core/check-report/files-report.js";
import type { FilePolicyReport } from "../../../core/check-report/policy.js";
import { assertionDetail, findingText, limitPlaceText, limitText } from "../../../core/check-report/words.js";
import { escapeXml } from "../../escape.js";
import { printable, xmlPrintable } from "../../printable.js";
import type { AtLinesCheckRenderer } from "../../renderer.js";

/**
 * The check report as JUnit XML, valid against Jenkins' junit-10.xsd (the xunit plugin's
 * schema, which the JUnit readers of GitLab, CircleCI and Azure Pipelines read too): a
 * <testsuite> per file, a <testcase> per limit of each policy (a <failure> when it is broken),
 * per invalid policy (a <failure>) and per warning (a <failure> where it fails, else a
 * <skipped> of type "warning", which every reader shows with its text: GitLab shows no output
 * of a passing case), a policy given no limit and no warning as one passing testcase, a limit
 * that needs waits the file does not decide as a <skipped> testcase, a skipped file as a
 * <skipped> testcase, a file read leniently (its YAML broke a rule the system's own reader
 * lets pass) as a passing testcase saying which, a retry limit found (a circuit breaker, a
 * retry budget) as a passing testcase with what it caps in <system-out>. classname is the file,
 * so CI pages group the cases by file; classname and name are one identity per testcase (a
 * second case of the same name in a file is numbered, " #2"). Each case's text starts with
 * its place, file:line:col, as every other format gives it: junit-10.xsd has no testcase
 * `file` or `line` (GitLab reads a testcase's `file`; it is left out, the deviation
 * docs/check-files.md names: the file is the classname and the testsuite's `file`).
 */
export const renderer: AtLinesCheckRenderer = {
  atLines: true,
  render: (report) => ({ pieces: [filesReportJunit(report)] }),
  renderChain: (chain) => ({ pieces: [chainCheckJunit(chain)] }),
};

interface JunitCase {
  readonly name: string;
  /** Where it points: file:line:col, or the file alone. */
  readonly at: string;
  readonly failure?: { readonly type: string; readonly message: string };
  readonly skipped?: { readonly type: string; readonly message: string };
  readonly out?: string;
}

/** A place as every format gives it: file:line:col, or the file alone where the place is not known. */
const placeText = (file: string, line: number | null, column: number | null) => (line === null ? file : `${file}:${line}:${column ?? 1}`);

/** A policy's cases: one per limit given (its finding where it breaks or cannot be decided), one per lint; its retry limits in the first case's output. */
function policyCases(p: FilePolicyReport, findings: readonly Finding[], strict: boolean): JunitCase[] {
  const who = `${p.name} (${p.systemLabel})`;
  const at = placeText(p.file, p.line, p.column);
  // A policy is checked against each limit once: its finding, if any, by the limit's name.
  const ofLimit = new Map(findings.filter((f) => f.kind === "limit" || f.kind === "not-computable").map((f) => [f.rule, f]));
  const cases: JunitCase[] = p.result.assertions.map((a) => {
    const found = ofLimit.get(a.limit);
    const base = { name: `${who}: ${limitText(a)}`, at };
    if (found === undefined) return { ...base, out: assertionDetail(a, p) };
    if (found.suppression !== undefined) return { ...base, skipped: { type: "suppressed", message: suppressedText(found) } };
    return found.kind === "not-computable"
      ? { ...base, skipped: { type: "not-computable", message: `${found.rule} not computable: ${found.message}` } }
      : { ...base, failure: { type: found.rule, message: `${found.rule} broken: ${found.message}` } };
  });
  for (const f of findings) {
    if (f.kind !== "lint") continue;
    const text = `${f.rule}: ${findingText(f)}`;
    if (f.suppression !== undefined) {
      cases.push({ name: `${who}: ${f.rule}`, at, skipped: { type: "suppressed", message: suppressedText(f) } });
      continue;
    }
    cases.push({ name: `${who}: ${f.rule}`, at, ...(findingFails(f, strict) ? { failure: { type: f.rule, message: text } } : { skipped: { type: "warning", message: `warning: ${text}` } }) });
  }
  if (cases.length === 0) cases.push({ name: who, at, out: "no limits given" });
  const limits = (p.limits ?? []).map((l) => `retry limit: ${limitPlaceText(l)}`);
  // The first case of the policy names its retry limits too.
  if (limits.length > 0) cases[0] = { ...cases[0]!, out: [cases[0]!.out, ...limits].filter((t) => t !== undefined).join("\n") };
  return cases;
}

/** A suppressed finding as a skipped testcase says it: the rule, what was found, and the comment's reason. */
function suppressedText(f: Finding): string {
  const reason = f.suppression!.reason === null ? "no reason given" : f.suppression!.reason;
  return `suppressed (# backoff-ignore at line ${f.suppression!.line}: ${reason}): ${f.rule}: ${f.kind === "lint" ? findingText(f) : f.message}`;
}

/** A finding that is not a policy's own check as a testcase: an invalid policy fails, a file skipped is skipped, the rest pass saying what they are. */
function findingCase(f: Finding, strict: boolean): JunitCase {
  const at = placeText(f.location.file, f.location.line, f.location.column);
  switch (f.kind) {
    case "invalid-policy":
      if (f.suppression !== undefined) return { name: `${f.policy!.name} (${f.policy!.systemLabel}): ${f.rule}`, at, skipped: { type: "suppressed", message: suppressedText(f) } };
      return { name: `${f.policy!.name} (${f.policy!.systemLabel}): ${f.rule}`, at, failure: { type: f.rule, message: `${f.rule}: ${f.message}` } };
    case "suppression":
      return { name: `${f.rule} ${at}`, at, ...(findingFails(f, strict) ? { failure: { type: f.rule, message: `${f.rule}: ${f.message}` } } : { skipped: { type: "warning", message: `warning: ${f.rule}: ${f.message}` } }) };
    case "skipped":
      return { name: `skipped ${at}`, at, skipped: { type: "skipped", message: f.message } };
    case "read-leniently":
      return { name: `read leniently ${at}`, at, out: `read leniently: ${f.message}` };
    default:
      // A retry limit found.
      return { name: `${f.retryLimit!.limit.source} (${f.retryLimit!.limit.systemLabel}): retry limit`, at, out: f.message };
  }
}

/** `check PATH…` (and `check --config FILE`, at the file's lines) as JUnit XML: the invalid policies, each policy's cases, the retry limits, the files skipped and read leniently. */
export function filesReportJunit(report: FilesReport): string {
  const byFile = new Map<string, JunitCase[]>();
  const add = (file: string, cases: readonly JunitCase[]) => byFile.set(file, [...(byFile.get(file) ?? []), ...cases]);
  const of = (kind: Finding["kind"]) => report.findings.filter((f) => f.kind === kind);
  for (const f of of("invalid-policy")) add(f.location.file, [findingCase(f, report.strict)]);
  const byPolicy = findingsByPolicy(report);
  report.policies.forEach((p, index) => add(p.file, policyCases(p, byPolicy[index]!, report.strict)));
  for (const kind of ["retry-limit", "skipped", "read-leniently", "suppression"] as const) for (const f of of(kind)) add(f.location.file, [findingCase(f, report.strict)]);
  return junitDocument(byFile);
}

/** A chain's check as JUnit XML: one testsuite (the file), a testcase per limit (failing when broken) and per warning (failing under strictness, else skipped as a warning). */
export function chainCheckJunit(check: PlacedChainCheck): string {
  const who = chainWho(check.report);
  const at = placeText(check.name, check.line, check.column);
  const cases: JunitCase[] = check.result.assertions.map((a) => {
    const detail = amplificationDetail(check.report, a);
    return { name: `${who}: ${chainLimitText(a)}`, at, ...(a.ok ? { out: detail } : { failure: { type: a.limit, message: `${a.limit} broken: ${detail}` } }) };
  });
  for (const w of check.result.warnings) {
    const text = `${w.lint}: ${stackedRetriesText(w)}`;
    cases.push({ name: `${who}: ${w.lint}`, at, ...(check.strict ? { failure: { type: w.lint, message: text } } : { skipped: { type: "warning", message: `warning: ${text}` } }) });
  }
  if (cases.length === 0) cases.push({ name: who, at, out: "no limits given" });
  return junitDocument(new Map([[check.name, cases]]));
}

/**
 * An attribute, its value one line: control characters (a line end too) escaped as `printable`
 * writes them, so a name from a file (`ctl\x01.yml`, a policy "a\u0001") leaves the document
 * well-formed (issue 38, item 4).
 */
const attribute = (name: string, value: string | number) => ` ${name}="${escapeXml(xmlPrintable(printable(String(value))))}"`;

/** An element's text: its lines kept, their control characters escaped. */
const content = (text: string) => escapeXml(xmlPrintable(text));

/** The cases of one file, each name once: a second case of a name is numbered (" #2"), in order, so that classname and name identify one case. */
function namedOnce(cases: readonly JunitCase[]): JunitCase[] {
  const seen = new Map<string, number>();
  return cases.map((c) => {
    const n = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, n);
    return n === 1 ? c : { ...c, name: `${c.name} #${n}` };
  });
}

/** The JUnit XML document: a <testsuite> per file (in the map's order) holding its cases. */
function junitDocument(byFile: ReadonlyMap<string, readonly JunitCase[]>): string {
  const count = (cases: readonly JunitCase[]) => ({
    tests: cases.length,
    failures: cases.filter((c) => c.failure !== undefined).length,
    skipped: cases.filter((c) => c.skipped !== undefined).length,
  });
  const total = count([...byFile.values()].flat());
  // junit-10.xsd: <testsuites> takes name, time, tests, failures and errors (no skipped); <testsuite> takes skipped and file too.
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${attribute("name", "backoff check")}${attribute("tests", total.tests)}${attribute("failures", total.failures)}${attribute("errors", 0)}>`];
  for (const [file, cases] of byFile) {
    const n = count(cases);
    lines.push(`  <testsuite${attribute("name", file)}${attribute("tests", n.tests)}${attribute("failures", n.failures)}${attribute("errors", 0)}${attribute("skipped", n.skipped)}${attribute("file", file)}>`);
    for (const c of namedOnce(cases)) {
      lines.push(`    <testcase${attribute("classname", file)}${attribute("name", c.name)}>`);
      if (c.failure !== undefined) lines.push(`      <failure${attribute("type", c.failure.type)}${attribute("message", c.failure.message)}>${content(`${c.at}: ${c.failure.message}`)}</failure>`);
      else if (c.skipped !== undefined) lines.push(`      <skipped${attribute("type", c.skipped.type)}${attribute("message", c.skipped.message)}>${content(`${c.at}: ${c.skipped.message}`)}</skipped>`);
      else lines.push(`      <system-out>${content(`${c.at}: ${c.out ?? ""}`)}</system-out>`);
      lines.push("    </testcase>");
    }
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>");
  return `${lines.join("\n")}\n`;
}
