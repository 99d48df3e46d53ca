/** YAML streams into the recognisers' tree (src/config/read/yaml.ts): documents, offsets and the guards, by hand. */
import { describe, expect, it } from "vitest";
import { MAX_YAML_DEPTH, YamlSyntaxError, parseYamlDocuments } from "../../../src/config/read/yaml.js";
import type { JsonNode } from "../../../src/config/read/json.js";

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
});
