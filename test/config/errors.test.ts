/** Bad usage or input (src/config/errors.ts). */
import { describe, expect, it } from "vitest";
import { UsageError, shown } from "../../src/config/errors.js";

describe("usage errors", () => {
  it("a UsageError is an Error named for itself, with the message as given", () => {
    const error = new UsageError("--base must be a duration");
    expect([error instanceof Error, error.name, error.message]).toEqual([true, "UsageError", "--base must be a duration"]);
  });

  it("shown quotes a value and makes tabs, line ends and control characters visible", () => {
    expect(shown("1.5s")).toBe('"1.5s"');
    expect(shown('a\tb\n"c"\u0001')).toBe('"a\\tb\\n\\"c\\"\\u0001"');
  });
});
