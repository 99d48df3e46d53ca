import { humanDuration } from "../core/text/duration.js";
import type { FilesReport } from "../core/check-report/files-report.js";
import { type FilePolicyReport, warningFailsIn } from "../core/check-report/policy.js";
import { INVALID_RULE } from "../core/check-report/rules.js";
import { assertionDetail, limitPlaceText, scanLimitText } from "../core/check-report/words.js";
import { fileWarningText } from "./check-files-report.js";
import { escapeXml } from "./escape.js";

/**
 * JUnit XML for `check --format junit`, as Jenkins, GitLab, CircleCI and Azure Pipelines
 * read test reports: a <testsuite> per file, a <testcase> per limit of each policy (a
 * <failure> when it is broken), per invalid policy (a <failure>) and per warning (a <failure> under --strict, else passing with
 * the warning in <system-out>), a policy given no limit and no warning as one passing
 * testcase, a limit that needs waits the file does not decide as a <skipped> testcase, and
 * a skipped file as a <skipped> testcase, a file read leniently (its YAML broke a rule the
 * system's own reader lets pass) as a passing testcase saying which, a retry limit found (a
 * circuit breaker, a retry budget) as a passing testcase with what it caps in <system-out>. classname is the file, so CI
 * pages group the cases by file; `file` and `line` point at the policy.
 */
export interface JunitCase {
  readonly name: string;
  readonly line: number | null;
  readonly failure?: { readonly type: string; readonly message: string };
  readonly skipped?: string;
  readonly out?: string;
}

const limitText = (limit: string, value: number) => `${limit} ${limit === "max-attempts" ? value : humanDuration(value)}`;

function policyCases(p: FilePolicyReport, strict: boolean): JunitCase[] {
  const who = `${p.name} (${p.systemLabel})`;
  const cases: JunitCase[] = p.result.assertions.map((a) => ({
    name: `${who}: ${limitText(a.limit, a.limitValue)}`,
    line: p.line,
    ...(a.computable === false
      ? { skipped: `${a.limit} not computable: ${p.note ?? assertionDetail(a, p)}` }
      : a.ok
        ? { out: assertionDetail(a, p) }
        : { failure: { type: a.limit, message: `${a.limit} broken: ${assertionDetail(a, p)}` } }),
  }));
  for (const w of p.result.warnings) {
    const text = `${w.lint}: ${fileWarningText(w, p)}`;
    cases.push({ name: `${who}: ${w.lint}`, line: p.line, ...(warningFailsIn(p, w, strict) ? { failure: { type: w.lint, message: text } } : { out: `warning: ${text}` }) });
  }
  if (cases.length === 0) cases.push({ name: who, line: p.line, out: "no limits given" });
  const limits = (p.limits ?? []).map((l) => `retry limit: ${limitPlaceText(l)}`);
  // The first case of the policy names its retry limits too.
  if (limits.length > 0) cases[0] = { ...cases[0]!, out: [cases[0]!.out, ...limits].filter((t) => t !== undefined).join("\n") };
  return cases;
}

const attribute = (name: string, value: string | number) => ` ${name}="${escapeXml(String(value))}"`;

export function filesReportJunit(report: FilesReport): string {
  const byFile = new Map<string, JunitCase[]>();
  const add = (file: string, cases: readonly JunitCase[]) => byFile.set(file, [...(byFile.get(file) ?? []), ...cases]);
  for (const i of report.invalid) {
    const message = `${INVALID_RULE}: ${i.reason}`;
    add(i.file, [{ name: `${i.name} (${i.systemLabel}): ${INVALID_RULE}`, line: i.line, failure: { type: INVALID_RULE, message } }]);
  }
  for (const p of report.policies) add(p.file, policyCases(p, report.strict));
  for (const found of report.limits ?? []) add(found.limit.file, [{ name: `${found.limit.source} (${found.limit.systemLabel}): retry limit`, line: found.limit.line, out: scanLimitText(found) }]);
  const place = (s: { file: string; line: number | null; column: number | null }) => (s.line === null ? s.file : `${s.file}:${s.line}:${s.column}`);
  for (const s of report.skipped) add(s.file, [{ name: `skipped ${place(s)}`, line: s.line, skipped: s.reason }]);
  for (const s of report.lenient ?? []) add(s.file, [{ name: `read leniently ${place(s)}`, line: s.line, out: `read leniently: ${s.reason}` }]);
  return junitDocument(byFile);
}

/** The JUnit XML document: a <testsuite> per file (in the map's order) holding its cases. */
export function junitDocument(byFile: ReadonlyMap<string, readonly JunitCase[]>): string {
  const count = (cases: readonly JunitCase[]) => ({
    tests: cases.length,
    failures: cases.filter((c) => c.failure !== undefined).length,
    skipped: cases.filter((c) => c.skipped !== undefined).length,
  });
  const all = [...byFile.values()].flat();
  const total = count(all);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${attribute("name", "backoff check")}${attribute("tests", total.tests)}${attribute("failures", total.failures)}${attribute("errors", 0)}${attribute("skipped", total.skipped)}>`];
  for (const [file, cases] of byFile) {
    const n = count(cases);
    lines.push(`  <testsuite${attribute("name", file)}${attribute("tests", n.tests)}${attribute("failures", n.failures)}${attribute("errors", 0)}${attribute("skipped", n.skipped)}>`);
    for (const c of cases) {
      const head = `    <testcase${attribute("classname", file)}${attribute("name", c.name)}${attribute("file", file)}${c.line === null ? "" : attribute("line", c.line)}`;
      if (c.failure !== undefined) lines.push(`${head}>`, `      <failure${attribute("type", c.failure.type)}${attribute("message", c.failure.message)}>${escapeXml(c.failure.message)}</failure>`, "    </testcase>");
      else if (c.skipped !== undefined) lines.push(`${head}>`, `      <skipped${attribute("message", c.skipped)}/>`, "    </testcase>");
      else lines.push(`${head}>`, `      <system-out>${escapeXml(c.out ?? "")}</system-out>`, "    </testcase>");
    }
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>");
  return `${lines.join("\n")}\n`;
}
