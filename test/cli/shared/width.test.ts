import { describe, expect, it } from "vitest";
import { outputWidth } from "../../../src/cli/shared/width.js";

const io = (isTTY: boolean, columns: number | undefined, env: Record<string, string | undefined> = {}) => ({ stdout: { isTTY, columns } as never, env });

describe("outputWidth", () => {
  it("a terminal's own columns", () => {
    expect(outputWidth(io(true, 100, { COLUMNS: "60" }))).toBe(100);
  });

  it("else COLUMNS, a positive whole number (spaces aside)", () => {
    expect(outputWidth(io(false, undefined, { COLUMNS: "72" }))).toBe(72);
    expect(outputWidth(io(false, 100, { COLUMNS: " 72 " }))).toBe(72);
    expect(outputWidth(io(true, 0, { COLUMNS: "50" }))).toBe(50);
  });

  it("else null: a pipe or file gets the full width", () => {
    expect(outputWidth(io(false, 100))).toBeNull();
    expect(outputWidth(io(true, undefined))).toBeNull();
    for (const COLUMNS of ["0", "", "abc", "72px", "-5", "7.5"]) expect(outputWidth(io(false, undefined, { COLUMNS }))).toBeNull();
  });
});
