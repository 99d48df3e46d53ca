/** The readers of every kind of value, flags and files alike (src/config/values.ts): what each takes and how it words a refusal. */
import { describe, expect, it } from "vitest";
import {
  DURATION_UNITS,
  commaCorrected,
  percentCorrected,
  shortUnit,
  inputText,
  isUnitless,
  parseAttempts,
  isBelowLeastBase,
  parseBase,
  parseCap,
  parseDuration,
  parseFactor,
  parseSpread,
  parseTimeout,
  parseUnitFraction,
  readWhole,
} from "../../src/config/values.js";

const DURATION = "a duration such as 250, 250ms, 1.5s, 2m or 1h";

describe("inputText", () => {
  it("trims ASCII white space around the value", () => {
    expect(inputText("--base", "  100 \n")).toBe("100");
  });

  it("names the odd character left inside, with its code point", () => {
    expect(() => inputText("--base", "1\u00a0s")).toThrow('--base contains a no-break space (U+00A0) in "1\u00a0s"; type it with plain characters');
    expect(() => inputText("--base", "1\t0")).toThrow('--base contains a tab (U+0009) in "1\\t0"; type it with plain characters');
    expect(() => inputText("--base", "\u200b5")).toThrow("--base contains a zero-width space (U+200B)");
    expect(() => inputText("--base", "5\u0001")).toThrow("--base contains a control character (U+0001)");
    expect(() => inputText("--base", "5\u2001")).toThrow("--base contains an invisible character (U+2001)");
  });
});

describe("durations", () => {
  it("the unit spellings of the ms package, none meaning milliseconds", () => {
    expect(DURATION_UNITS).toEqual([
      "ms", "msec", "msecs", "millisecond", "milliseconds",
      "s", "sec", "secs", "second", "seconds",
      "m", "min", "mins", "minute", "minutes",
      "h", "hr", "hrs", "hour", "hours",
      "d", "day", "days",
    ]);
  });

  it("parseDuration: the decimal as written times the unit, any case, spaces before the unit", () => {
    expect(["250", "1.5s", "3.5664s", "2 minutes", "1D", "0.000001", "1.25h"].map((text) => parseDuration("--cap", text))).toEqual([
      250, 1500, 3566.4, 120_000, 86_400_000, 0.000001, 4_500_000,
    ]);
  });

  it("parseDuration refuses, in one line each", () => {
    expect(() => parseDuration("--cap", "abc")).toThrow(`--cap must be ${DURATION}, got "abc"`);
    expect(() => parseDuration("--cap", "2w")).toThrow('--cap has an unknown unit "w" in "2w"; use ms, s, m, h or d (a week is 7d)');
    expect(() => parseDuration("--cap", "1y")).toThrow('--cap has an unknown unit "y" in "1y"; use ms, s, m, h or d (a year is 365d or 366d)');
    expect(() => parseDuration("--cap", "3 fortnights")).toThrow('--cap has an unknown unit "fortnights" in "3 fortnights"; use ms, s, m, h or d');
    expect(() => parseDuration("--cap", "-5s")).toThrow('--cap must be a positive duration, got "-5s"');
    expect(() => parseDuration("--cap", "0s")).toThrow('--cap must be greater than zero, got "0s"');
    expect(() => parseDuration("--cap", "9007199254740992")).toThrow('--cap must be at most 9007199254740991 ms (about 285,616 years), got "9007199254740992"');
    expect(() => parseDuration("--cap", "0.0000001")).toThrow('--cap is finer than a nanosecond (at most 6 decimals of a millisecond), got "0.0000001"');
  });

  it("parseBase: at least 0.5 ms, which rounds to a first delay of 1 ms", () => {
    expect(parseBase("--base", "0.5")).toBe(0.5);
    expect(() => parseBase("--base", "0.4")).toThrow(
      '--base rounds to a first delay of 0 ms (delays are whole milliseconds, rounded half up); give at least 0.5 ms, got "0.4"',
    );
  });

  it("isBelowLeastBase: above 0 and under 0.5 ms, which a system may accept and backoff cannot compute", () => {
    // The texts the shapes hand on: a Go duration read as milliseconds (100us as 0.1ms, 42ns as 0.000042ms).
    expect(["0.1ms", "0.1", "0.000042ms", "0.499999ms"].map(isBelowLeastBase)).toEqual([true, true, true, true]);
    // 0.5 ms and more is computed; 0 is no wait at all; text that is no duration is parseBase's to refuse.
    expect(["0.5ms", "1ms", "0", "0s", "soon", "-1ms"].map(isBelowLeastBase)).toEqual([false, false, false, false, false, false]);
  });

  it("parseCap: whole milliseconds", () => {
    expect(parseCap("--cap", "1.5s")).toBe(1500);
    expect(() => parseCap("--cap", "1.5")).toThrow('--cap must be a whole number of milliseconds, as every delay is (so none can pass it), got "1.5"');
  });

  it("parseSpread: 0 in any spelling, else whole milliseconds", () => {
    expect(["0", "0.0", "0s", "2s"].map((text) => parseSpread("--spread", text))).toEqual([0, 0, 0, 2000]);
    expect(() => parseSpread("--spread", "0.4")).toThrow('--spread must be 0 or a whole number of milliseconds (first failures are drawn in whole ms), got "0.4"');
  });

  it("parseTimeout: whole milliseconds, 0 only where allowed", () => {
    expect(parseTimeout("--attempt-time", "0", true)).toBe(0);
    expect(parseTimeout("--deadline", "2s", false)).toBe(2000);
    expect(() => parseTimeout("--deadline", "0", false)).toThrow('--deadline must be greater than zero, got "0"');
    expect(() => parseTimeout("--deadline", "1.5", false)).toThrow('--deadline must be a whole number of milliseconds, as every start is, got "1.5"');
  });
});

describe("numbers", () => {
  it("readWhole: plain digits; separators refused with the digits to type; past 2^53 − 1 null", () => {
    expect(readWhole("--attempts", "12", "a count")).toBe(12);
    expect(readWhole("--attempts", "99999999999999999", "a count")).toBeNull();
    expect(() => readWhole("--attempts", "1_000", "a count")).toThrow('--attempts takes plain digits without separators (1000, not 1_000), got "1_000"');
    expect(() => readWhole("--attempts", "1,000,000", "a count")).toThrow("(1000000, not 1,000,000)");
    expect(() => readWhole("--attempts", "1.5", "a count")).toThrow('--attempts must be a count, got "1.5"');
  });

  it("parseUnitFraction: 0 to 1 compared as written (1.0000000000000001 is above 1)", () => {
    expect(parseUnitFraction("--jitter", "0.25", "a number from 0 to 1", { zero: true })).toBe(0.25);
    expect(parseUnitFraction("--jitter", "0", "a number from 0 to 1", { zero: true })).toBe(0);
    expect(() => parseUnitFraction("--jitter", "1.0000000000000001", "a number from 0 to 1", { zero: true })).toThrow(
      '--jitter must be a number from 0 to 1, got "1.0000000000000001"',
    );
    expect(() => parseUnitFraction("--p", "0", "a number above 0, at most 1", { zero: false })).toThrow('--p must be a number above 0, at most 1, got "0"');
  });

  it("parseFactor: a plain decimal of at least 1", () => {
    expect(parseFactor("--factor", "1.5")).toBe(1.5);
    expect(() => parseFactor("--factor", "0.9")).toThrow('--factor must be at least 1 (1 keeps the delay constant), got "0.9"');
    expect(() => parseFactor("--factor", "2e3")).toThrow('--factor must be a number of at least 1, such as 2 or 1.5, got "2e3"');
  });

  it("parseAttempts: N is 1..N; A..B from 1, in order", () => {
    expect(parseAttempts("--attempts", "10")).toEqual({ first: 1, last: 10 });
    expect(parseAttempts("--attempts", "3..8")).toEqual({ first: 3, last: 8 });
    expect(() => parseAttempts("--attempts", "8..3")).toThrow('--attempts range "8..3" is reversed; write 3..8');
    expect(() => parseAttempts("--attempts", "0")).toThrow('--attempts counts from 1 (the first failure), got "0"');
    expect(() => parseAttempts("--attempts", "..5")).toThrow('--attempts must be a count such as 10 or a range such as 3..8, got "..5"');
    expect(() => parseAttempts("--attempts", "99999999999999999")).toThrow('--attempts must be at most 9007199254740991, got "99999999999999999"');
  });
});

describe("isUnitless", () => {
  it("is true for a number without a unit, which readDuration reads as milliseconds", () => {
    expect(["30", "0.5", " 30 ", "30\n"].map(isUnitless)).toEqual([true, true, true, true]);
    expect(parseDuration("--cap", "30")).toBe(30);
  });
  it("is false with a unit, a sign, or what readDuration refuses", () => {
    expect(["30s", "30 ms", "1m30s", "", "-3", "1e3", "1.2.3", "abc"].map(isUnitless)).toEqual(Array(8).fill(false));
  });
});

describe("values typed as people write them elsewhere: the value meant (issue 39, item 5)", () => {
  it("a decimal comma reads as its point; commas between groups of three as a thousands separator", () => {
    expect(commaCorrected("1,5s")).toBe("1.5s");
    expect(commaCorrected("0,25")).toBe("0.25");
    expect(commaCorrected("1,000ms")).toBe("1000ms");
    expect(commaCorrected("12,345,678")).toBe("12345678");
    expect([commaCorrected("1.5s"), commaCorrected(",5"), commaCorrected("1,")]).toEqual([null, null, null]);
  });

  it("a percentage is the fraction, the decimal point moved two places", () => {
    expect(percentCorrected("20%")).toBe("0.2");
    expect(percentCorrected("12.5%")).toBe("0.125");
    expect(percentCorrected("100%")).toBe("1");
    expect(percentCorrected("0.1 %")).toBe("0.001");
    expect([percentCorrected("20"), percentCorrected("-5%"), percentCorrected("%")]).toEqual([null, null, null]);
  });

  it("the short spelling of a unit, null for a word that is none", () => {
    expect(["seconds", "Minutes", "msecs", "hrs", "day", "s"].map(shortUnit)).toEqual(["s", "m", "ms", "h", "d", "s"]);
    expect([shortUnit("weeks"), shortUnit(""), shortUnit("bullmq")]).toEqual([null, null, null]);
  });

  it("the error says the value meant: a flag with its name, a file's key with the value alone", () => {
    expect(() => parseBase("--base", "1,5s")).toThrow('--base must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "1,5s"; did you mean --base 1.5s?');
    expect(() => parseBase("retry.json:2:11: base", "1,5s")).toThrow('got "1,5s"; did you mean 1.5s?');
    expect(() => parseFactor("--factor", "1,6")).toThrow('got "1,6"; did you mean --factor 1.6?');
  });
});
