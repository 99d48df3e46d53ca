import { describe, expect, it } from "vitest";
import { PropertiesError, parseProperties } from "../../../src/config/read/properties.js";

// Expected values follow java.util.Properties.load's documented rules (its Javadoc
// examples are reproduced in the first test), worked out by hand.
const pairs = (text: string) => parseProperties(text).map((e) => [e.key, e.value]);

describe(".properties reader (java.util.Properties.load)", () => {
  it("reads the Javadoc's three ways of writing one pair, and a key alone", () => {
    expect(pairs("Truth = Beauty\n  Truth:Beauty\nTruth                    :Beauty\ncheeses\n")).toEqual([
      ["Truth", "Beauty"],
      ["Truth", "Beauty"],
      ["Truth", "Beauty"],
      ["cheeses", ""],
    ]);
  });

  it("joins continuation lines, dropping the next line's leading blanks", () => {
    const text = "fruits                           apple, banana, pear, \\\n                                  cantaloupe, watermelon, \\\n                                  kiwi, mango\n";
    expect(pairs(text)).toEqual([["fruits", "apple, banana, pear, cantaloupe, watermelon, kiwi, mango"]]);
  });

  it("an even number of trailing backslashes is an escaped backslash, not a continuation", () => {
    expect(pairs("a=x\\\\\nb=y\n")).toEqual([
      ["a", "x\\"],
      ["b", "y"],
    ]);
  });

  it("skips # and ! comments and blank lines; a comment ending in a backslash does not continue", () => {
    expect(pairs("# comment \\\n! another\n\n   \nkey=value\n")).toEqual([["key", "value"]]);
  });

  it("decodes escapes: \\t \\n \\r \\f, \\uXXXX, and any other escaped character as itself (also in keys)", () => {
    expect(pairs("a\\ b\\=c\\:d = 1\\t2\\n3\\u00e9\\z\n")).toEqual([["a b=c:d", "1\t2\n3éz"]]);
  });

  it("splits at the first unescaped separator; one = or : after blanks is the separator, a second belongs to the value", () => {
    expect(pairs("k==v\nk2 = = v\nk3 : v:w\nk4 v w\n")).toEqual([
      ["k", "=v"],
      ["k2", "= v"],
      ["k3", "v:w"],
      ["k4", "v w"],
    ]);
  });

  it("refuses a key of more than 1,024 characters, at its start (issue 38, item 1)", () => {
    expect(parseProperties(`${"k".repeat(1024)}=1\n`)[0]!.key.length).toBe(1024);
    try {
      parseProperties(`ok=1\n${"k".repeat(1025)}=2\n`);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PropertiesError);
      // The long key starts after "ok=1\n": offset 5.
      expect((error as PropertiesError).offset).toBe(5);
      expect((error as PropertiesError).message).toBe("a key longer than 1024 characters");
    }
  });

  it("refuses a malformed \\u escape, at its position", () => {
    try {
      parseProperties("ok=1\nbad=ab\\u12g4\n");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PropertiesError);
      // "bad=ab" is 6 characters after the newline at offset 4: the backslash is at offset 11.
      expect((error as PropertiesError).offset).toBe(11);
    }
  });

  it("keeps the offsets of each key and value, across \\r\\n, \\r and continuations", () => {
    const text = "a=1\r\n  bb : 2\rc=\\\n   3";
    expect(parseProperties(text).map((e) => [e.key, e.keyOffset, e.valueOffset])).toEqual([
      ["a", 0, 2],
      ["bb", 7, 12],
      ["c", 14, 21],
    ]);
  });

  it("a continuation at the end of the text ends the value; a BOM is not part of the first key", () => {
    expect(pairs("\uFEFFx=1\\")).toEqual([["x", "1"]]);
  });

  it("counts Spring Boot's #--- and !--- document separators", () => {
    expect(parseProperties("a=1\n#---\nb=2\n!---\nc=3\n").map((e) => [e.key, e.document])).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 2],
    ]);
  });

  it("keeps every entry in order; a later key is the one that counts (as Properties.put does)", () => {
    expect(pairs("retries=1\nretries=3\n")).toEqual([
      ["retries", "1"],
      ["retries", "3"],
    ]);
  });
});
