import { describe, expect, it } from "vitest";
import { parseSpec, specValues } from "../../src/config/policy-spec.js";

// src/config/policy-spec.ts: a SPEC's text (a preset or strategy with key=value overrides) read
// into its head and its pairs, and the option values they give.

describe("parseSpec", () => {
  it("the head in lower case and the pairs in order, spaces and a leading -- dropped", () => {
    expect(parseSpec("fixed:attempts=2")).toEqual({ text: "fixed:attempts=2", head: "fixed", pairs: [["attempts", "2"]] });
    expect(parseSpec(" Fixed : attempts=2 , --base= 3s ")).toEqual({ text: "Fixed : attempts=2 , --base= 3s", head: "fixed", pairs: [["attempts", "2"], ["base", "3s"]] });
  });

  it.each([
    ["", 'compare "": an empty SPEC; give a preset such as bullmq or a strategy such as exponential:base=1s,cap=30s'],
    [":base=1s", 'compare ":base=1s": no preset or strategy before ":"; write it first, as in bullmq:base=2s'],
    ["fixed:", 'compare "fixed:": nothing after ":"; write overrides such as fixed:base=2s, or fixed alone'],
    ["fixed:base=1s,,cap=2s", 'compare "fixed:base=1s,,cap=2s": an empty override in "base=1s,,cap=2s"; separate key=value pairs with single commas'],
    ["fixed:bse=1s", 'compare "fixed:bse=1s": unknown option "bse"; did you mean base? (a SPEC sets base, cap, factor, step, jitter, attempts, max-elapsed, strategy)'],
    ["fixed:zzzz=1", 'compare "fixed:zzzz=1": unknown option "zzzz" (a SPEC sets base, cap, factor, step, jitter, attempts, max-elapsed, strategy)'],
    ["fixed:base", 'compare "fixed:base": --base needs a value: write base=VALUE'],
    ["fixed:base=1s,base=2s", 'compare "fixed:base=1s,base=2s": --base is given twice'],
  ])("%j is refused in one line: %s", (spec, message) => {
    expect(() => parseSpec(spec)).toThrow(message);
  });

  it("the message names the command that read the SPEC", () => {
    expect(() => parseSpec("  ", "simulate")).toThrow('simulate "  ": an empty SPEC;');
  });
});

describe("specValues", () => {
  it("each pair under its option's name, the strategy head first; a strategy pair must be one of the strategies", () => {
    expect(specValues(parseSpec("bullmq:base=2s,max-elapsed=1m"), undefined)).toEqual({ base: "2s", maxElapsed: "1m" });
    expect(specValues(parseSpec("fixed:attempts=2"), "fixed")).toEqual({ strategy: "fixed", attempts: "2" });
    expect(() => specValues(parseSpec("bullmq:strategy=wobbly"), undefined)).toThrow('--strategy must be one of exponential, linear, fixed, got "wobbly"');
  });
});
