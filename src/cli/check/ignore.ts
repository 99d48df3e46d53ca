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
 * excluded directory is never reached (the walk does not enter it), as in git.
 */
export interface IgnoreRule {
  readonly negate: boolean;
  readonly directoryOnly: boolean;
  readonly regex: RegExp;
}

export function parseIgnore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const rule = ignoreRule(raw);
    if (rule !== null) rules.push(rule);
  }
  return rules;
}

export function ignoreRule(raw: string): IgnoreRule | null {
  // Trailing spaces are dropped unless escaped.
  let pattern = raw.replace(/(?<!\\)\s+$/, "");
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
  const body = globToRegex(pattern);
  return { negate, directoryOnly, regex: new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`) };
}

function globToRegex(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "\\" && i + 1 < glob.length) {
      out += escapeRegex(glob[++i]!);
    } else if (c === "*") {
      if (glob[i + 1] === "*") {
        const atStart = i === 0 || glob[i - 1] === "/";
        const atEnd = i + 2 === glob.length || glob[i + 2] === "/";
        if (atStart && atEnd) {
          if (i + 2 === glob.length) out += ".*";
          else {
            out += "(?:.*/)?";
            i++; // the "/" after "**"
          }
          i++;
          continue;
        }
        i++;
        out += "[^/]*";
        continue;
      }
      out += "[^/]*";
    } else if (c === "?") {
      out += "[^/]";
    } else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close === -1) {
        out += "\\[";
        continue;
      }
      let inner = glob.slice(i + 1, close);
      const negated = inner.startsWith("!") || inner.startsWith("^");
      if (negated) inner = inner.slice(1);
      out += `[${negated ? "^" : ""}${inner.replace(/\\/g, "\\\\").replace(/]/g, "\\]")}]`;
      i = close;
    } else {
      out += escapeRegex(c);
    }
  }
  return out;
}

function escapeRegex(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

/** Whether a path (relative, with /) is excluded: the last rule that matches decides. */
export function isIgnored(rules: readonly IgnoreRule[], path: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const rule of rules) {
    if (rule.directoryOnly && !isDirectory) continue;
    if (rule.regex.test(path)) ignored = !rule.negate;
  }
  return ignored;
}
