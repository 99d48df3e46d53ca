import type { SuppressionComment } from "../core/check-report/suppressions.js";

/**
 * Inline suppressions as people write them in the files `check PATH` reads, a comment in
 * the file's own syntax (YAML, TOML and .properties take `#`; .properties `!` too; JSON has
 * no comments, so its findings are set off through a repository config's `overrides`):
 *
 *   retries: 8            # backoff-ignore no-cap -- the queue drains for an hour by design
 *   # backoff-ignore max-total, no-jitter -- one nightly client
 *   backoffLimit: 12
 *
 * The rules follow the word, separated by commas or spaces; the reason follows ` -- `. The
 * comment applies to a policy when it is on the policy's line or on the line of a key the
 * policy reads (after the key), or alone on the line just above one of them (cli/check/scan-file.ts matches them;
 * core/check-report/suppressions.ts marks the findings, and reports a comment without a
 * reason and one that suppresses nothing).
 */
export const SUPPRESSION_WORD = "backoff-ignore";

/** A comment's start: `#` (or `!` in .properties) at the start of a line or after white space, then the word. */
const COMMENT = /(?:^|[ \t])[#!][ \t]*backoff-ignore(?=$|[ \t:])(.*)$/;

/** The suppressions a file's text holds, each at its line and column (1-based, at its `#`); none for JSON. */
export function readSuppressions(text: string, kind: "json" | "yaml" | "toml" | "properties", file: string): SuppressionComment[] {
  if (kind === "json" || !text.includes(SUPPRESSION_WORD)) return [];
  const found: SuppressionComment[] = [];
  const lines = text.split("\n");
  lines.forEach((raw, i) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (!line.includes(SUPPRESSION_WORD)) return;
    const match = COMMENT.exec(line);
    if (match === null) return;
    // `!` opens a comment in .properties alone.
    const at = match.index + (/^[ \t]/.test(match[0]) ? 1 : 0);
    if (line[at] === "!" && kind !== "properties") return;
    const rest = match[1]!.replace(/^:/, "");
    const split = /(?:^|[ \t])--(?:[ \t]|$)/.exec(rest);
    const names = (split === null ? rest : rest.slice(0, split.index)).split(/[\s,]+/).filter((name) => name !== "");
    const reason = split === null ? null : rest.slice(split.index + split[0].length).trim();
    found.push({ file, line: i + 1, column: at + 1, rules: names, reason: reason === null || reason === "" ? null : reason, alone: line.slice(0, at).trim() === "" });
  });
  return found;
}
