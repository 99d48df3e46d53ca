import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GlobError, type GlobMeter, MAX_GLOB_LENGTH, compileGlob, matchGlob } from "../../../src/core/text/glob.js";

// src/core/text/glob.ts: .gitignore's glob syntax (gitignore(5), git's wildmatch.c), matched
// without backtracking. The expected matches below were checked by hand against
// `git check-ignore --no-index` (git 2.x) with the pattern as the only line of a .gitignore;
// where this matcher differs from git on purpose it is said.

const matches = (pattern: string, path: string, options = {}) => matchGlob(compileGlob(pattern, options), path.split("/"));
const which = (pattern: string, paths: readonly string[], options = {}) => paths.filter((path) => matches(pattern, path, options));

describe("glob: what a pattern matches", () => {
  it("* and ? stay within a segment; a literal segment is compared whole", () => {
    expect(which("*.json", ["a.json", ".json", "a.json5", "d/a.json"])).toEqual(["a.json", ".json"]);
    expect(which("a?b", ["axb", "ab", "a/b", "axxb"])).toEqual(["axb"]);
    expect(which("d/*", ["d/a", "d", "d/a/b", "e/a"])).toEqual(["d/a"]);
    expect(which("a/b", ["a/b", "a/b/c", "x/a/b"])).toEqual(["a/b"]);
  });

  it("** alone in a segment (*** too) spans directories; a trailing one needs a segment under it", () => {
    expect(which("**/fix", ["fix", "a/fix", "a/b/fix", "fix2", "a/fix/b"])).toEqual(["fix", "a/fix", "a/b/fix"]);
    expect(which("old/**", ["old/a", "old/x/b", "old", "older/a"])).toEqual(["old/a", "old/x/b"]);
    expect(which("a/**/b", ["a/b", "a/x/b", "a/x/y/b", "c/a/b"])).toEqual(["a/b", "a/x/b", "a/x/y/b"]);
    expect(which("a/***/b", ["a/b", "a/x/y/b"])).toEqual(["a/b", "a/x/y/b"]);
    expect(which("**/**/b", ["b", "x/b", "x/y/b", "bb"])).toEqual(["b", "x/b", "x/y/b"]);
    // Not alone in its segment, ** is a *.
    expect(which("a**b", ["ab", "axyb", "a/b"])).toEqual(["ab", "axyb"]);
  });

  it("anywhere: the pattern after any number of leading directories (a .gitignore name without a slash)", () => {
    expect(which("*.tmp", ["a.tmp", "x/y/a.tmp", "a.tmp/x"], { anywhere: true })).toEqual(["a.tmp", "x/y/a.tmp"]);
    expect(which("**", ["a", "a/b"], { anywhere: true })).toEqual(["a", "a/b"]);
  });

  it("classes: members, ranges, ! and ^, ] first, \\ inside, POSIX names", () => {
    expect(which("[ab]x", ["ax", "bx", "cx"])).toEqual(["ax", "bx"]);
    expect(which("[!0-9]x", ["1x", "ax"])).toEqual(["ax"]);
    expect(which("[^0-9]x", ["1x", "ax"])).toEqual(["ax"]);
    expect(which("[]a]x", ["]x", "ax", "bx"])).toEqual(["]x", "ax"]);
    expect(which("[!]a]x", ["]x", "ax", "bx"])).toEqual(["bx"]);
    expect(which("[a-]x", ["ax", "-x", "bx"])).toEqual(["ax", "-x"]);
    expect(which("[a\\-c]x", ["ax", "-x", "bx", "cx"])).toEqual(["ax", "-x", "cx"]);
    expect(which("[\\]]x", ["]x", "\\x"])).toEqual(["]x"]);
    expect(which("[[:digit:]]x", ["1x", "ax"])).toEqual(["1x"]);
    expect(which("[[:alpha:][:digit:]]x", ["1x", "ax", "-x"])).toEqual(["1x", "ax"]);
  });

  it("\\ escapes; an unclosed [ is a literal (git's pattern would match nothing); ? is one character, not one byte", () => {
    expect(which("\\[ab]", ["[ab]", "a"])).toEqual(["[ab]"]);
    expect(which("\\*", ["*", "a"])).toEqual(["*"]);
    expect(which("a[b", ["a[b", "ab"])).toEqual(["a[b"]);
    expect(which("?.txt", ["😀.txt", "ab.txt"])).toEqual(["😀.txt"]);
  });

  it("a range written backwards is refused, or read as git reads it: its first character", () => {
    expect(() => compileGlob("[z-a]")).toThrow(new GlobError("the range z-a is empty (z comes after a); write a-z"));
    expect(which("[z-a]b", ["zb", "ab", "b"], { backwardRanges: true })).toEqual(["zb"]);
    expect(which("[z-ab]x", ["zx", "bx", "mx"], { backwardRanges: true })).toEqual(["zx", "bx"]);
  });

  it("refuses an unknown POSIX class and a pattern longer than MAX_GLOB_LENGTH", () => {
    expect(() => compileGlob("[[:foo:]]")).toThrow(/^\[:foo:\] is no character class \(\[:alnum:\], /);
    expect(() => compileGlob("[[:constructor:]]")).toThrow(GlobError);
    expect(MAX_GLOB_LENGTH).toBe(4096);
    // 4,096 stars alone are a ** (a run of stars counts once).
    expect(which("*".repeat(4096), ["a", "a/b"])).toEqual(["a", "a/b"]);
    expect(which(`a${"*".repeat(4095)}`, ["a", "ab", "b/a"])).toEqual(["a", "ab"]);
    expect(() => compileGlob("*".repeat(4097))).toThrow(new GlobError("it has 4097 characters; a pattern may have at most 4096"));
  });
});

describe("glob: the work is bounded by the design (steps counted, no clock)", () => {
  /** The bound glob.ts states: a word operation per character of the path per 32 NFA states, a step per pair of segments compared. */
  const bound = (pattern: string, path: string) => {
    const segments = path.split("/");
    return path.length * Math.ceil((pattern.length + 1) / 32) + (segments.length + 1) * (pattern.split("/").length + 3);
  };
  const steps = (pattern: string, path: string, options = {}) => {
    const meter: GlobMeter = { steps: 0 };
    const matched = matchGlob(compileGlob(pattern, options), path.split("/"), meter);
    return { matched, steps: meter.steps };
  };

  it("issue 38's cases: *a*a*a*a*a*a*b on a 100-character name, **/ eight times then b on a 40-level path", () => {
    // A backtracking engine tries every way of placing six stars: C(100, 6) ≈ 1.2 × 10⁹ ways.
    const stars = steps("*a*a*a*a*a*a*b", "a".repeat(100), { anywhere: true });
    expect(stars.matched).toBe(false);
    expect(stars.steps).toBeLessThanOrEqual(bound("**/*a*a*a*a*a*a*b", "a".repeat(100)));
    // A step for the leading ** and one for the name, then one word of 32 states per character: 2 + 100.
    expect(stars.steps).toBe(102);
    const path = Array.from({ length: 40 }, () => "a").join("/");
    const deep = steps(`${"**/".repeat(8)}b`, path);
    expect(deep.matched).toBe(false);
    expect(deep.steps).toBeLessThanOrEqual(bound(`${"**/".repeat(8)}b`, path));
    expect(steps(`${"**/".repeat(8)}b`, `${path}/b`).matched).toBe(true);
  });

  it("a pattern of 4,096 characters on a 255-character name: 129 words a character", () => {
    const pattern = `${"*a".repeat(2047)}b`;
    const result = steps(pattern, "a".repeat(255));
    expect(result.matched).toBe(false);
    expect(result.steps).toBeLessThanOrEqual(bound(pattern, "a".repeat(255)));
  });

  it("random patterns and paths: the same answer as a regular expression (on inputs too small for it to backtrack long), within the bound", () => {
    // The reference: the translation the matcher replaced (a RegExp), for a small alphabet.
    const reference = (pattern: string, path: string): boolean => {
      const parts = pattern.split("/");
      let source = "";
      parts.forEach((part, i) => {
        const last = i === parts.length - 1;
        if (/^\*\*+$/.test(part)) source += last ? "[^]+" : "(?:[^]*/)?";
        else source += part.replace(/\*+/g, "[^/]*").replace(/\?/g, "[^/]") + (last ? "" : "/");
      });
      return new RegExp(`^${source}$`).test(path);
    };
    const segment = fc.stringMatching(/^[ab*?]{1,4}$/);
    const pattern = fc.array(fc.oneof({ weight: 4, arbitrary: segment }, { weight: 1, arbitrary: fc.constant("**") }), { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));
    const path = fc.array(fc.stringMatching(/^[ab]{1,4}$/), { minLength: 1, maxLength: 5 }).map((s) => s.join("/"));
    fc.assert(
      fc.property(pattern, path, (p, s) => {
        const result = steps(p, s);
        expect(result.matched).toBe(reference(p, s));
        expect(result.steps).toBeLessThanOrEqual(bound(p, s));
      }),
      { seed: 38, numRuns: 3000 },
    );
  });
});
