import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../../src/config/errors.js";
import { MAX_DEPTH, lineColumn, lineLocator, parseJsonSource } from "../../../src/config/read/json.js";

function errorOf(text: string): string {
  try {
    parseJsonSource(text, "f.json");
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("expected a parse error");
}

describe("lineColumn", () => {
  it("counts lines after \\n, \\r\\n and a lone \\r, columns from 1", () => {
    // "ab\ncd": offset 4 is "d", line 2, column 2.
    expect(lineColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    // "a\r\nb": the \r\n is one line break; "b" at offset 3 is line 2, column 1.
    expect(lineColumn("a\r\nb", 3)).toEqual({ line: 2, column: 1 });
    expect(lineColumn("a\rb", 2)).toEqual({ line: 2, column: 1 });
    expect(lineColumn("abc", 0)).toEqual({ line: 1, column: 1 });
  });
});

describe("parseJsonSource", () => {
  it("reads every JSON value kind, keeping positions and number digits", () => {
    const node = parseJsonSource('{"a": [1, -2.50, 1e3], "b": "x\\u0041\\n", "c": true, "d": null}', "f.json");
    expect(node.kind).toBe("object");
    if (node.kind !== "object") return;
    expect([...node.entries.keys()]).toEqual(["a", "b", "c", "d"]);
    const a = node.entries.get("a")!;
    expect(a.keyPos).toBe(1);
    expect(a.value.kind).toBe("array");
    if (a.value.kind !== "array") return;
    expect(a.value.items.map((n) => (n.kind === "number" ? [n.value, n.source] : null))).toEqual([
      [1, "1"],
      [-2.5, "-2.50"],
      [1000, "1e3"],
    ]);
    const b = node.entries.get("b")!.value;
    expect(b.kind === "string" && b.value).toBe("xA\n");
  });

  it("reads strings as JSON.parse does: escapes at the start, middle and end, surrogate pairs, keys and values", () => {
    const strings = ["", "plain", "\\u00e9t\\u00e9", "a\\\"b", "\\\\", "\\n\\t\\r\\b\\f\\/", "tail\\\\", "\\ud83d\\ude00 and 😀", "${States.ALL}", "x\\u0041y\\u0042"];
    for (const raw of strings) {
      const text = `{"${raw}": ["${raw}", "${raw}${raw}"]}`;
      const expected = JSON.parse(text) as Record<string, string[]>;
      const node = parseJsonSource(text, "f.json");
      if (node.kind !== "object") throw new Error("an object expected");
      const [key, entry] = [...node.entries][0]!;
      expect(key, text).toBe(Object.keys(expected)[0]);
      const items = entry.value.kind === "array" ? entry.value.items : [];
      expect(items.map((n) => (n.kind === "string" ? n.value : null)), text).toEqual(Object.values(expected)[0]);
    }
  });

  it("keeps __proto__ as an ordinary key that never reaches a prototype", () => {
    const node = parseJsonSource('{"__proto__": {"polluted": true}, "constructor": 1}', "f.json");
    expect(node.kind === "object" && [...node.entries.keys()]).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("reports malformed JSON with file, line and column", () => {
    // Line 3 is `  "b": 2`; the missing comma is noticed at its quote, column 3.
    expect(errorOf('{\n  "a": 1\n  "b": 2\n}')).toBe("f.json:3:3: expected ',' or '}' after a property value, got '\"'");
    expect(errorOf('{"a": }')).toBe("f.json:1:7: expected a JSON value, got '}'");
    expect(errorOf('{"a": 1,}')).toBe("f.json:1:9: trailing comma before '}'");
    expect(errorOf('{"a": 1')).toBe("f.json:1:8: expected ',' or '}' after a property value, got the end of the input");
    expect(errorOf("{'a': 1}")).toBe("f.json:1:2: expected a property name in double quotes, got '''");
    expect(errorOf('{"a": tru}')).toBe("f.json:1:7: expected a JSON value, got 't'");
    expect(errorOf('{"a": 1} x')).toBe("f.json:1:10: unexpected 'x' after the end of the JSON value");
    expect(errorOf('{"a": "x\ny"}')).toBe("f.json:1:9: character U+000A inside a string (write it as an escape such as \\n)");
    expect(errorOf('{"a": 01}')).toBe('f.json:1:7: invalid number "01"');
    expect(errorOf('{"cap": 30s}')).toBe('f.json:1:9: 30s is not a JSON value; a duration with a unit must be a string, such as "30s"');
  });

  it("with substitutions, a bare ${Name} where a value goes is a string marked substitution, its own text; without, it is no JSON", () => {
    const text = '{"TimeoutSeconds": ${Timeout}, "Arn": "${Fn.Arn}", "Region": ${AWS::Region}}';
    expect(errorOf(text)).toBe("f.json:1:20: expected a JSON value, got '$'");
    const root = parseJsonSource(text, "f.json", { substitutions: true });
    expect(root.kind === "object" ? [...root.entries].map(([key, entry]) => [key, entry.value]) : null).toEqual([
      ["TimeoutSeconds", { kind: "string", pos: 19, value: "${Timeout}", substitution: true }],
      ["Arn", { kind: "string", pos: 38, value: "${Fn.Arn}" }],
      ["Region", { kind: "string", pos: 61, value: "${AWS::Region}", substitution: true }],
    ]);
    // Only a name: "${ x }", "$x" and "${}" stay errors.
    for (const bad of ['{"a": ${ x }}', '{"a": $x}', '{"a": ${}}']) expect(() => parseJsonSource(bad, "f.json", { substitutions: true })).toThrow("f.json:1:7: expected a JSON value, got '$'");
  });

  it("refuses duplicate keys, naming the first", () => {
    expect(errorOf('{"base": 1,\n "base": 2}')).toBe('f.json:2:2: duplicate key "base" (first at line 1, column 2)');
  });

  it("refuses numbers beyond a double", () => {
    expect(errorOf('{"base": 1e400}')).toBe("f.json:1:10: number 1e400 is too large");
  });

  it("refuses a property name of more than 1,024 characters where it starts (issue 38, item 1)", () => {
    expect(errorOf(`{"base": 1, "${"k".repeat(1025)}": 2}`)).toBe("f.json:1:13: a property name longer than 1024 characters");
    expect(() => parseJsonSource(`{"${"k".repeat(1024)}": 2}`, "f.json")).not.toThrow();
  });

  it("refuses nesting deeper than MAX_DEPTH without exhausting the stack", () => {
    const deep = "[".repeat(100_000);
    // The value at depth MAX_DEPTH + 1 starts at offset MAX_DEPTH + 1 (column MAX_DEPTH + 2).
    expect(errorOf(deep)).toBe(`f.json:1:${MAX_DEPTH + 2}: nested more than ${MAX_DEPTH} levels deep`);
  });
});

describe("lineLocator", () => {
  it("lineLocator agrees with a scan from the start for every offset (\\n, \\r\\n and \\r line ends)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "\n", "\r", "\r\n", " ", "é"), { maxLength: 60 }), (pieces) => {
        const text = pieces.join("");
        const locate = lineLocator(text);
        for (let offset = 0; offset <= text.length + 1; offset++) expect(locate(offset)).toEqual(lineColumn(text, offset));
      }),
      { numRuns: 300, seed: 9 },
    );
  });
});
