import { expect } from "vitest";
import { type FileKind, recogniseFile } from "../../src/config/recognise.js";
import { UsageError } from "../../src/config/errors.js";

// What the shape tests ask of recogniseFile: the policies found (place, system, name,
// options), the unresolved ones, the skip reason; or the one problem line a file earns: its
// first invalid policy as `file:line:col: reason`, or the bad-input error (exit 2) it raises.

export function find(text: string, kind: FileKind = "yaml", name = "f.yaml", named = false) {
  const result = recogniseFile({ name, text, kind, named });
  return {
    policies: result.policies.map((p) => ({ at: `${p.line}:${p.column}`, system: p.system, name: p.name, options: p.options, ...(p.disabled ? { disabled: true } : {}) })),
    unresolved: result.unresolved.map((u) => `${u.line}:${u.column} ${u.name}: ${u.reason}`),
    ...(result.invalid.length > 0 ? { invalid: result.invalid.map((u) => `${u.line}:${u.column} ${u.name}: ${u.reason}`) } : {}),
    skipped: result.skipped,
  };
}

/** A file found while scanning that holds a shape's words and does not parse (rule unreadable): `file:line:col: reason`, and the systems whose words it holds; null when it parses. */
export function unreadable(text: string, kind: FileKind = "yaml", name = "f.yaml"): { problem: string; systems: readonly string[] } | null {
  const u = recogniseFile({ name, text, kind, named: false }).unreadable;
  return u === null ? null : { problem: `${name}:${u.line}:${u.column}: ${u.reason}`, systems: u.systems };
}

export function problem(text: string, kind: FileKind = "yaml", name = "f.yaml", named = false): string {
  let result;
  try {
    result = recogniseFile({ name, text, kind, named });
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  const invalid = result.invalid[0];
  if (invalid === undefined) throw new Error("expected a problem");
  return `${invalid.file}:${invalid.line}:${invalid.column}: ${invalid.reason}`;
}
