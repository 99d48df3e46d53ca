import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../src/core/policy.js";
import { attemptsArgument, commandLine, durationArgument, presetArguments, scheduleArguments, shellWord } from "../../src/format/command-line.js";

describe("durationArgument", () => {
  it("the largest unit that holds the value exactly, else milliseconds", () => {
    expect([86_400_000, 3_600_000, 120_000, 90_000, 1000, 1500, 250, 1.5].map(durationArgument)).toEqual(["1d", "1h", "2m", "90s", "1s", "1500", "250", "1.5"]);
  });
});

describe("attemptsArgument", () => {
  it("a count from 1, else the range", () => {
    expect([attemptsArgument({ first: 1, last: 10 }), attemptsArgument({ first: 3, last: 8 })]).toEqual(["10", "3..8"]);
  });
});

describe("shellWord and commandLine", () => {
  it("a word the shell reads as it is stays bare; anything else single-quoted, a quote written '\\''", () => {
    expect(shellWord("exponential:base=1s,cap=30s")).toBe("exponential:base=1s,cap=30s");
    expect(shellWord("a b")).toBe("'a b'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord("$HOME")).toBe("'$HOME'");
    expect(shellWord("")).toBe("''");
    expect(commandLine(["--base", "1s", "a b"])).toBe("backoff --base 1s 'a b'");
  });
});

describe("scheduleArguments", () => {
  it("the default strategy and factor left out; the cap and the count", () => {
    expect(scheduleArguments(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { first: 1, last: 10 }, null, null)).toEqual(["--base", "1s", "--cap", "30s", "--attempts", "10"]);
  });

  it("everything that differs from the defaults, then jitter and seed", () => {
    expect(scheduleArguments(normalizePolicy({ strategy: "linear", baseMs: 1000, stepMs: 500 }), { first: 3, last: 8 }, "full", 42)).toEqual([
      "--strategy",
      "linear",
      "--base",
      "1s",
      "--step",
      "500",
      "--attempts",
      "3..8",
      "--jitter",
      "full",
      "--seed",
      "42",
    ]);
    expect(scheduleArguments(normalizePolicy({ baseMs: 250, factor: 1.5 }), { first: 1, last: 4 }, null, null)).toEqual(["--base", "250", "--factor", "1.5", "--attempts", "4"]);
  });
});

describe("presetArguments", () => {
  it("the preset, then each override given, the range, jitter and seed", () => {
    expect(
      presetArguments("bullmq", { baseMs: 2000, jitter: "0.5", retryAfter: { ms: 30_000, attempts: { first: 2, last: 3 } }, maxRetryAfterMs: 60_000 }, { first: 1, last: 5 }, 7),
    ).toEqual(["--preset", "bullmq", "--base", "2s", "--retry-after", "30s@2..3", "--max-retry-after", "1m", "--attempts", "5", "--jitter", "0.5", "--seed", "7"]);
    expect(presetArguments("cenkalti", { strategy: "fixed", factor: 3, capMs: 60_000, maxElapsedMs: 900_000, retryAfter: { ms: 1000, attempts: null } }, null, null)).toEqual([
      "--preset",
      "cenkalti",
      "--strategy",
      "fixed",
      "--factor",
      "3",
      "--cap",
      "1m",
      "--max-elapsed",
      "15m",
      "--retry-after",
      "1s",
    ]);
    expect(presetArguments("grpc", {}, null, null)).toEqual(["--preset", "grpc"]);
  });
});
