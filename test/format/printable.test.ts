import { describe, expect, it } from "vitest";
import { printable } from "../../src/format/printable.js";

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
});
