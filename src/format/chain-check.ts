import type { ChainReport } from "../core/chain/chain.js";
import type { ChainCheckResult } from "../core/chain/check.js";
import { callsText } from "./chain.js";
import { type Paint, PLAIN } from "./check-report.js";
import { jsonText } from "./json-text.js";
import { groupDigits } from "../core/text/digits.js";
import { wrapLine } from "./wrap.js";

// `backoff check --config FILE` when the file holds a chain: the limit on the calls that
// reach the backend, the stacked-retries warning, the verdict.

const layerNames = (report: ChainReport) => report.layers.map((layer) => layer.layer.name).join(", ");

export function chainCheckLines(name: string, report: ChainReport, result: ChainCheckResult, strict: boolean, paint: Paint = PLAIN, width: number | null = null): string[] {
  const lines: string[] = [];
  const push = (line: string, painted: (text: string) => string = (text) => text, hang = 4) => {
    for (const part of wrapLine(line, width, hang)) lines.push(painted(part));
  };
  const count = report.layers.length;
  push(`${name}: a chain of ${count} layer${count === 1 ? "" : "s"}, outermost first: ${layerNames(report)}`, undefined, 2);
  const product = report.layers.map((layer) => groupDigits(layer.tries)).join(" × ");
  for (const a of result.assertions) {
    push(
      `  ${a.ok ? "✓" : "✗"} ${a.limit} ${groupDigits(a.limitValue)}: ${callsText(a.actual)} calls reach the backend per call at the top when every call fails (${product} tries)`,
      a.ok ? paint.ok : paint.bad,
    );
  }
  if (result.assertions.length === 0) push('  no limits given (--max-amplification or "assert" in the config)', undefined, 2);
  for (const w of result.warnings) {
    push(`  ⚠ stacked-retries: layers ${w.layers.map((k) => k + 1).join(", ")} all retry; the AWS Builders' Library advises retrying at a single point in the stack`, paint.warn);
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
