import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseYamlDocuments } from "../../../../src/cli/check/yaml-tree.js";
import { ROOT } from "../../../support/paths.js";
import { seededRandom } from "../../../support/random.js";

// yaml-fast.ts reads the plain documents straight from yaml's CST; everything else goes
// through the library's composer. Whichever way a document goes, the tree (every offset
// included) and the first error (offset and message) must be what the composer gives.
const outcome = (text: string, composeAlways: boolean) => {
  try {
    // The CST's way alone: yaml-plain.ts, which would take most of these first, has its own test.
    return { documents: parseYamlDocuments(text, () => true, composeAlways ? "composer" : "cst") };
  } catch (error) {
    const { offset, message } = error as { offset?: number; message: string };
    return { error: `${offset}: ${message}` };
  }
};
const same = (text: string) => expect(outcome(text, false), text).toEqual(outcome(text, true));

const fixtures = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? fixtures(join(dir, entry.name)) : /\.ya?ml$/.test(entry.name) ? [readFileSync(join(dir, entry.name), "utf8")] : [],
  );
const CORPUS = [
  ...fixtures(join(ROOT, "test/fixtures/policies")),
  "a: 1\nb: [x, 'y', \"z\\u0041\", {c: d, e: 0x1F}]\nc: {f: .inf, g: -.Inf, h: .nan, i: 1e3, j: 0o17, k: +12, l: 2.50}\nm: ~\nn: null\no: True\np: FALSE\nq: yes\n",
  "- a\n- b: 1\n  c: 2\n- [1, 2]\n- - nested\n  - list\n# a comment\n",
  "key: value # comment\n'quoted key': 1\n\"dq\": 2\nplain\n  multi: 3\n",
  "---\nkind: Job\nspec:\n  backoffLimit: 3\n...\n---\nother: {a: 1, a: 2}\n",
  "a:\n  b:\n    c: 1\n  d: 2\n e: 3\n",
  "retries: {attempts: 3, retryOn: gateway-error,connect-failure, 'q',\n  \"r\" , s: [t, u]}\n",
];
const MUTATIONS = [" ", "  ", "\n", ":", ": ", "-", "- ", "#", " #", "{", "}", "[", "]", ",", "'", '"', "?", "? ", "&a ", "*a", "!t ", "|", ">", "\t", "x", "0", "@", "`", "\\", "%", "---\n", "...\n", "<<: "];

describe("YAML straight from the CST (yaml-fast.ts)", () => {
  it("gives the composer's tree for every fixture", () => {
    for (const text of CORPUS) same(text);
  });

  it("refuses a document nested deeper than 200 levels as the composing path does, at the same place", () => {
    // Block maps, block lists and flow lists whose deepest scalar sits at level 199 to 202
    // (the root collection is level 1, its keys and values level 2, and so on).
    const blockMap = (levels: number) => Array.from({ length: levels - 1 }, (_, i) => `${" ".repeat(i)}k${i}:${i === levels - 2 ? " v" : ""}\n`).join("");
    const blockSeq = (levels: number) => `${"- ".repeat(levels - 1)}v\n`;
    const flowSeq = (levels: number) => `${"[".repeat(levels - 1)}v${"]".repeat(levels - 1)}\n`;
    const flowMapKey = (levels: number) => `${"{a: ".repeat(levels - 2)}{b}${"}".repeat(levels - 2)}\n`;
    for (const levels of [199, 200, 201, 202]) {
      for (const make of [blockMap, blockSeq, flowSeq, flowMapKey]) {
        const text = make(levels);
        same(text);
        const result = outcome(text, false);
        if (levels <= 200) expect("documents" in result, text).toBe(true);
        else expect(result, text).toEqual({ error: expect.stringMatching(/^\d+: nested more than 200 levels deep$/) });
      }
    }
  });

  it("gives the composer's tree or its first error for 4,000 mangled variants", () => {
    const random = seededRandom(13);
    for (let n = 0; n < 4000; n++) {
      let text = CORPUS[random.integer(0, CORPUS.length - 1)]!;
      for (let edits = random.integer(1, 3); edits > 0; edits--) {
        const at = random.integer(0, text.length);
        const kind = random.integer(0, 3);
        if (kind === 0) text = text.slice(0, at) + text.slice(at + random.integer(1, 3));
        else if (kind === 1) text = text.slice(0, at) + MUTATIONS[random.integer(0, MUTATIONS.length - 1)]! + text.slice(at);
        else if (kind === 2) {
          const lineStart = text.lastIndexOf("\n", at - 1) + 1;
          text = text.slice(0, lineStart) + " ".repeat(random.integer(1, 4)) + text.slice(lineStart);
        } else {
          const lineStart = text.lastIndexOf("\n", at - 1) + 1;
          const lineEnd = text.indexOf("\n", at);
          const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd + 1);
          text = text.slice(0, lineStart) + line + line + text.slice(lineStart + line.length);
        }
      }
      same(text);
    }
  });
});
