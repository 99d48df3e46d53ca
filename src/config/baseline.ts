import type { BaselineEntry } from "../core/check-report/baseline.js";
import { UsageError, shown } from "./errors.js";

/** The version of the baseline file's format. */
export const BASELINE_VERSION = 1;

/** A baseline file's text: JSON, one entry a line, so that a diff of it reads as the findings gone and come. */
export function baselineText(entries: readonly BaselineEntry[]): string {
  const lines = entries.map((e) => `    ${JSON.stringify({ file: e.file, system: e.system, policy: e.policy, rule: e.rule })}`);
  return `{\n  "version": ${BASELINE_VERSION},\n  "tool": "backoff check",\n  "findings": [${lines.length === 0 ? "" : `\n${lines.join(",\n")}\n  `}]\n}\n`;
}

/** Reads a baseline file (`--baseline FILE`, written by --write-baseline); anything else is bad input, named. */
export function parseBaseline(text: string, name: string): BaselineEntry[] {
  const refuse = (why: string): never => {
    throw new UsageError(`--baseline ${shown(name)}: ${why}; write one with --write-baseline FILE`);
  };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return refuse("not JSON");
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) return refuse("not a baseline (a JSON object with \"findings\")");
  const record = doc as Record<string, unknown>;
  if (record["version"] !== BASELINE_VERSION) refuse(`version ${shown(String(record["version"]))} is not ${BASELINE_VERSION}`);
  const findings = record["findings"];
  if (!Array.isArray(findings)) return refuse('"findings" is not a list');
  return findings.map((item: unknown, i) => {
    const e = item as Record<string, unknown> | null;
    const fields = ["file", "system", "policy", "rule"] as const;
    if (typeof e !== "object" || e === null || fields.some((f) => typeof e[f] !== "string")) refuse(`findings[${i}] needs the strings file, system, policy and rule`);
    return { file: e!["file"] as string, system: e!["system"] as string, policy: e!["policy"] as string, rule: e!["rule"] as string };
  });
}
