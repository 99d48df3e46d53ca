import { describe, expect, it } from "vitest";
import { closest, editDistance } from "../../../src/core/text/closest.js";

describe("editDistance (optimal string alignment)", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("base", "base")).toBe(0);
    expect(editDistance("kitten", "sitting")).toBe(3); // k→s, e→i, +g
  });

  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("bsae", "base")).toBe(1);
    expect(editDistance("ab", "ba")).toBe(1);
  });
});

describe("closest", () => {
  const keys = ["base", "cap", "factor", "max-total", "min-total"];

  it("answers a likely typo", () => {
    expect(closest("bsae", keys)).toBe("base");
    expect(closest("facotr", keys)).toBe("factor");
  });

  it("ignores case, hyphens and underscores", () => {
    expect(closest("maxTotal", keys)).toBe("max-total");
    expect(closest("MIN_TOTAL", keys)).toBe("min-total");
  });

  it("answers nothing when more than a third of the key would change", () => {
    // "zzz" is 3 edits from "cap": more than max(1, floor(3 / 3)) = 1
    expect(closest("zzz", keys)).toBeNull();
    expect(closest("ca", ["cap"])).toBe("cap"); // 1 edit, the floor of at least one
  });
});
