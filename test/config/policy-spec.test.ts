import { describe, expect, it } from "vitest";
import { type SpecHeads, parseSpec, readSpec, specValues } from "../../src/config/policy-spec.js";

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

describe("readSpec", () => {
  // Two presets and one alias stand for the registry (the CLI passes the real one: test/cli/shared/policy-spec.test.ts).
  const HEADS: SpecHeads = { names: ["sidekiq", "bullmq"], aliases: new Map([["bull", "bullmq"]]), find: (head) => (head === "sidekiq" || head === "bullmq" ? head : undefined) };

  it("a strategy's values carry the strategy; a SPEC's attempts win over --attempts", () => {
    expect(readSpec("fixed:attempts=2", "5", HEADS)).toEqual({ spec: { text: "fixed:attempts=2", head: "fixed", pairs: [["attempts", "2"]] }, values: { strategy: "fixed", attempts: "2" } });
    expect(readSpec("exponential", "5", HEADS).values).toEqual({ strategy: "exponential", attempts: "5" });
    expect(readSpec("exponential", undefined, HEADS).values).toEqual({ strategy: "exponential" });
  });

  it("a preset's values carry the name its finder gives, with --attempts where the SPEC sets none", () => {
    expect(readSpec("BullMQ:base=2s", "3", HEADS).values).toEqual({ preset: "bullmq", base: "2s", attempts: "3" });
  });

  it.each([
    ["zzzzzz", 'compare "zzzzzz": no preset or strategy "zzzzzz" (strategies: exponential, linear, fixed; presets: bullmq, sidekiq)'],
    ["fixd", 'compare "fixd": no preset or strategy "fixd"; did you mean fixed? (strategies: exponential, linear, fixed; backoff presets lists the presets)'],
    ["bul", 'compare "bul": no preset or strategy "bul"; did you mean bullmq? (strategies: exponential, linear, fixed; backoff presets lists the presets)'],
    ["linear:strategy=fixed", 'compare "linear:strategy=fixed": --strategy is the SPEC\'s own name here (linear); write linear:base=1s rather than linear:strategy=linear'],
    ["bullmq:strategy=wobbly", 'compare "bullmq:strategy=wobbly": --strategy must be one of exponential, linear, fixed, got "wobbly"'],
  ])("%j is refused after the command and the SPEC: %s", (spec, message) => {
    expect(() => readSpec(spec, undefined, HEADS)).toThrow(message);
  });

  it("the message names the command that read the SPEC", () => {
    expect(() => readSpec("zzzzzz", undefined, HEADS, "chain")).toThrow('chain "zzzzzz": no preset or strategy');
  });
});
