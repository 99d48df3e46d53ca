import { describe, expect, it } from "vitest";
import { spelledOutDuration } from "../../src/config/spelled-out.js";

// `--cap 10 seconds`, as the shell splits it (issue 39, item 5): what was typed and the arguments corrected.
describe("spelledOutDuration", () => {
  const flags = new Set(["--cap", "-c", "--max-total"]);

  it("joins the unit's short spelling to the number, the rest of the command kept", () => {
    expect(spelledOutDuration(["--base", "1s", "--cap", "10", "seconds", "--attempts", "3"], flags)).toEqual({ typed: "--cap 10 seconds", corrected: ["--base", "1s", "--cap", "10s", "--attempts", "3"] });
    expect(spelledOutDuration(["-c", "2.5", "Minutes"], flags)).toEqual({ typed: "-c 2.5 Minutes", corrected: ["-c", "2.5m"] });
    expect(spelledOutDuration(["check", "--max-total=5", "min", "."], flags)).toEqual({ typed: "--max-total 5 min", corrected: ["check", "--max-total=5m", "."] });
  });

  it("null where nothing is split: a unit already joined, no unit, a word that is no unit, an option that takes no duration", () => {
    for (const argv of [["--cap", "10s"], ["--cap", "10"], ["--cap", "10", "bullmq"], ["--attempts", "5", "s"], ["--cap", "ten", "seconds"], ["--cap"]]) {
      expect(spelledOutDuration(argv, flags), argv.join(" ")).toBeNull();
    }
  });
});
