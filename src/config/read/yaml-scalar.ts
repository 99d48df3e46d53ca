import type { JsonNode as Node } from "./json.js";

/**
 * A plain YAML scalar typed as `yaml`'s composer types it under YAML 1.2's core schema (the
 * library's default, yaml 2.9 schema/core): null, booleans, integers (decimal, 0o octal,
 * 0x hex), floats and infinities, else a string. `on` and `yes` stay strings. The reader
 * that skips the composer (yaml-plain.ts) types its scalars here; the tests compare it with
 * the composer.
 */

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** The node of a plain (unquoted) scalar whose resolved text is `value`, at offset `pos`. */
export function coreScalar(value: string, pos: number): Node {
  // Most scalars of a configuration file are words: the first character rules out every
  // pattern but the string one without running them.
  const first = value.charCodeAt(0);
  const letter = (first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a);
  if (letter && first !== 0x6e && first !== 0x4e && first !== 0x74 && first !== 0x54 && first !== 0x66 && first !== 0x46) return { kind: "string", pos, value };
  if (NULL.test(value)) return { kind: "null", pos };
  if (BOOL.test(value)) return { kind: "boolean", pos, value: value[0] === "t" || value[0] === "T" };
  let number: number | null = null;
  if (INT_OCT.test(value)) number = parseInt(value.substring(2), 8);
  else if (INT.test(value)) number = parseInt(value, 10);
  else if (INT_HEX.test(value)) number = parseInt(value.substring(2), 16);
  else if (FLOAT_NAN.test(value)) number = value.slice(-3).toLowerCase() === "nan" ? NaN : value[0] === "-" ? -Infinity : Infinity;
  else if (FLOAT_EXP.test(value) || FLOAT.test(value)) number = parseFloat(value);
  if (number !== null) return { kind: "number", pos, value: number, source: value };
  return { kind: "string", pos, value };
}
