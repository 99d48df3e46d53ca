import { describe, expect, it } from "vitest";
import { TomlSyntaxError, parseTomlDocument } from "../../../src/config/read/toml.js";
import type { JsonNode } from "../../../src/config/read/json.js";

// read/toml.ts: smol-toml 1.9.1 parses (and refuses), and a second pass places each key and
// value. Each place below is counted by hand in the text (1-based line:column).
const place = (text: string, offset: number) => {
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
};

/** Every entry of the tree as "path key@line:col value@line:col kind [value]". */
function flatten(text: string, node: JsonNode, path = ""): string[] {
  const out: string[] = [];
  const describe = (n: JsonNode) => (n.kind === "string" ? ` ${JSON.stringify(n.value)}` : n.kind === "number" ? ` ${n.source}` : n.kind === "boolean" ? ` ${n.value}` : "");
  if (node.kind === "object") {
    for (const [key, entry] of node.entries) {
      const at = path === "" ? key : `${path}.${key}`;
      out.push(`${at} key@${place(text, entry.keyPos)} value@${place(text, entry.value.pos)} ${entry.value.kind}${describe(entry.value)}`);
      out.push(...flatten(text, entry.value, at));
    }
  } else if (node.kind === "array") {
    node.items.forEach((item, index) => {
      out.push(`${path}[${index}] value@${place(text, item.pos)} ${item.kind}${describe(item)}`);
      out.push(...flatten(text, item, `${path}[${index}]`));
    });
  }
  return out;
}

describe("TOML with positions (read/toml.ts)", () => {
  it("places table headers at their keys and the [, dotted keys, inline tables and arrays", () => {
    const text = [
      "[http.middlewares.r.retry]", // 1
      "  attempts = 4 # a comment", // 2
      '  initialInterval = "100ms"', // 3
      "[a]", // 4
      "b.c = { d = 1, e = [2, 'x'] }", // 5
      'f = """', // 6
      'g = "not a key"', // 7
      '"""', // 8
      '"h.i" = 0x10', // 9
    ].join("\n");
    expect(flatten(text, parseTomlDocument(text))).toEqual([
      "http key@1:2 value@1:1 object",
      "http.middlewares key@1:7 value@1:1 object",
      "http.middlewares.r key@1:19 value@1:1 object",
      "http.middlewares.r.retry key@1:21 value@1:1 object",
      "http.middlewares.r.retry.attempts key@2:3 value@2:14 number 4",
      'http.middlewares.r.retry.initialInterval key@3:3 value@3:21 string "100ms"',
      "a key@4:2 value@4:1 object",
      "a.b key@5:1 value@5:1 object",
      "a.b.c key@5:3 value@5:7 object",
      "a.b.c.d key@5:9 value@5:13 number 1",
      "a.b.c.e key@5:16 value@5:20 array",
      "a.b.c.e[0] value@5:21 number 2",
      'a.b.c.e[1] value@5:24 string "x"',
      // The multi-line string's second line is no key.
      'a.f key@6:1 value@6:5 string "g = \\"not a key\\"\\n"',
      // A quoted key with a dot is one key; 0x10 is the integer 16.
      "a.h.i key@9:1 value@9:9 number 16",
    ]);
  });

  it("places each element of an array of tables, and a table under the last element", () => {
    const text = "[[s.servers]]\nurl = 'a'\n[[s.servers]]\nurl = 'b'\n[s.servers.tls]\nok = true\n";
    expect(flatten(text, parseTomlDocument(text))).toEqual([
      "s key@1:3 value@1:1 object",
      "s.servers key@1:5 value@1:1 array",
      "s.servers[0] value@1:1 object",
      's.servers[0].url key@2:1 value@2:7 string "a"',
      "s.servers[1] value@3:1 object",
      's.servers[1].url key@4:1 value@4:7 string "b"',
      "s.servers[1].tls key@5:12 value@5:1 object",
      "s.servers[1].tls.ok key@6:1 value@6:6 boolean true",
    ]);
  });

  it("keeps a float's digits as written and a date as its text", () => {
    const text = "a = 4.0\nb = 1_000\nc = 1979-05-27 07:32:00Z\n";
    expect(flatten(text, parseTomlDocument(text))).toEqual(["a key@1:1 value@1:5 number 4.0", "b key@2:1 value@2:5 number 1000", 'c key@3:1 value@3:5 string "1979-05-27 07:32:00Z"']);
  });

  it("a syntax error is a TomlSyntaxError at smol-toml's line and column, its message without the code block", () => {
    const error = (text: string) => {
      try {
        parseTomlDocument(text);
      } catch (e) {
        expect(e).toBeInstanceOf(TomlSyntaxError);
        return `${place(text, (e as TomlSyntaxError).offset)} ${(e as Error).message}`;
      }
      throw new Error("expected an error");
    };
    expect(error("a = 1\n[x]\nb = = 2\n")).toBe("3:5 invalid value");
    expect(error("[t]\na = 1\na = 2\n")).toBe("3:1 trying to redefine an already defined table or value");
  });

  describe("bounds, checked before smol-toml reads the text", () => {
    const refusal = (text: string) => {
      try {
        parseTomlDocument(text);
      } catch (e) {
        expect(e).toBeInstanceOf(TomlSyntaxError);
        return `${place(text, (e as TomlSyntaxError).offset)} ${(e as Error).message}`;
      }
      throw new Error("expected an error");
    };
    const parts = (count: number) => Array.from({ length: count }, () => "a").join(".");
    const retry = "[http.middlewares.x.retry]\nattempts = 3\n";

    it("a table header of 100,000 parts is refused at its 65th part (each part two characters: column 2 + 64 × 2)", () => {
      expect(refusal(`${retry}[${parts(100_000)}]\n`)).toBe("3:130 a table header nested deeper than 64 levels");
    });

    it("a dotted key counts its table's levels: under a table of 4 it is refused at its 61st part", () => {
      expect(refusal(`${retry}${parts(100_000)} = 1\n`)).toBe("3:121 a key nested deeper than 64 levels");
      // An array of tables' element is a level too: [[t]] then 63 parts reach 65.
      expect(refusal(`[[t]]\n${parts(63)} = 1\n`)).toBe("2:125 a key nested deeper than 64 levels");
      // Inside an inline table, the open braces count.
      expect(refusal(`x = { ${parts(64)} = 1 }\n`)).toBe("1:133 a key nested deeper than 64 levels");
    });

    it("arrays and inline tables nested 65 deep, and a key of 1,025 characters, are refused at their place", () => {
      expect(refusal(`x = ${"[".repeat(100_000)}${"]".repeat(100_000)}\n`)).toBe("1:69 an array or inline table nested deeper than 64 levels");
      expect(refusal(`${retry}${"k".repeat(1025)} = 1\n`)).toBe("3:1 a key longer than 1024 characters");
      expect(refusal(`"${"k".repeat(1025)}" = 1\n`)).toBe("1:1 a key longer than 1024 characters");
    });

    it("64 levels are read; dots and brackets in strings and comments are not counted", () => {
      const deep = `[${parts(63)}]\nb = 1\n`;
      let node = parseTomlDocument(deep);
      for (let level = 0; level < 63; level++) node = (node as Extract<JsonNode, { kind: "object" }>).entries.get("a")!.value;
      expect(node.kind === "object" && node.entries.get("b")?.value).toEqual({ kind: "number", pos: deep.indexOf("= 1") + 2, value: 1, source: "1" });
      const text = [`a = "[${parts(100)}]"`, "b = '''", `[${parts(100)}]`, "'''", `# [${parts(100)}]`, `c = ["${"[".repeat(100)}", '{{{']`, "[t]", "d = 1"].join("\n");
      expect(flatten(text, parseTomlDocument(text)).map((line) => line.split(" ")[0])).toEqual(["a", "b", "c", "c[0]", "c[1]", "t", "t.d"]);
    });
  });
});
