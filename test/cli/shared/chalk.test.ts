import { describe, expect, it } from "vitest";
import { chalkAt } from "../../../src/cli/shared/chalk.js";

describe("chalkAt", () => {
  it("paints at the level asked for, whatever chalk would detect", async () => {
    expect((await chalkAt(0)).red("x")).toBe("x");
    // ANSI: red 31, reset 39; 256 colours' orange 208; truecolor's 38;2;r;g;b.
    expect((await chalkAt(1)).red("x")).toBe("\u001b[31mx\u001b[39m");
    expect((await chalkAt(2)).ansi256(208)("x")).toBe("\u001b[38;5;208mx\u001b[39m");
    expect((await chalkAt(3)).rgb(1, 2, 3)("x")).toBe("\u001b[38;2;1;2;3mx\u001b[39m");
  });
});
