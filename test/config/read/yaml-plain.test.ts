import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JsonNode as Node } from "../../../src/config/read/json.js";
import { type YamlReaders, parseYamlDocuments } from "../../../src/config/read/yaml.js";
import { plainYamlDocument } from "../../../src/config/read/yaml-plain.js";
import { ROOT } from "../../support/paths.js";
import { seededRandom } from "../../support/random.js";

// yaml-plain.ts reads the plainest YAML documents straight from their text; everything it
// declines goes to the `yaml` library. Whatever it takes must be exactly what the
// library's composer gives (tree, offsets, first duplicate key), and it must take the
// documents configuration files are made of, or it saves nothing.
const outcome = (text: string, via: YamlReaders) => {
  try {
    return { documents: parseYamlDocuments(text, () => true, via) };
  } catch (error) {
    const { offset, message } = error as { offset?: number; message: string };
    return { error: `${offset}: ${message}` };
  }
};
const composed = (text: string) => outcome(text, "library");
const read = (text: string) => outcome(text, "plain-first");
const MAX_DEPTH = 200;
const plain = (text: string) => plainYamlDocument(text, 0, MAX_DEPTH);

/** The same text with \r\n line ends, as an editor on Windows saves it. */
const crlf = (text: string) => text.replace(/\n/g, "\r\n");

const fixtureFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? fixtureFiles(join(dir, entry.name)) : /\.ya?ml$/.test(entry.name) ? [join(dir, entry.name)] : []));
/** A YAML stream cut at its document markers, as yaml.ts cuts it. */
const pieces = (text: string): string[] => {
  const starts = [0, ...[...text.matchAll(/^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm)].map((m) => m.index).filter((i) => i > 0), text.length];
  return starts.slice(0, -1).map((start, i) => text.slice(start, starts[i + 1]));
};

/** Documents written as their projects' docs write them (the bench's tree has the same kinds). */
const CONFIGS = [
  `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
  labels:
    app.kubernetes.io/name: shop   # the chart's name
    app.kubernetes.io/version: "1.4.0"
spec:
  backoffLimit: 4
  template:
    spec:
      containers:
      - name: migrate
        image: registry.example.com/shop-migrate:1.4.0
        args: ["--all", '--verbose']
        ports: [{containerPort: 8080}]
        env:
          - name: SETTING_0
            value: "value-0"
      restartPolicy: Never
`,
  `---
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata: {name: reviews}
spec:
  hosts: [reviews.prod.svc.cluster.local]
  http:
  - name: route-0
    match: [{uri: {prefix: /v0}}]
    route:
    - destination: {host: reviews.prod.svc.cluster.local, subset: v1}
    retries: {attempts: 3, perTryTimeout: 2s, retryOn: gateway-error,connect-failure}
`,
  `resilience4j:
  retry:
    configs:
      default:
        maxAttempts: 3
        waitDuration: 500ms
        enableExponentialBackoff: true
        exponentialBackoffMultiplier: 2.0
    instances:
      payments:
        baseConfig: default
        max-attempts: 5
spring:
  kafka:
    producer:
      properties:
        retry.backoff.ms: 100
        delivery.timeout.ms: 30000
`,
  `- - nested
  - list
-
  key: value
- 'quoted': ~
  "double": -12
  hex: 0x1F
  octal: 0o17
  float: 2.50
  exp: 1e3
  inf: -.Inf
  nan: .nan
  yes: yes
  bool: FALSE
- {a: 1, b}
- []
- {}
`,
];

describe("plain YAML read straight from the text (yaml-plain.ts)", () => {
  it("reads a small document into the tree a hand would draw, offset for offset", () => {
    const text = "a: 1\nb:\n- x\n- {c: d, e}\n";
    //            0123 4567 8901 2345678901 2
    const document = plain(text);
    const entry = (node: Node, key: string) => (node.kind === "object" ? node.entries.get(key) : undefined);
    expect(document).not.toBeNull();
    const root = document!.root;
    expect(document!.offset).toBe(0);
    expect(root).toMatchObject({ kind: "object", pos: 0 });
    expect(entry(root, "a")).toEqual({ keyPos: 0, value: { kind: "number", pos: 3, value: 1, source: "1" } });
    const b = entry(root, "b")!;
    expect(b.keyPos).toBe(5);
    expect(b.value).toMatchObject({ kind: "array", pos: 8 });
    const [x, flow] = (b.value as Extract<Node, { kind: "array" }>).items;
    expect(x).toEqual({ kind: "string", pos: 10, value: "x" });
    expect(flow).toMatchObject({ kind: "object", pos: 14 });
    expect(entry(flow!, "c")).toEqual({ keyPos: 15, value: { kind: "string", pos: 18, value: "d" } });
    // A flow key alone: null, where the key ends.
    expect(entry(flow!, "e")).toEqual({ keyPos: 21, value: { kind: "null", pos: 22 } });
    expect(document!.duplicate).toBeNull();
  });

  it("reads \\r\\n line ends, every offset counting the \\r", () => {
    const text = "a: 1 # one\r\nb:\r\n\r\n- x\r\n- 'y'\r\n";
    // a 0, 1 3, the comment 5-9, \r\n 10-11; b 12, \r\n 14-15, the blank line 16-17;
    // - 18, x 20, \r\n 21-22; - 23, 'y' 25 (a quoted scalar starts at its quote).
    const document = plain(text);
    expect(document).not.toBeNull();
    const root = document!.root as Extract<Node, { kind: "object" }>;
    expect(root.entries.get("a")).toEqual({ keyPos: 0, value: { kind: "number", pos: 3, value: 1, source: "1" } });
    expect(root.entries.get("b")).toEqual({
      keyPos: 12,
      value: { kind: "array", pos: 18, items: [{ kind: "string", pos: 20, value: "x" }, { kind: "string", pos: 25, value: "y" }] },
    });
    expect(plain("---\r\nkey: 1\r\nkey: 2\r\n")).toMatchObject({ offset: 0, duplicate: { offset: 13, key: "key" } });
  });

  it("places a document after its marker, or at its first line of content", () => {
    expect(plain("---\nkey: 1\n")?.offset).toBe(0);
    expect(plain("# a comment\n\n  key: 1\n")?.offset).toBe(13);
    expect(plain("key: 1\nkey: 2\n")?.duplicate).toEqual({ offset: 7, key: "key" });
  });

  it("takes every document of the fixtures and of the configurations above that has no tag, anchor or block scalar", () => {
    const documents = [...fixtureFiles(join(ROOT, "test/fixtures/policies")).map((file) => readFileSync(file, "utf8")), ...CONFIGS].flatMap(pieces);
    let taken = 0;
    for (const document of documents) {
      if (/(^|\s)[!&*][\w!]|: [|>]/.test(document) || !/\S/.test(document.replace(/^---.*$/m, ""))) continue;
      expect(plain(document), document).not.toBeNull();
      taken++;
    }
    expect(taken).toBeGreaterThanOrEqual(16);
    for (const text of CONFIGS) expect(read(text), text).toEqual(composed(text));
  });

  it("takes the same documents with \\r\\n line ends, giving the composer's tree offset for offset", () => {
    const texts = [...fixtureFiles(join(ROOT, "test/fixtures/policies")).map((file) => readFileSync(file, "utf8")), ...CONFIGS];
    let taken = 0;
    for (const text of texts) {
      for (const document of pieces(text)) {
        const lf = plain(document);
        const windows = plain(crlf(document));
        expect(windows === null, document).toBe(lf === null);
        if (windows !== null) taken++;
      }
      expect(read(crlf(text)), text).toEqual(composed(crlf(text)));
    }
    expect(taken).toBeGreaterThanOrEqual(16);
  });

  it.each([
    ["an anchor", "a: &x 1\n"],
    ["an alias", "a: 1\nb: *a\n"],
    ["a tag", "a: !Ref b\n"],
    ["a block scalar", "a: |\n  text\n"],
    ["a folded scalar", "a: >\n  text\n"],
    ["an explicit key", "? a\n: 1\n"],
    ["a merge key", "base: {a: 1}\nother:\n  <<: {b: 2}\n"],
    ["an empty value", "a:\nb: 1\n"],
    ["an empty list item", "- \n- a\n"],
    ["a plain scalar over two lines", "a: one\n  two\n"],
    ["a flow list over two lines", "a: [1,\n  2]\n"],
    ["an escape", 'a: "x\\ty"\n'],
    ["a doubled quote", "a: 'it''s'\n"],
    ["a tab", "a:\t1\n"],
    ["a carriage return alone", "a: 1\rb: 2\n"],
    ["a carriage return inside a line", "a: 1\r2\r\n"],
    ["a byte-order mark", "\ufeffa: 1\n"],
    ["a control character", "a: \u0001\n"],
    ["a comment without a space before it", 'a: "x"# note\n'],
    ["a trailing comma", "a: [1, 2, ]\n"],
    ["a space before a key's colon", "a : 1\n"],
    ["content on the marker line", "--- {a: 1}\n"],
    ["a directive", "%YAML 1.2\n---\na: 1\n"],
    ["a key indented wrongly", "a:\n  b: 1\n c: 2\n"],
    ["a list where a map's keys are", "a: 1\n- b\n"],
    ["a nested map on one line", "a: b: c\n"],
    ["a scalar at the root", "just text\n"],
    ["nothing but comments", "# nothing\n"],
    ["a flow key with a flow indicator", "a[0]: 1\n"],
    ["a key over 1024 characters", `${"k".repeat(1025)}: 1\n`],
  ])("declines %s", (_, text) => {
    expect(plain(text)).toBeNull();
  });

  it("declines a document nested deeper than the limit, for the library to refuse", () => {
    const deep = (levels: number) => `${"- ".repeat(levels - 1)}v\n`;
    expect(plain(deep(MAX_DEPTH - 1))).not.toBeNull();
    expect(plain(deep(MAX_DEPTH + 1))).toBeNull();
    expect(read(deep(MAX_DEPTH + 1))).toEqual({ error: expect.stringMatching(/nested more than 200 levels deep$/) });
  });

  // 12,000 parses: a minute on a loaded 2-core machine, hence the longer timeout.
  it("gives the composer's tree or its first error for 6,000 mangled configurations, taking a good share of them", { timeout: 180_000 }, () => {
    const lf = [...CONFIGS, ...fixtureFiles(join(ROOT, "test/fixtures/policies")).map((file) => readFileSync(file, "utf8"))];
    const corpus = [...lf, ...lf.map(crlf)];
    const mutations = [" ", "  ", "\n", ":", ": ", "-", "- ", "#", " #", "{", "}", "[", "]", ",", "'", '"', "''", "?", "&a ", "*a", "!t ", "|", ">", "\t", "\r", "x", "0", "~", "@", "`", "\\", "%", "---\n", "...\n", "<<: ", "a: ", "- a: ", "\u0085", "\ufeff"];
    const random = seededRandom(2026);
    let taken = 0;
    for (let n = 0; n < 6000; n++) {
      let text = corpus[random.integer(0, corpus.length - 1)]!;
      for (let edits = random.integer(1, 3); edits > 0; edits--) {
        const at = random.integer(0, text.length);
        const kind = random.integer(0, 3);
        const lineStart = text.lastIndexOf("\n", at - 1) + 1;
        if (kind === 0) text = text.slice(0, at) + text.slice(at + random.integer(1, 3));
        else if (kind === 1) text = text.slice(0, at) + mutations[random.integer(0, mutations.length - 1)]! + text.slice(at);
        else if (kind === 2) text = text.slice(0, lineStart) + " ".repeat(random.integer(1, 4)) + text.slice(lineStart);
        else {
          const lineEnd = text.indexOf("\n", at);
          const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd + 1);
          text = text.slice(0, lineStart) + line + line + text.slice(lineStart + line.length);
        }
      }
      if (pieces(text).some((piece) => plain(piece) !== null)) taken++;
      expect(read(text), text).toEqual(composed(text));
    }
    // Most edits leave a document plain (or make it wrong in a way only the library words).
    expect(taken).toBeGreaterThan(2000);
  });
});
