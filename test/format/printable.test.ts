import { describe, expect, it } from "vitest";
import { printable, printableLine, xmlPrintable } from "../../src/format/printable.js";

// format/printable.ts: each control character as an escape, by hand from its code point.
describe("printable", () => {
  it("\\n, \\r and \\t by their letters; the rest of C0, DEL and C1 as \\xHH", () => {
    expect(printable("a\nb\rc\td")).toBe("a\\nb\\rc\\td");
    expect(printable("\u001b[31mred\u001b[39m")).toBe("\\x1b[31mred\\x1b[39m");
    expect(printable("\u0000\u0001\u001f\u007f\u0080\u009f")).toBe("\\x00\\x01\\x1f\\x7f\\x80\\x9f");
  });

  it("the line and paragraph separators and the direction marks as \\uHHHH", () => {
    expect(printable("a\u2028b\u2029c\u202ed\u2066e\u200ff")).toBe("a\\u2028b\\u2029c\\u202ed\\u2066e\\u200ff");
  });

  it("anything else is left as it is: backslashes, quotes, delimiters, other scripts", () => {
    for (const text of ["plain", "C:\\path\\x1b", 'a,"b"|c', "café ✓ 名前", ""]) expect(printable(text)).toBe(text);
  });

  it("printableLine: a line that would begin with :: (after spaces) has its first colon written \\x3a", () => {
    expect(printableLine("::warning file=x::y")).toBe("\\x3a:warning file=x::y");
    expect(printableLine("    ::error::z")).toBe("    \\x3a:error::z");
    expect(printableLine("a\n::warning::b")).toBe("a\\n::warning::b");
    for (const line of ["a::b", ": :", "  ✓ ::x", ""]) expect(printableLine(line)).toBe(line);
  });

  it("xmlPrintable: line ends kept, the other control characters and U+FFFE, U+FFFF escaped", () => {
    expect(xmlPrintable("a\u0001\nb\r\u001b\ufffe\uffff")).toBe("a\\x01\nb\\r\\x1b\\ufffe\\uffff");
    expect(xmlPrintable("<&> café")).toBe("<&> café");
  });
});
