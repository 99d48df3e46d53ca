import { parseDecimalText } from "../../core/decimal.js";
import { shown } from "../errors.js";
import type { Node } from "./walk.js";
import { FileProblem, Placeholder } from "./findings.js";

// A node's value as a flag would take it (a duration's text, a whole number, a decimal's
// digits), or a FileProblem or Placeholder at the node: what each shape's reader calls on
// the values it finds.

/** How the two vocabularies name a collection: YAML's (the recognisers') and JSON's (backoff's own config). */
const COLLECTIONS = { map: { object: "a map", array: "a list" }, object: { object: "an object", array: "an array" } } as const;

/**
 * A value as a message shows it: a string quoted, a number by its own digits, true,
 * false or null; a collection as "a map" and "a list", or with `collections: "object"`
 * as "an object" and "an array" (backoff's own config speaks JSON's words).
 */
export function describeNode(node: Node, collections: keyof typeof COLLECTIONS = "map"): string {
  switch (node.kind) {
    case "string":
      return `the string ${shown(node.value)}`;
    case "number":
      return node.source;
    case "boolean":
      return String(node.value);
    case "null":
      return "null";
    case "object":
    case "array":
      return COLLECTIONS[collections][node.kind];
  }
}

const PLACEHOLDER = /\$\{|\{\{|\{%|<%/;

/** Refuses a placeholder (${…}, {{ … }}, {% … %}, <% … %>): its value is known only where it is rendered. */
export function notPlaceholder(node: Node, label: string): void {
  if (node.kind === "string" && node.substitution === true) {
    throw new Placeholder(node.pos, `${label} is ${node.value}, set at deploy time (a substitution written bare), not a number the file gives`);
  }
  if (node.kind === "string" && PLACEHOLDER.test(node.value)) {
    throw new Placeholder(node.pos, `${label} is a placeholder, ${shown(node.value)}; its value is known only where it is rendered`);
  }
}

/** A scalar as the text a flag would take: a number's own digits, a string's value. */
export function scalarText(node: Node, label: string, expected: string): string {
  notPlaceholder(node, label);
  if (node.kind === "number") return node.source;
  if (node.kind === "string") return node.value;
  throw new FileProblem(node.pos, `${label} must be ${expected}, got ${describeNode(node)}`);
}

/**
 * A whole number ≥ 0 given as a number (or, with `quoted`, as a string of digits, as
 * Kubernetes' IntOrString and proto3 JSON allow).
 */
export function wholeNumber(node: Node, label: string, options: { quoted?: boolean; max?: number } = {}): number {
  notPlaceholder(node, label);
  const digits = node.kind === "number" ? node.source : node.kind === "string" && options.quoted ? node.value.trim() : null;
  if (digits === null || !/^\d+$/.test(digits)) {
    throw new FileProblem(node.pos, `${label} must be a whole number${options.quoted ? " (or one in quotes)" : ""}, got ${describeNode(node)}`);
  }
  const value = Number(digits);
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  if (!Number.isSafeInteger(value) || value > max) throw new FileProblem(node.pos, `${label} must be at most ${max}, got ${digits}`);
  return value;
}

/** A plain decimal number (no exponent, hex or infinity), as its digits. */
export function decimalText(node: Node, label: string, options: { quoted?: boolean } = {}): string {
  notPlaceholder(node, label);
  const digits = node.kind === "number" ? node.source : node.kind === "string" && options.quoted ? node.value.trim() : null;
  if (digits === null || parseDecimalText(digits) === null) {
    throw new FileProblem(node.pos, `${label} must be a number such as 2 or 1.5, got ${describeNode(node)}`);
  }
  return digits;
}

/** Milliseconds as a flag's duration text: whole seconds as "3s", else "250ms". */
export function msText(ms: number): string {
  return ms % 1000 === 0 && ms > 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/**
 * A duration in a system's own notation (a string, or a number when the system takes
 * one, such as Argo's seconds), as a flag's text. Zero and anything the system would
 * refuse are problems: every delay the presets compute from is positive.
 */
export function durationValue(node: Node, label: string, parse: (text: string) => number | null, expected: string): string {
  notPlaceholder(node, label);
  const raw = node.kind === "string" ? node.value : node.kind === "number" ? node.source : null;
  const parsed = raw === null ? null : parse(raw);
  // Nanoseconds are the finest unit any of these systems has; this drops binary noise ("1.1s" × 1000).
  const ms = parsed === null ? null : Math.round(parsed * 1e6) / 1e6;
  if (ms === null) throw new FileProblem(node.pos, `${label} must be ${expected}, got ${describeNode(node)}`);
  if (ms === 0) throw new FileProblem(node.pos, `${label} is zero; a retry delay must be greater than zero`);
  // Said here, at the value and in the file's words, not later as a flag's text ("1e+23ms").
  if (ms > Number.MAX_SAFE_INTEGER) throw new FileProblem(node.pos, `${label} is too large: ${raw} is beyond ${Number.MAX_SAFE_INTEGER} ms`);
  return msText(ms);
}

/**
 * A timeout in a system's own notation, as a flag's text: the try time or the deadline of
 * the deadline model, so whole milliseconds; null for zero, which these systems read as
 * "no timeout" (Envoy's route timeout 0s, Kubernetes leaves a Job unbounded without one).
 */
export function timeoutValue(node: Node, label: string, parse: (text: string) => number | null, expected: string): string | null {
  notPlaceholder(node, label);
  const raw = node.kind === "string" ? node.value : node.kind === "number" ? node.source : null;
  const parsed = raw === null ? null : parse(raw);
  const ms = parsed === null ? null : Math.round(parsed * 1e6) / 1e6;
  if (ms === null) throw new FileProblem(node.pos, `${label} must be ${expected}, got ${describeNode(node)}`);
  if (ms === 0) return null;
  if (!Number.isSafeInteger(ms)) throw new FileProblem(node.pos, `${label} is ${raw}: backoff checks timeouts in whole milliseconds (every start is one)`);
  return msText(ms);
}
