import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/paths.js";
import { NOT_YET_MIRRORED } from "./support/unmirrored.js";

/**
 * test/ mirrors src/: a source file with logic (a function with a body) has its test at the
 * mirrored path, src/config/read/yaml.ts → test/config/read/yaml.test.ts. Files without logic
 * (re-exports, types, constants) need none. The files not mirrored yet are listed by name in
 * test/support/unmirrored.ts, and the list only shrinks: a listed file that gains its twin, or
 * no longer exists, must leave it.
 */

const SRC = join(ROOT, "src");
const SOURCES = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.split(/[\\/]/).join("/"))
  .sort();

function hasLogic(path: string): boolean {
  const file = ts.createSourceFile(path, readFileSync(join(SRC, path), "utf8"), ts.ScriptTarget.Latest, true);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined) found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const twinOf = (path: string) => `test/${path.replace(/\.ts$/, ".test.ts")}`;
const hasTwin = (path: string) => existsSync(join(ROOT, twinOf(path)));

describe("test/ mirrors src/", () => {
  it("every source file with logic has its test at the mirrored path, or is listed as not mirrored yet", () => {
    const listed = new Set(NOT_YET_MIRRORED);
    const missing = SOURCES.filter((path) => !listed.has(path) && hasLogic(path) && !hasTwin(path)).map((path) => `src/${path} has no ${twinOf(path)}`);
    expect(missing).toEqual([]);
  });

  it("the list of files not mirrored yet only shrinks: each entry exists and still has no twin", () => {
    const stale = NOT_YET_MIRRORED.filter((path) => !SOURCES.includes(path) || hasTwin(path)).map((path) =>
      SOURCES.includes(path) ? `${path} has its twin now: remove it from test/support/unmirrored.ts` : `${path} is gone: remove it from test/support/unmirrored.ts`,
    );
    expect(stale).toEqual([]);
    expect(new Set(NOT_YET_MIRRORED).size).toBe(NOT_YET_MIRRORED.length);
  });

  it("tells logic from declarations", () => {
    // Fixed points of the rule above: a re-export file and a types file need no twin; a preset does.
    expect(hasLogic("index.ts")).toBe(false);
    expect(hasLogic("presets/types.ts")).toBe(false);
    expect(hasLogic("presets/istio.ts")).toBe(true);
  });
});
