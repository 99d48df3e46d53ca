/** YAML streams into the recognisers' tree (src/config/read/yaml.ts): documents, offsets and the guards, by hand. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_YAML_DEPTH, YamlSyntaxError, parseYamlDocuments } from "../../../src/config/read/yaml.js";
import type { JsonNode } from "../../../src/config/read/json.js";
import { ROOT } from "../../support/paths.js";

const IN_CI = Boolean(process.env["CI"]) && process.env["CI"] !== "false";

/** A tree as plain data (what PyYAML's json.dumps gives). */
function plain(node: JsonNode | null): unknown {
  if (node === null) return null;
  switch (node.kind) {
    case "object":
      return Object.fromEntries([...node.entries].map(([key, entry]) => [key, plain(entry.value)]));
    case "array":
      return node.items.map(plain);
    case "null":
      return null;
    default:
      return node.value;
  }
}

const entry = (node: JsonNode | null, key: string) => (node !== null && node.kind === "object" ? node.entries.get(key) : undefined);
const failure = (text: string) => {
  try {
    parseYamlDocuments(text);
  } catch (error) {
    return error instanceof YamlSyntaxError ? { offset: error.offset, message: error.message } : { unexpected: String(error) };
  }
  return null;
};

describe("parseYamlDocuments", () => {
  it("every document of a stream, each root at its place in the whole text (plain and library readers alike)", () => {
    const text = "a: 1\n---\nb: two\n";
    for (const via of ["plain-first", "library"] as const) {
      const documents = parseYamlDocuments(text, () => true, via);
      expect(documents.map((d) => d.root?.pos)).toEqual([0, text.indexOf("b:")]);
      expect(entry(documents[0]!.root, "a")).toEqual({ keyPos: 0, value: { kind: "number", pos: 3, value: 1, source: "1" } });
      expect(entry(documents[1]!.root, "b")).toEqual({ keyPos: text.indexOf("b:"), value: { kind: "string", pos: text.indexOf("two"), value: "two" } });
    }
  });

  it("passes over the documents `wanted` declines, without reading them", () => {
    const text = "kind: Deployment\n---\nkind: Job\n: : broken [\n";
    const documents = parseYamlDocuments("kind: Deployment\n---\nkind: Job\n", (piece) => piece.includes("Job"));
    expect(documents).toHaveLength(1);
    expect(entry(documents[0]!.root, "kind")?.value).toMatchObject({ value: "Job" });
    // A declined document's syntax is never looked at.
    expect(() => parseYamlDocuments(text, (piece) => piece.includes("Deployment"))).not.toThrow();
  });

  it("a comment alone is no document (YAML 1.2 §9.2); an explicit --- with nothing after it is one, an empty node: null, right after the marker", () => {
    expect(parseYamlDocuments("# only a comment\n")).toEqual([]);
    expect(parseYamlDocuments("---\n").map((d) => d.root)).toEqual([{ kind: "null", pos: 3 }]);
  });

  it("an unknown tag earns no object: the node keeps its plain value", () => {
    const [document] = parseYamlDocuments("Value: !Ref Param\n");
    expect(entry(document!.root, "Value")?.value).toMatchObject({ kind: "string", value: "Param" });
  });

  it("an alias is its anchor's node, shared; a merge key copies the entries", () => {
    const [document] = parseYamlDocuments("base: &b {retries: 3}\nsame: *b\nmerged: {<<: *b, delay: 1}\n");
    const root = document!.root;
    expect(entry(root, "same")!.value).toBe(entry(root, "base")!.value);
    const merged = entry(root, "merged")!.value;
    expect(merged.kind === "object" && [...merged.entries.keys()].sort()).toEqual(["delay", "retries"]);
  });

  it("refuses, at the offending offset: a duplicate key, an alias without anchor, a stream nested too deep", () => {
    const duplicate = "retries: 1\nretries: 2\n";
    expect(failure(duplicate)).toEqual({ offset: duplicate.lastIndexOf("retries"), message: 'duplicate key "retries"' });
    expect(failure("a: *nowhere\n")).toMatchObject({ message: "alias *nowhere names no anchor before it" });
    expect(MAX_YAML_DEPTH).toBe(200);
    expect(failure(`${"[".repeat(201)}${"]".repeat(201)}`)).toMatchObject({ message: "nested more than 200 levels deep" });
  });

  it("a stream of more than 100,000 documents is refused at the marker past them, before any is parsed", () => {
    // The first document has no marker; markers 1 to 99,999 start documents 2 to 100,000, marker 100,000 (at 5 + 99,999 × 4) the one too many.
    const text = `a: 1\n${"---\n".repeat(150_000)}`;
    expect(failure(text)).toEqual({ offset: 5 + 99_999 * 4, message: "more than 100,000 documents in one file" });
    expect(parseYamlDocuments(`a: 1\n${"---\nb: 2\n".repeat(99_999)}`, () => false)).toEqual([]);
  });
});

describe("a flow collection's line indented less than YAML 1.2 allows (issue 22, item 8)", () => {
  // A SAM template's flow map whose closing } sits left of its key: the yaml library refuses
  // it, PyYAML 6.0 (SAM CLI's and cfn-lint's reader) and go-yaml 3.0.1 read it as
  // {FunctionName: charge} (the last test runs PyYAML on the fixture; go-yaml was run by hand,
  // Debian's golang-gopkg-yaml.v3-dev 3.0.1, yaml.Unmarshal: the same tree).
  const text = "Parameters: {\n    FunctionName: charge\n}\nRetry: 2\n";
  const nested = "Charge:\n  Parameters: {\n    FunctionName: charge\n}\n  Retry: 2\n";

  it("is read as PyYAML reads it, every offset in the file's own text, and says where and what the library refused", () => {
    const [document] = parseYamlDocuments(nested);
    const charge = entry(document!.root, "Charge")!.value;
    expect(entry(entry(charge, "Parameters")!.value, "FunctionName")).toEqual({ keyPos: nested.indexOf("FunctionName"), value: { kind: "string", pos: nested.indexOf("charge"), value: "charge" } });
    expect(entry(charge, "Retry")).toEqual({ keyPos: nested.indexOf("Retry"), value: { kind: "number", pos: nested.indexOf("2"), value: 2, source: "2" } });
    // The } at line 4, column 1 (offset 44) is the one line re-indented.
    expect(document!.lenient).toEqual({ rule: "flow", offset: nested.indexOf("}"), lines: 1, refused: "Flow map in block collection must be sufficiently indented and end with a }" });
  });

  it("a document YAML 1.2 reads as it is says nothing; a flow map left open stays refused (PyYAML refuses it too)", () => {
    expect(parseYamlDocuments(text.replace("\n}", "\n  }"))[0]!.lenient).toBeUndefined();
    expect(failure("Charge:\n  Parameters: {\n    FunctionName: charge\n  Retry: 2\n")).toMatchObject({ message: expect.stringMatching(/sufficiently indented|flow/) });
  });

  it("several lines, in a flow list too, each mapped back", () => {
    const list = "a:\n  b: [1,\n2,\n]\n  c: 3\n";
    const [document] = parseYamlDocuments(list);
    const b = entry(entry(document!.root, "a")!.value, "b")!.value;
    expect(b).toEqual({ kind: "array", pos: list.indexOf("["), items: [
      { kind: "number", pos: list.indexOf("1"), value: 1, source: "1" },
      { kind: "number", pos: list.indexOf("2"), value: 2, source: "2" },
    ] });
    expect(entry(entry(document!.root, "a")!.value, "c")!.keyPos).toBe(list.indexOf("c:"));
    expect(document!.lenient).toMatchObject({ rule: "flow", offset: list.indexOf("2"), lines: 2 });
  });

  const FIXTURE = join(ROOT, "test/fixtures/real-world/sam/template.yaml");
  // CloudFormation's short tags (!Ref) as cfn-lint reads them: a constructor for every "!" tag; the tree compared is the state machine's.
  const PYYAML = [
    "import json, sys, yaml",
    "class Loader(yaml.SafeLoader): pass",
    "Loader.add_multi_constructor('!', lambda loader, suffix, node: loader.construct_scalar(node))",
    "print(json.dumps(yaml.load(open(sys.argv[1]), Loader=Loader)))",
  ].join("\n");
  const python = spawnSync("python3", ["-c", "import yaml; print(yaml.__version__)"], { encoding: "utf8" });
  if (python.status === 0) {
    it(`reads the SAM fixture as PyYAML ${python.stdout.trim()} does: the same tree, unknown tags kept as their plain values`, () => {
      const run = spawnSync("python3", ["-c", PYYAML, FIXTURE], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      const theirs = JSON.parse(run.stdout) as unknown;
      const ours = parseYamlDocuments(readFileSync(FIXTURE, "utf8"));
      expect(ours).toHaveLength(1);
      expect(plain(ours[0]!.root)).toEqual(theirs);
      expect(ours[0]!.lenient).toMatchObject({ lines: 1 });
    });
  } else if (IN_CI) {
    it("PyYAML is installed (CI)", () => {
      throw new Error("python3 with PyYAML (Debian's python3-yaml) is missing; .ci/run installs it");
    });
  } else {
    it.skip("reads the SAM fixture as PyYAML does (skipped: no python3 with PyYAML)", () => undefined);
  }
});

// Envoy Gateway's own test data (envoyproxy/gateway internal/gatewayapi/testdata/
// envoyextensionpolicy-with-lua.in.yaml, line 69) writes Lua code as a double-quoted scalar whose
// continuation lines sit at its key's indentation: the yaml library refuses it ("Missing closing
// "quote"), go-yaml (which Envoy Gateway's tests read it with) and PyYAML accept it.
describe("a quoted scalar's continuation line not indented past its key", () => {
  const lua = 'lua:\n- type: Inline\n  inline: "function f(h)\n  h:log(\'x\')\n  end"\n- type: Other\n';
  it("is read as PyYAML reads it (the lines folded, leading spaces trimmed), offsets in the file's text, and says so", () => {
    const [document] = parseYamlDocuments(lua);
    // PyYAML 6.0: {'lua': [{'type': 'Inline', 'inline': "function f(h) h:log('x') end"}, {'type': 'Other'}]}
    expect(plain(document!.root)).toEqual({ lua: [{ type: "Inline", inline: "function f(h) h:log('x') end" }, { type: "Other" }] });
    const items = entry(document!.root, "lua")!.value;
    expect(items.kind === "array" && items.items[1]!.kind === "object" ? items.items[1]!.entries.get("type")!.keyPos : null).toBe(lua.lastIndexOf("type"));
    // Two lines re-indented, the first line 4 (its start, where the space goes in).
    expect(document!.lenient).toEqual({ rule: "quoted", offset: lua.indexOf("  h:log"), lines: 2, refused: 'Missing closing "quote' });
  });
  it("single quotes ('' inside) too", () => {
    const [single] = parseYamlDocuments("a:\n  b: 'it''s\n  here'\n  c: 1\n");
    expect(plain(single!.root)).toEqual({ a: { b: "it's here", c: 1 } });
    expect(single!.lenient).toMatchObject({ rule: "quoted", lines: 1 });
  });
  it("a quote never closed, or cut by a document marker, stays refused (PyYAML refuses both)", () => {
    expect(failure('a:\n  b: "open\n  c: 1\n')).toMatchObject({ message: expect.stringMatching(/^Missing closing "quote/) });
    expect(failure('a:\n  b: "open\n---\nc"\n')).toMatchObject({ message: expect.stringMatching(/quote/) });
  });
});
