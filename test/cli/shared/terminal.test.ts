import { describe, expect, it } from "vitest";
import { chartNeedsAscii } from "../../../src/cli/shared/terminal.js";

// Whether a chart is drawn in ASCII, from the environment alone (moved here from test/format/chart.test.ts).

describe("chartNeedsAscii", () => {
  it("draws Unicode under a UTF-8 locale on an ordinary terminal", () => {
    expect(chartNeedsAscii({ LANG: "en_US.UTF-8", TERM: "xterm-256color" })).toBe(false);
    expect(chartNeedsAscii({ LC_ALL: "C.utf8" })).toBe(false);
  });
  it("falls back to ASCII for NO_COLOR, TERM=linux or dumb, and a locale without UTF-8", () => {
    expect(chartNeedsAscii({ LANG: "en_US.UTF-8", NO_COLOR: "1" })).toBe(true);
    expect(chartNeedsAscii({ LANG: "en_US.UTF-8", NO_COLOR: "" })).toBe(false);
    expect(chartNeedsAscii({ LANG: "en_US.UTF-8", TERM: "linux" })).toBe(true);
    expect(chartNeedsAscii({ LANG: "en_US.UTF-8", TERM: "dumb" })).toBe(true);
    expect(chartNeedsAscii({ LANG: "C" })).toBe(true);
    expect(chartNeedsAscii({})).toBe(true);
  });
  it("reads LC_ALL before LC_CTYPE before LANG", () => {
    expect(chartNeedsAscii({ LC_ALL: "C", LANG: "en_US.UTF-8" })).toBe(true);
    expect(chartNeedsAscii({ LC_CTYPE: "POSIX", LANG: "en_US.UTF-8" })).toBe(true);
    expect(chartNeedsAscii({ LC_ALL: "", LC_CTYPE: "de_DE.UTF-8", LANG: "C" })).toBe(false);
  });
  it("takes utf8 however it is spelt, and no other encoding", () => {
    expect(chartNeedsAscii({ LANG: "de_DE.utf8" })).toBe(false);
    expect(chartNeedsAscii({ LANG: "ja_JP.UTF8" })).toBe(false);
    expect(chartNeedsAscii({ LANG: "en_US.ISO-8859-1" })).toBe(true);
  });
});
