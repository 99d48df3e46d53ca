import { describe, expect, it } from "vitest";
import { JITTER_MODES, checkJitterNeedsCap, parseJitter, parseSeed } from "../../src/config/jitter-options.js";

describe("parseJitter", () => {
  it("a mode by name, in any case and with spaces around it", () => {
    expect(JITTER_MODES).toEqual(["none", "full", "equal", "decorrelated"]);
    expect(parseJitter("--jitter", "FULL")).toEqual({ kind: "full" });
    expect(parseJitter("--jitter", " equal ")).toEqual({ kind: "equal" });
    expect(parseJitter("--jitter", "none")).toEqual({ kind: "none" });
  });

  it("a fraction in (0, 1]", () => {
    expect(parseJitter("--jitter", "0.2")).toEqual({ kind: "proportional", fraction: 0.2 });
    expect(parseJitter("--jitter", "1")).toEqual({ kind: "proportional", fraction: 1 });
    expect(parseJitter("--jitter", ".5")).toEqual({ kind: "proportional", fraction: 0.5 });
  });

  it("refuses 0, anything above 1 as written (1.0000000000000001 reads as 1 in a double), and words, naming the nearest mode", () => {
    expect(() => parseJitter("--jitter", "0")).toThrow('--jitter fraction must be greater than 0 and at most 1, got "0"');
    expect(() => parseJitter("--jitter", "1.5")).toThrow('--jitter fraction must be greater than 0 and at most 1, got "1.5"');
    expect(() => parseJitter("--jitter", "1.0000000000000001")).toThrow('--jitter fraction must be greater than 0 and at most 1, got "1.0000000000000001"');
    expect(() => parseJitter("--jitter", "ful")).toThrow('--jitter must be none, full, equal, decorrelated or a fraction in (0, 1] such as 0.2, got "ful"; did you mean full?');
    expect(() => parseJitter("--jitter", "xyzzy")).toThrow(/got "xyzzy"$/);
  });
});

describe("parseSeed", () => {
  it("a whole number from 0 to 2^53 − 1", () => {
    expect(parseSeed("--seed", "0")).toBe(0);
    expect(parseSeed("--seed", "9007199254740991")).toBe(2 ** 53 - 1);
    expect(() => parseSeed("--seed", "9007199254740992")).toThrow('--seed must be at most 9007199254740991, got "9007199254740992"');
    expect(() => parseSeed("--seed", "1.5")).toThrow(/--seed must be a whole number from 0 to 9007199254740991/);
  });
});

describe("checkJitterNeedsCap", () => {
  it("decorrelated jitter without a cap is refused, with its formula; anything else passes", () => {
    expect(() => checkJitterNeedsCap({ kind: "decorrelated" }, null)).toThrow("--jitter decorrelated needs --cap: its formula is min(cap, uniform(base, previous × 3))");
    expect(() => checkJitterNeedsCap({ kind: "decorrelated" }, 30_000)).not.toThrow();
    expect(() => checkJitterNeedsCap({ kind: "full" }, null)).not.toThrow();
  });
});
