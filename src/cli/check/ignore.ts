import { type Glob, GlobError, type GlobMeter, MAX_GLOB_LENGTH, compileGlob, matchGlob } from "../../core/text/glob.js";
import { UsageError, shown } from "../shared/errors.js";

/**
 * .gitignore patterns (gitignore(5)), for the root .gitignore of a scanned directory and
 * for `--exclude`, which takes the same syntax:
 * - blank lines and lines starting with # are nothing (\# is a literal #);
 * - ! negates (a later pattern re-includes what an earlier one excluded);
 * - a trailing / matches directories only;
 * - a pattern with a / at its start or in its middle is anchored to the root; otherwise
 *   it matches a name at any depth;
 * - * and ? do not cross a /; ** matches across directories ("**\/x", "a/**", "a/**\/b");
 *   [abc], [a-z] and [!abc] are character classes; \ escapes the next character.
 * Paths are relative to the scanned root, with / as the separator. What is inside an
 * excluded directory is never reached (the walk does not enter it), as in git. The
 * patterns are matched by core/text/glob.ts, in time linear in the path (no backtracking).
 */

export interface IgnoreRule {
  readonly negate: boolean;
  readonly directoryOnly: boolean;
  readonly glob: Glob;
}

/**
 * A .gitignore file's rules. A line that cannot be compiled (a class naming no POSIX class,
 * a pattern longer than MAX_GLOB_LENGTH) is passed over, as git passes over a pattern its
 * wildmatch cannot read; a range written backwards is read as git reads it.
 */
export function parseIgnore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let rule: IgnoreRule | null;
    try {
      rule = ignoreRule(raw, { backwardRanges: true });
    } catch (error) {
      if (error instanceof GlobError) continue;
      throw error;
    }
    if (rule !== null) rules.push(rule);
  }
  return rules;
}

/** One pattern's rule (null for a blank line or a comment); a GlobError for a pattern that cannot be compiled. */
export function ignoreRule(raw: string, options: { readonly backwardRanges?: boolean } = {}): IgnoreRule | null {
  if (raw.length > MAX_GLOB_LENGTH) throw new GlobError(`it has ${raw.length} characters; a pattern may have at most ${MAX_GLOB_LENGTH}`);
  let pattern = withoutTrailingSpaces(raw);
  if (pattern === "" || pattern.startsWith("#")) return null;
  let negate = false;
  if (pattern.startsWith("!")) {
    negate = true;
    pattern = pattern.slice(1);
  }
  let directoryOnly = false;
  if (pattern.endsWith("/") && !pattern.endsWith("\\/")) {
    directoryOnly = true;
    pattern = pattern.replace(/\/+$/, "");
  }
  if (pattern === "") return null;
  const anchored = pattern.includes("/");
  if (pattern.startsWith("/")) pattern = pattern.slice(1);
  return { negate, directoryOnly, glob: compileGlob(pattern, { anywhere: !anchored, backwardRanges: options.backwardRanges === true }) };
}

/** Whether a rule's pattern matches a path (relative, with /), whatever the rule's ! and trailing /. */
export function ruleMatches(rule: IgnoreRule, path: string, meter?: GlobMeter): boolean {
  return matchGlob(rule.glob, path.split("/"), meter);
}

/** Whether a path (relative, with /) is excluded: the last rule that matches decides. */
export function isIgnored(rules: readonly IgnoreRule[], path: string, isDirectory: boolean): boolean {
  if (rules.length === 0) return false;
  const segments = path.split("/");
  let ignored = false;
  for (const rule of rules) {
    if (rule.directoryOnly && !isDirectory) continue;
    if (ignored !== !rule.negate && matchGlob(rule.glob, segments)) ignored = !rule.negate;
  }
  return ignored;
}

/** Trailing spaces are dropped unless escaped (`a\\ ` keeps its space). */
function withoutTrailingSpaces(raw: string): string {
  let end = raw.length;
  while (end > 0 && /\s/.test(raw[end - 1]!)) end--;
  if (end < raw.length && end > 0 && raw[end - 1] === "\\") end++;
  return raw.slice(0, end);
}

/** The rules of `--exclude` patterns: one that is empty or cannot be compiled is bad input, named in one line. */
export function excludeRules(globs: readonly string[]): IgnoreRule[] {
  return globs.map((glob) => {
    let rule: IgnoreRule | null;
    try {
      rule = ignoreRule(glob);
    } catch (error) {
      if (error instanceof GlobError) throw new UsageError(`--exclude ${shownPattern(glob)}: ${error.message}`);
      throw error;
    }
    if (rule === null) throw new UsageError(`--exclude needs a pattern such as "*.tmp" or "deploy/old/", got ${shown(glob)}`);
    return rule;
  });
}

/** A pattern as a message shows it: a long one by its start. */
function shownPattern(glob: string): string {
  return shown(glob.length <= 80 ? glob : `${glob.slice(0, 40)}…`);
}
