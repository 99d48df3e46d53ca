import type { Finding } from "./finding.js";

/**
 * A baseline (`--write-baseline FILE`, `--baseline FILE`): the findings recorded on a day,
 * so that a check fails only on those that are new, as linters adopted late do. A finding is
 * recorded by what survives lines moving above it: its file, its system, the name of its
 * policy (a retry limit's source, else the finding's message) and its rule; never its line.
 */
export interface BaselineEntry {
  readonly file: string;
  readonly system: string;
  readonly policy: string;
  readonly rule: string;
}

/** What a baseline did to a report: the file, how many findings it recorded, how many of those were found again and how many are gone. */
export interface BaselineUse {
  readonly file: string;
  readonly recorded: number;
  readonly matched: number;
  readonly gone: number;
}

/** A finding's entry in a baseline. */
export function baselineEntry(f: Finding): BaselineEntry {
  return { file: f.location.file, system: f.policy?.system ?? "", policy: f.policy?.name ?? f.retryLimit?.limit.source ?? f.message, rule: f.rule };
}

const keyOf = (e: BaselineEntry): string => JSON.stringify([e.file, e.system, e.policy, e.rule]);

/** The findings a baseline records: those that would fail (errors and warnings, none suppressed), sorted, one entry each. */
export function baselineEntries(findings: readonly Finding[]): BaselineEntry[] {
  return findings
    .filter((f) => f.suppression === undefined && f.level !== "note")
    .map(baselineEntry)
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}

/**
 * The findings against a baseline: each error or warning it records (as many times as it
 * records it) marked `baselined`, failing nothing; how many recorded ones are gone.
 */
export function applyBaseline(findings: readonly Finding[], entries: readonly BaselineEntry[]): { findings: Finding[]; matched: number; gone: number } {
  const left = new Map<string, number>();
  for (const e of entries) left.set(keyOf(e), (left.get(keyOf(e)) ?? 0) + 1);
  let matched = 0;
  const out = findings.map((f) => {
    if (f.suppression !== undefined || f.level === "note") return f;
    const key = keyOf(baselineEntry(f));
    const n = left.get(key) ?? 0;
    if (n === 0) return f;
    left.set(key, n - 1);
    matched++;
    return { ...f, baselined: true as const };
  });
  return { findings: out, matched, gone: entries.length - matched };
}
