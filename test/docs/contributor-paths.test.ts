import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths.js";

/**
 * CONTRIBUTING.md's recipes and ARCHITECTURE.md's map name the files a change touches
 * (issue 35, item 9): every path they spell from the repository's root (src/…, test/…,
 * scripts/…, docs/…, bin/…, schema/…, man/…) is there, so a file moved or folded away cannot
 * leave a recipe pointing at nothing. A placeholder (`src/presets/<library>.ts`) is checked up
 * to its folder; the recipes' worked example of a new format (ndjson, checkstyle) is the one
 * path that must not exist.
 */

const DOCS = ["CONTRIBUTING.md", "ARCHITECTURE.md"] as const;
/** The new files the format recipes walk through, by design not in the repository. */
const EXAMPLES = new Set([
  "src/format/formats/schedule/ndjson.ts",
  "test/format/formats/schedule/ndjson.test.ts",
  "src/format/formats/check/checkstyle.ts",
  "test/format/formats/check/checkstyle.test.ts",
]);

/**
 * Every path from the root a document names, without the sentence's closing punctuation; one
 * cut short by a placeholder or wildcard (`against-*.test.ts`) ends in "…", for a prefix.
 */
function pathsIn(text: string): string[] {
  const found = [...text.matchAll(/(?<![\w./-])(?:src|test|scripts|docs|bin|schema|man)\/[\w./-]*([<*{]?)/g)];
  return [...new Set(found.map(([whole, cut]) => `${whole.slice(0, whole.length - cut!.length).replace(/[.,:;]+$/, "")}${cut === "" ? "" : "…"}`))];
}

/** A path is there; a prefix ("…") begins a name in its folder. */
function exists(path: string): boolean {
  if (!path.endsWith("…")) return existsSync(join(ROOT, path));
  const prefix = path.slice(0, -1);
  if (prefix.endsWith("/")) return existsSync(join(ROOT, prefix));
  const folder = join(ROOT, dirname(prefix));
  return existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(basename(prefix)));
}

describe("the contributor docs name files that exist (issue 35, item 9)", () => {
  for (const doc of DOCS) {
    it(`every path ${doc} names is in the repository (the recipes' new-format example aside)`, () => {
      const paths = pathsIn(readFileSync(join(ROOT, doc), "utf8"));
      expect(paths.length, `${doc} names paths`).toBeGreaterThan(20);
      const missing = paths.filter((path) => !EXAMPLES.has(path) && !exists(path));
      expect(missing, `${doc} names these, which do not exist: fix the doc or the path`).toEqual([]);
    });
  }

  it("the recipes' example format is new: neither file exists", () => {
    for (const path of EXAMPLES) expect(existsSync(join(ROOT, path)), path).toBe(false);
  });

  it("reads a path up to a placeholder and without its sentence's full stop (a reader that found none would pass)", () => {
    expect(pathsIn("Write `src/presets/<library>.ts`, then src/cli/run.ts. See docs/ci.md, test/e2e/, test/presets/against-*.test.ts.")).toEqual([
      "src/presets/…",
      "src/cli/run.ts",
      "docs/ci.md",
      "test/e2e/",
      "test/presets/against-…",
    ]);
    expect([exists("test/presets/against-…"), exists("test/presets/nothing-like-…"), exists("src/presets/…"), exists("src/no-such-file.ts")]).toEqual([true, false, true, false]);
    expect(pathsIn("dist/lib/src/x.ts and core/check-report/rules.ts are not from the root")).toEqual([]);
  });
});
