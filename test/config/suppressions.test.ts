import { describe, expect, it } from "vitest";
import { readSuppressions } from "../../src/config/suppressions.js";

// src/config/suppressions.ts: `# backoff-ignore RULE[, RULE] -- reason` comments read from a file's text (issue 37, item 2).
describe("readSuppressions", () => {
  it("rules by commas or spaces, the reason after --, each at its # (line and column from 1)", () => {
    const text = "a: 1 # backoff-ignore no-cap, max-total -- reviewed in #123\r\n# backoff-ignore no-jitter early-cap\n  #backoff-ignore: over-a-day --   \n";
    expect(readSuppressions(text, "yaml", "f.yaml")).toEqual([
      { file: "f.yaml", line: 1, column: 6, rules: ["no-cap", "max-total"], reason: "reviewed in #123", alone: false },
      { file: "f.yaml", line: 2, column: 1, rules: ["no-jitter", "early-cap"], reason: null, alone: true },
      { file: "f.yaml", line: 3, column: 3, rules: ["over-a-day"], reason: null, alone: true },
    ]);
  });

  it("none in JSON, none inside a value (no space before #), ! only in .properties", () => {
    expect(readSuppressions('{"a": 1} # backoff-ignore no-cap -- x', "json", "f.json")).toEqual([]);
    expect(readSuppressions("url: http://x/#backoff-ignore no-cap\n", "yaml", "f.yaml")).toEqual([]);
    expect(readSuppressions("! backoff-ignore no-cap -- legacy\n", "yaml", "f.yaml")).toEqual([]);
    expect(readSuppressions("! backoff-ignore no-cap -- legacy\n", "properties", "f.properties")).toEqual([{ file: "f.properties", line: 1, column: 1, rules: ["no-cap"], reason: "legacy", alone: true }]);
    expect(readSuppressions("# backoff-ignored no-cap\n", "toml", "f.toml")).toEqual([]);
  });
});
