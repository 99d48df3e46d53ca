import { describe, expect, it } from "vitest";
import { baselineText, parseBaseline } from "../../src/config/baseline.js";

// src/config/baseline.ts: the baseline file written and read back.
describe("baseline file", () => {
  it("reads back what it writes; refuses another version", () => {
    const entries = [{ file: "a.yaml", system: "istio", policy: "p", rule: "max-total" }];
    expect(parseBaseline(baselineText(entries), "b.json")).toEqual(entries);
    expect(baselineText([])).toBe('{\n  "version": 1,\n  "tool": "backoff check",\n  "findings": []\n}\n');
    expect(() => parseBaseline('{"version": 2, "findings": []}', "b.json")).toThrow('--baseline "b.json": version "2" is not 1; write one with --write-baseline FILE');
  });
});
