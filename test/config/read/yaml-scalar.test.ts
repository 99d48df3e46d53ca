/** A plain YAML scalar typed under YAML 1.2's core schema (src/config/read/yaml-scalar.ts), by the schema's rules. */
import { describe, expect, it } from "vitest";
import { coreScalar } from "../../../src/config/read/yaml-scalar.js";

const typed = (value: string) => coreScalar(value, 7);

describe("coreScalar", () => {
  it("null: empty, ~, null, Null, NULL", () => {
    for (const value of ["", "~", "null", "Null", "NULL"]) expect(typed(value)).toEqual({ kind: "null", pos: 7 });
  });

  it("booleans: true/false in three spellings; yes, on and nULL stay strings", () => {
    expect(["true", "True", "TRUE", "false", "False", "FALSE"].map((v) => typed(v))).toEqual([true, true, true, false, false, false].map((value) => ({ kind: "boolean", pos: 7, value })));
    for (const value of ["yes", "on", "tRUE", "nULL", "no"]) expect(typed(value)).toEqual({ kind: "string", pos: 7, value });
  });

  it("integers: decimal with a sign, 0o octal, 0x hex; each keeps its source text", () => {
    expect(typed("-12")).toEqual({ kind: "number", pos: 7, value: -12, source: "-12" });
    expect(typed("0o17")).toEqual({ kind: "number", pos: 7, value: 15, source: "0o17" });
    expect(typed("0x1F")).toEqual({ kind: "number", pos: 7, value: 31, source: "0x1F" });
    expect(typed("007")).toEqual({ kind: "number", pos: 7, value: 7, source: "007" });
  });

  it("floats, exponents, infinities and NaN", () => {
    expect(typed("2.50")).toEqual({ kind: "number", pos: 7, value: 2.5, source: "2.50" });
    expect(typed(".5")).toEqual({ kind: "number", pos: 7, value: 0.5, source: ".5" });
    expect(typed("1e3")).toEqual({ kind: "number", pos: 7, value: 1000, source: "1e3" });
    expect(typed("-.Inf")).toEqual({ kind: "number", pos: 7, value: -Infinity, source: "-.Inf" });
    expect(typed("+.inf")).toEqual({ kind: "number", pos: 7, value: Infinity, source: "+.inf" });
    const nan = typed(".NaN");
    expect(nan.kind === "number" && Number.isNaN(nan.value)).toBe(true);
  });

  it("anything else is a string: 1.5s, 0x, 1_000, 0b101", () => {
    for (const value of ["1.5s", "0x", "1_000", "0b101", "250ms"]) expect(typed(value)).toEqual({ kind: "string", pos: 7, value });
  });
});
