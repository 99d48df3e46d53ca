import { plainNumber } from "../core/decimal.js";

/**
 * JSON.stringify(value, null, indent), except that numbers are written as plain decimals:
 * JSON.stringify writes 1e-7 and 1.1e-16 in exponent notation, which backoff never prints.
 * Every other character comes out exactly as JSON.stringify writes it (strings are still
 * JSON.stringify's; undefined members are left out; non-finite numbers are null).
 */
export function jsonText(value: unknown, indent = 0): string {
  return write(value, indent, "") ?? "null";
}

function write(value: unknown, indent: number, margin: string): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "number":
      return Number.isFinite(value) ? plainNumber(value) : "null";
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
    case "bigint":
      return String(value);
  }
  const inner = margin + " ".repeat(indent);
  const open = indent > 0 ? `\n${inner}` : "";
  const separator = indent > 0 ? `,\n${inner}` : ",";
  const close = indent > 0 ? `\n${margin}` : "";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[${open}${value.map((item) => write(item, indent, inner) ?? "null").join(separator)}${close}]`;
  }
  const members: string[] = [];
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    const text = write(member, indent, inner);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${indent > 0 ? " " : ""}${text}`);
  }
  return members.length === 0 ? "{}" : `{${open}${members.join(separator)}${close}}`;
}
