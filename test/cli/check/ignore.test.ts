import { describe, expect, it } from "vitest";
import { excludeRules, ignoreRule, isIgnored, parseIgnore, ruleMatches } from "../../../src/cli/check/ignore.js";
import { UsageError } from "../../../src/config/errors.js";
import type { GlobMeter } from "../../../src/core/text/glob.js";

// src/cli/check/ignore.ts: .gitignore patterns as gitignore(5) reads them (git-scm.com/docs/gitignore,
// "PATTERN FORMAT"), for the top .gitignore of a scanned directory and for --exclude.

/** Which of `paths` (a trailing / marks a directory) the patterns leave out. */
function ignored(patterns: string, paths: readonly string[]): string[] {
  const rules = parseIgnore(patterns);
  return paths.filter((path) => (path.endsWith("/") ? isIgnored(rules, path.slice(0, -1), true) : isIgnored(rules, path, false)));
}

describe("ignore: which paths a pattern leaves out", () => {
  it("a name without a slash matches at any depth, a file or a directory", () => {
    expect(ignored("retry.json", ["retry.json", "deploy/retry.json", "deploy/retry.json.bak", "my-retry.json", "retry.json/"])).toEqual(["retry.json", "deploy/retry.json", "retry.json/"]);
  });

  it("a slash at the start or in the middle anchors it to the root", () => {
    expect(ignored("/old", ["old", "old/", "src/old/"])).toEqual(["old", "old/"]);
    expect(ignored("deploy/old", ["deploy/old/", "x/deploy/old/", "deploy/old/job.yaml"])).toEqual(["deploy/old/"]);
  });

  it("a trailing slash matches directories only", () => {
    expect(ignored("build/", ["build/", "build", "src/build/"])).toEqual(["build/", "src/build/"]);
  });

  it("* and ? stay within a name; ** crosses directories", () => {
    expect(ignored("*.json", ["a.json", "deploy/b.json", "a.json5", ".json"])).toEqual(["a.json", "deploy/b.json", ".json"]);
    expect(ignored("deploy/*.yaml", ["deploy/a.yaml", "deploy/k8s/a.yaml"])).toEqual(["deploy/a.yaml"]);
    expect(ignored("job-?.yaml", ["job-1.yaml", "job-10.yaml", "job-/.yaml"])).toEqual(["job-1.yaml"]);
    // "**/x": x at any depth, the root included; "a/**": everything inside a; "a/**/b": b at any depth under a.
    expect(ignored("**/fixtures", ["fixtures/", "test/fixtures/", "test/unit/fixtures/", "fixtures2/"])).toEqual(["fixtures/", "test/fixtures/", "test/unit/fixtures/"]);
    expect(ignored("old/**", ["old/a.json", "old/x/b.json", "old", "older/a.json"])).toEqual(["old/a.json", "old/x/b.json"]);
    expect(ignored("a/**/b.json", ["a/b.json", "a/x/b.json", "a/x/y/b.json", "c/a/b.json"])).toEqual(["a/b.json", "a/x/b.json", "a/x/y/b.json"]);
    // ** not alone between slashes is a *.
    expect(ignored("a**b.json", ["ab.json", "axyb.json", "a/b.json"])).toEqual(["ab.json", "axyb.json"]);
  });

  it("character classes: [abc], [a-z], [!abc] (and [^abc]); an unclosed [ is a literal", () => {
    expect(ignored("job-[12].yaml", ["job-1.yaml", "job-2.yaml", "job-3.yaml"])).toEqual(["job-1.yaml", "job-2.yaml"]);
    expect(ignored("v[0-9].json", ["v1.json", "vx.json"])).toEqual(["v1.json"]);
    expect(ignored("v[!0-9].json", ["v1.json", "vx.json"])).toEqual(["vx.json"]);
    expect(ignored("v[^0-9].json", ["v1.json", "vx.json"])).toEqual(["vx.json"]);
    expect(ignored("a[b.json", ["a[b.json", "ab.json"])).toEqual(["a[b.json"]);
  });

  it("the last pattern that matches decides: ! re-includes", () => {
    expect(ignored("*.json\n!keep.json", ["a.json", "keep.json", "deploy/keep.json"])).toEqual(["a.json"]);
    // Order matters: a later exclusion wins over an earlier !.
    expect(ignored("!keep.json\n*.json", ["keep.json"])).toEqual(["keep.json"]);
  });

  it("regex characters in a name are literal; \\ escapes the next character", () => {
    expect(ignored("a+b(1).json", ["a+b(1).json", "aab1.json"])).toEqual(["a+b(1).json"]);
    expect(ignored("\\*.json", ["*.json", "a.json"])).toEqual(["*.json"]);
    expect(ignored("\\!important.json", ["!important.json", "important.json"])).toEqual(["!important.json"]);
    expect(ignored("\\#notes.yaml", ["#notes.yaml"])).toEqual(["#notes.yaml"]);
  });
});

describe("ignore: what is no pattern", () => {
  it("blank lines, comments, a lone ! or / are nothing; CRLF lines read as LF", () => {
    expect(parseIgnore("\n# a comment\n   \n!\n/\n")).toEqual([]);
    expect(ignoreRule("")).toBeNull();
    expect(ignoreRule("# *.json")).toBeNull();
    expect(ignored("a.json\r\nb.json\r\n", ["a.json", "b.json", "c.json"])).toEqual(["a.json", "b.json"]);
  });

  it("trailing spaces are dropped unless escaped", () => {
    expect(ignored("a.json   ", ["a.json", "a.json   "])).toEqual(["a.json"]);
    expect(ignored("a.json\\ ", ["a.json ", "a.json"])).toEqual(["a.json "]);
  });

  it("a rule says whether it negates and is for directories, and matches the whole path", () => {
    const old = ignoreRule("!deploy/old/")!;
    expect([old.negate, old.directoryOnly]).toEqual([true, true]);
    expect(["deploy/old", "deploy/older", "x/deploy/old"].map((path) => ruleMatches(old, path))).toEqual([true, false, false]);
    const tmp = ignoreRule("*.tmp")!;
    expect([tmp.negate, tmp.directoryOnly]).toEqual([false, false]);
    expect(["a.tmp", "x/y/a.tmp", "a.tmp.json"].map((path) => ruleMatches(tmp, path))).toEqual([true, true, false]);
  });
});

describe("ignore: hostile patterns (issue 38)", () => {
  it("--exclude: a pattern that cannot be compiled is bad input naming it; a long one by its start and length", () => {
    expect(() => excludeRules(["[z-a]"])).toThrow(new UsageError('--exclude "[z-a]": the range z-a is empty (z comes after a); write a-z'));
    expect(() => excludeRules(["ok", "[[:nope:]]"])).toThrow(/^--exclude "\[\[:nope:\]\]": \[:nope:\] is no character class/);
    expect(() => excludeRules(["a".repeat(100_000)])).toThrow(new UsageError(`--exclude "${"a".repeat(40)}…": it has 100000 characters; a pattern may have at most 4096`));
    expect(() => excludeRules(["*".repeat(100_000)])).toThrow(new UsageError(`--exclude "${"*".repeat(40)}…": it has 100000 characters; a pattern may have at most 4096`));
    expect(() => excludeRules([""])).toThrow(new UsageError('--exclude needs a pattern such as "*.tmp" or "deploy/old/", got ""'));
  });

  it("a .gitignore line that cannot be compiled is passed over; a backwards range is read as git reads it", () => {
    const rules = parseIgnore(`[[:nope:]]\n${"x".repeat(5000)}\n[z-a].json\n`);
    expect(rules).toHaveLength(1);
    expect(ignored("[z-a].json", ["z.json", "a.json", "m.json"])).toEqual(["z.json"]);
  });

  it("*a*a*a*a*a*a*b against a 100-character name: a step per character, not a try per placement of the stars", () => {
    const meter: GlobMeter = { steps: 0 };
    expect(ruleMatches(ignoreRule("*a*a*a*a*a*a*b")!, "a".repeat(100), meter)).toBe(false);
    // The leading ** (the pattern has no slash: any depth), the name, and one 32-state word per character.
    expect(meter.steps).toBe(102);
  });
});
