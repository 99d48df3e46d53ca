/**
 * Glob patterns in .gitignore's syntax (gitignore(5), git's wildmatch.c with WM_PATHNAME),
 * matched in time bounded by the path's length times the pattern's, whatever both hold.
 *
 * A glob is a regular language, so it needs no backtracking: the earlier matcher compiled
 * each pattern to a JavaScript RegExp, whose engine backtracks, and `*a*a*a*a*a*a*b` against
 * a 100-character name did not end in 30 s (issue 38); a pattern the RegExp could not
 * compile (`[z-a]`) was an internal error. Here a pattern is split at its slashes into
 * segments, and:
 * - a segment without `**` alone is a small NFA, one state per character it must match
 *   (a literal, `?`, a class), a `*` being a loop on the state it precedes; the NFA is run
 *   over the path's segment with the set of live states kept as bits (32 states a word),
 *   so a segment costs (its characters) × ⌈(pattern's states + 1) / 32⌉ word operations;
 * - `**` alone in a segment matches any number of whole segments; the segments are matched
 *   as a wildcard string is matched with `*` (the two-pointer walk back to the last `**`),
 *   which compares each pattern segment with each path segment at most once.
 * So a match costs at most |path| × ⌈|pattern| / 32⌉ + (path segments × pattern segments)
 * steps, which `meter` counts for the tests.
 *
 * The syntax, as git reads it: `*` matches any run of characters but `/`, `?` any one
 * character but `/`, `[abc]`, `[a-z]`, `[!a-z]` (or `[^a-z]`) and `[[:alpha:]]` one
 * character of a class (`]` first in a class is a member; `\` escapes within it), `\`
 * escapes the next character, `**` alone between slashes (or at either end) any number of
 * directories (`***` too): `**\/x` x anywhere, `a/**` everything inside a (not a itself),
 * `a/**\/b` b anywhere under a. A range written backwards (`[z-a]`) is refused unless
 * `backwardRanges` is set: git reads it as its first character (a .gitignore line is read
 * as git reads it; an argument is a mistake worth saying). Patterns are limited to
 * MAX_GLOB_LENGTH characters. Where git differs: a `[` never closed is a literal `[` here
 * (git's pattern then matches nothing), and `?` is one character, not one byte of UTF-8.
 */

/** Longer than any path can be (PATH_MAX is 4096 on Linux); a longer pattern is refused. */
export const MAX_GLOB_LENGTH = 4096;

/** A pattern that cannot be compiled: `reason` says why, in words for a message. */
export class GlobError extends Error {
  override readonly name = "GlobError";
}

/** Counts the work of matching (for the tests that hold the bound above). */
export interface GlobMeter {
  steps: number;
}

type Matcher = { readonly kind: "char"; readonly code: number } | { readonly kind: "any" } | { readonly kind: "class"; readonly negated: boolean; readonly ranges: readonly number[] };

/** One segment of a pattern (between slashes). */
type Segment =
  /** `**`: any number of whole segments. */
  | { readonly kind: "globstar" }
  /** Exactly one segment, whatever it holds (`*` alone; and before a trailing `**`). */
  | { readonly kind: "one" }
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "nfa"; readonly nfa: Nfa };

interface Nfa {
  /** The characters to match, in order; state i has matched the first i. */
  readonly matchers: readonly Matcher[];
  /** Bit i: state i loops on any character (a `*` stands before matcher i, or at the end for i = matchers.length). */
  readonly loops: Uint32Array;
  readonly words: number;
  /** Per character code, the bits of the matchers it satisfies: computed once per character met. */
  readonly masks: Map<number, Uint32Array>;
}

export interface Glob {
  readonly segments: readonly Segment[];
}

export interface GlobOptions {
  /** Match the pattern's segments after any number of leading directories (a .gitignore pattern without a slash). */
  readonly anywhere?: boolean;
  /** A range written backwards (`[z-a]`) is read as git reads it (its first character alone) instead of being refused. */
  readonly backwardRanges?: boolean;
}

const STAR = -1;
type Token = Matcher | typeof STAR;

/** Compiles a pattern (relative, without a leading slash); throws a GlobError for one it cannot take. */
export function compileGlob(pattern: string, options: GlobOptions = {}): Glob {
  if (pattern.length > MAX_GLOB_LENGTH) throw new GlobError(`it has ${pattern.length} characters; a pattern may have at most ${MAX_GLOB_LENGTH}`);
  const raw = splitSegments(pattern);
  const segments: Segment[] = options.anywhere === true ? [{ kind: "globstar" }] : [];
  raw.forEach((text, i) => {
    if (/^\*\*+$/.test(text)) {
      // A trailing `**` matches what is inside, never the directory itself: one segment at least.
      if (i === raw.length - 1) segments.push({ kind: "one" }, { kind: "globstar" });
      else segments.push({ kind: "globstar" });
      return;
    }
    segments.push(compileSegment(text, options.backwardRanges === true));
  });
  return { segments };
}

/** The pattern's segments, split at each slash (an escaped one too: `\/` is a slash as well). */
function splitSegments(pattern: string): string[] {
  const segments: string[] = [];
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\" && pattern[i + 1] !== "/") i++;
    else if (c === "\\" || c === "/") {
      segments.push(pattern.slice(start, i));
      if (c === "\\") i++;
      start = i + 1;
    }
  }
  segments.push(pattern.slice(start));
  return segments;
}

function compileSegment(text: string, backwardRanges: boolean): Segment {
  const tokens = tokenize(text, backwardRanges);
  if (tokens.every((t) => t !== STAR && t.kind === "char")) return { kind: "literal", text: String.fromCodePoint(...tokens.map((t) => (t as { code: number }).code)) };
  if (tokens.length > 0 && tokens.every((t) => t === STAR)) return { kind: "one" };
  const matchers: Matcher[] = [];
  const loopAt: number[] = [];
  for (const token of tokens) {
    if (token === STAR) loopAt.push(matchers.length);
    else matchers.push(token);
  }
  const words = Math.ceil((matchers.length + 1) / 32);
  const loops = new Uint32Array(words);
  for (const state of loopAt) loops[state >>> 5]! |= 1 << (state & 31);
  return { kind: "nfa", nfa: { matchers, loops, words, masks: new Map() } };
}

/** A segment's tokens: stars (runs of `*` count once) and the matchers of single characters. */
function tokenize(text: string, backwardRanges: boolean): Token[] {
  const tokens: Token[] = [];
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === "\\" && i + 1 < chars.length) {
      tokens.push({ kind: "char", code: chars[++i]!.codePointAt(0)! });
    } else if (c === "*") {
      if (tokens[tokens.length - 1] !== STAR) tokens.push(STAR);
    } else if (c === "?") {
      tokens.push({ kind: "any" });
    } else if (c === "[") {
      const parsed = characterClass(chars, i, backwardRanges);
      if (parsed === null) tokens.push({ kind: "char", code: 0x5b });
      else {
        tokens.push(parsed.matcher);
        i = parsed.end;
      }
    } else {
      tokens.push({ kind: "char", code: c.codePointAt(0)! });
    }
  }
  return tokens;
}

/** POSIX classes wildmatch knows, as ranges of code points (ASCII, as git's sane_ctype). */
const POSIX: Readonly<Record<string, readonly number[]>> = {
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  blank: [0x09, 0x09, 0x20, 0x20],
  cntrl: [0x00, 0x1f, 0x7f, 0x7f],
  digit: [0x30, 0x39],
  graph: [0x21, 0x7e],
  lower: [0x61, 0x7a],
  print: [0x20, 0x7e],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  space: [0x09, 0x0d, 0x20, 0x20],
  upper: [0x41, 0x5a],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
};

/** The class opened at chars[open] (`[`): its matcher and the index of its `]`; null when it is never closed. */
function characterClass(chars: readonly string[], open: number, backwardRanges: boolean): { matcher: Matcher; end: number } | null {
  let i = open + 1;
  const negated = chars[i] === "!" || chars[i] === "^";
  if (negated) i++;
  const ranges: number[] = [];
  let first = true;
  for (; i < chars.length; i++, first = false) {
    let c = chars[i]!;
    if (c === "]" && !first) return { matcher: { kind: "class", negated, ranges }, end: i };
    if (c === "[" && chars[i + 1] === ":") {
      const close = chars.indexOf(":", i + 2);
      if (close !== -1 && chars[close + 1] === "]") {
        const name = chars.slice(i + 2, close).join("");
        const members = POSIX[name];
        if (members === undefined || !Object.hasOwn(POSIX, name)) throw new GlobError(`[:${name}:] is no character class (${Object.keys(POSIX).map((k) => `[:${k}:]`).join(", ")})`);
        ranges.push(...members);
        i = close + 1;
        continue;
      }
    }
    if (c === "\\" && i + 1 < chars.length) c = chars[++i]!;
    const low = c.codePointAt(0)!;
    if (chars[i + 1] === "-" && i + 2 < chars.length && chars[i + 2] !== "]") {
      let last = chars[i + 2]!;
      i += 2;
      if (last === "\\" && i + 1 < chars.length) last = chars[++i]!;
      const high = last.codePointAt(0)!;
      if (high < low && !backwardRanges) throw new GlobError(`the range ${c}-${last} is empty (${c} comes after ${last}); write ${last}-${c}`);
      // wildmatch compares each character of a class first, then the range it starts: z-a is z.
      ranges.push(low, Math.max(low, high));
    } else {
      ranges.push(low, low);
    }
  }
  return null;
}

/** Whether a path, given as its segments (no empty ones), matches. */
export function matchGlob(glob: Glob, path: readonly string[], meter?: GlobMeter): boolean {
  const pattern = glob.segments;
  let p = 0;
  let s = 0;
  let starP = -1;
  let starS = -1;
  while (s < path.length) {
    if (meter !== undefined) meter.steps++;
    const segment = pattern[p];
    if (segment !== undefined && segment.kind === "globstar") {
      starP = p++;
      starS = s;
    } else if (segment !== undefined && matchSegment(segment, path[s]!, meter)) {
      p++;
      s++;
    } else if (starP !== -1) {
      // The last `**` takes one segment more, and the pattern after it starts again.
      p = starP + 1;
      s = ++starS;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p]!.kind === "globstar") p++;
  return p === pattern.length;
}

function matchSegment(segment: Exclude<Segment, { kind: "globstar" }>, text: string, meter: GlobMeter | undefined): boolean {
  if (segment.kind === "one") return true;
  if (segment.kind === "literal") return segment.text === text;
  return runNfa(segment.nfa, text, meter);
}

function runNfa(nfa: Nfa, text: string, meter: GlobMeter | undefined): boolean {
  const { words, loops } = nfa;
  const live = new Uint32Array(words);
  live[0] = 1;
  for (const char of text) {
    const mask = maskOf(nfa, char.codePointAt(0)!);
    let carry = 0;
    let any = 0;
    for (let w = 0; w < words; w++) {
      const before = live[w]!;
      const advanced = before & mask[w]!;
      const next = ((advanced << 1) | carry | (before & loops[w]!)) >>> 0;
      carry = advanced >>> 31;
      live[w] = next;
      any |= next;
    }
    if (meter !== undefined) meter.steps += words;
    if (any === 0) return false;
  }
  const end = nfa.matchers.length;
  return ((live[end >>> 5]! >>> (end & 31)) & 1) === 1;
}

/** The matchers a character satisfies, as bits (cached per character: a path repeats its characters). */
function maskOf(nfa: Nfa, code: number): Uint32Array {
  let mask = nfa.masks.get(code);
  if (mask !== undefined) return mask;
  mask = new Uint32Array(nfa.words);
  nfa.matchers.forEach((matcher, i) => {
    if (matches(matcher, code)) mask![i >>> 5]! |= 1 << (i & 31);
  });
  // A hostile path has at most as many distinct characters as it is long; past that many the cache starts again.
  if (nfa.masks.size >= 1024) nfa.masks.clear();
  nfa.masks.set(code, mask);
  return mask;
}

function matches(matcher: Matcher, code: number): boolean {
  if (matcher.kind === "any") return true;
  if (matcher.kind === "char") return matcher.code === code;
  let inside = false;
  for (let r = 0; r < matcher.ranges.length; r += 2) {
    if (code >= matcher.ranges[r]! && code <= matcher.ranges[r + 1]!) {
      inside = true;
      break;
    }
  }
  return inside !== matcher.negated;
}
