import { runCli } from "./cli.js";

/**
 * What `check PATH --format json` says of each policy: retries, worst and best totals, largest
 * wait (ms). The best case is tries that fail at once; where a try takes time, `bestWithTries`
 * is the best case of tries that each take it.
 */
export interface CheckFigures {
  readonly retries: number;
  readonly worst: number;
  readonly best: number;
  readonly bestWithTries?: number | null;
  readonly largest: number;
}

/** Runs `check PATH --format json` in-process and keys its policies' figures by name; the disabled ones by name too. */
export async function checkFigures(path: string, ...flags: string[]): Promise<{ code: number; byName: Record<string, CheckFigures>; disabled: string[] }> {
  const result = await runCli(["check", path, "--format", "json", ...flags]);
  if (result.code === 2) throw new Error(result.stderr);
  const doc = JSON.parse(result.stdout);
  const byName: Record<string, CheckFigures> = {};
  for (const p of doc.policies) byName[p.name] = { retries: p.retries, worst: p.worst_total_ms, best: p.best_total_ms, ...(p.best_total_with_tries_ms === undefined ? {} : { bestWithTries: p.best_total_with_tries_ms }), largest: p.worst_delay_ms };
  return { code: result.code, byName, disabled: doc.disabled.map((d: { name: string }) => d.name) };
}
