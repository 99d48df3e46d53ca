import { describe, expect, it } from "vitest";
import { colorLevel } from "../../../src/cli/shared/color.js";

describe("colorLevel", () => {
  it("--no-color wins over everything", () => {
    expect(colorLevel(false, true, { FORCE_COLOR: "3" })).toBe(0);
  });

  it("FORCE_COLOR next: 0 or false off, 2 and 3 their palettes, anything else 1, pipe or not, NO_COLOR or not", () => {
    expect(colorLevel(true, true, { FORCE_COLOR: "0" })).toBe(0);
    expect(colorLevel(true, true, { FORCE_COLOR: "FALSE" })).toBe(0);
    expect(colorLevel(true, false, { FORCE_COLOR: "2" })).toBe(2);
    expect(colorLevel(true, false, { FORCE_COLOR: "3", NO_COLOR: "1" })).toBe(3);
    expect(colorLevel(true, false, { FORCE_COLOR: "" })).toBe(1);
    expect(colorLevel(true, false, { FORCE_COLOR: "yes" })).toBe(1);
  });

  it("then NO_COLOR, when not empty", () => {
    expect(colorLevel(true, true, { NO_COLOR: "1" })).toBe(0);
    expect(colorLevel(true, true, { NO_COLOR: "" })).toBe(1);
  });

  it("otherwise colour on a terminal only, and not on TERM=dumb", () => {
    expect(colorLevel(true, true, {})).toBe(1);
    expect(colorLevel(true, false, {})).toBe(0);
    expect(colorLevel(true, true, { TERM: "dumb" })).toBe(0);
  });
});
