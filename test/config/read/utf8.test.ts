import { describe, expect, it } from "vitest";
import { UsageError } from "../../../src/config/errors.js";
import { firstInvalidUtf8, utf8Text } from "../../../src/config/read/utf8.js";

// Well-formed UTF-8 as RFC 3629 (table 3-7 of the Unicode standard) has it.
const bytes = (...values: number[]) => Uint8Array.from(values);

describe("firstInvalidUtf8", () => {
  it("−1 for well-formed text of one to four bytes a character", () => {
    expect(firstInvalidUtf8(new TextEncoder().encode("héllo € 😀 \u{10FFFF}"))).toBe(-1);
    expect(firstInvalidUtf8(bytes())).toBe(-1);
  });

  it("the offset of the first bad sequence's lead byte", () => {
    expect(firstInvalidUtf8(bytes(0x80))).toBe(0); // a continuation byte alone
    expect(firstInvalidUtf8(bytes(0x61, 0xc0, 0xaf))).toBe(1); // an overlong "/" (C0, C1 never appear)
    expect(firstInvalidUtf8(bytes(0xe0, 0x80, 0x80))).toBe(0); // an overlong three-byte form
    expect(firstInvalidUtf8(bytes(0xed, 0xa0, 0x80))).toBe(0); // U+D800, a surrogate
    expect(firstInvalidUtf8(bytes(0xf0, 0x8f, 0xbf, 0xbf))).toBe(0); // an overlong four-byte form
    expect(firstInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0); // above U+10FFFF
    expect(firstInvalidUtf8(bytes(0xf5, 0x80, 0x80, 0x80))).toBe(0); // F5..FF never appear
    expect(firstInvalidUtf8(bytes(0x61, 0xc3, 0x28))).toBe(1); // a lead byte without its continuation
    expect(firstInvalidUtf8(bytes(0x61, 0xe2, 0x82))).toBe(1); // € cut short at the end
  });

  it("the edges of each range are taken", () => {
    expect(firstInvalidUtf8(bytes(0xc2, 0x80, 0xdf, 0xbf))).toBe(-1); // U+0080, U+07FF
    expect(firstInvalidUtf8(bytes(0xe0, 0xa0, 0x80, 0xed, 0x9f, 0xbf, 0xee, 0x80, 0x80))).toBe(-1); // U+0800, U+D7FF, U+E000
    expect(firstInvalidUtf8(bytes(0xf0, 0x90, 0x80, 0x80, 0xf4, 0x8f, 0xbf, 0xbf))).toBe(-1); // U+10000, U+10FFFF
  });
});

describe("utf8Text", () => {
  it("the text of well-formed bytes", () => {
    expect(utf8Text(new TextEncoder().encode("base: 1s\n"), "retry.yaml")).toBe("base: 1s\n");
  });

  it("refuses a bad byte at its line and column, naming it", () => {
    const refused = () => utf8Text(bytes(0x61, 0x0a, 0x62, 0x63, 0xff), "retry.yaml");
    expect(refused).toThrow(UsageError);
    expect(refused).toThrow("retry.yaml:2:3: invalid UTF-8 (byte 0xFF); save the configuration as UTF-8");
    // CRLF and CR end lines too; a character before it counts once however many bytes it has.
    expect(() => utf8Text(bytes(0x61, 0x0d, 0x0a, 0xc3, 0xa9, 0xfe), "a.json")).toThrow("a.json:2:2: invalid UTF-8 (byte 0xFE)");
    expect(() => utf8Text(bytes(0x0d, 0x0d, 0x80), "b")).toThrow("b:3:1: invalid UTF-8 (byte 0x80)");
  });
});
