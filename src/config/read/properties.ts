/**
 * A `.properties` reader following java.util.Properties.load (the format Kafka clients
 * and Spring Boot read), keeping where each key and value starts:
 * - a line is ended by \n, \r\n or \r; a line whose first non-blank character is # or !
 *   is a comment (and is never continued, even when it ends in a backslash);
 * - a line ending in an odd number of backslashes continues on the next, whose leading
 *   blanks (space, tab, form feed) are dropped;
 * - the key ends at the first unescaped `=`, `:` or blank; blanks around one `=` or `:`
 *   separate key and value; a key alone has the empty value;
 * - escapes: \t \n \r \f, \uXXXX (exactly four hex digits, else an error, as Java
 *   refuses it), and a backslash before any other character stands for that character;
 * - a later key replaces an earlier one (both stay in `entries`, in order);
 * - Spring Boot's multi-document files: a comment line `#---` or `!---` starts a new
 *   document (`document` counts from 0).
 * Java reads bytes as ISO-8859-1; the text given here is already decoded (UTF-8 by the
 * caller, as Spring Boot reads application.properties), which differs only for bytes
 * beyond ASCII, never for the keys and numbers that matter here.
 */
export interface PropertyEntry {
  readonly key: string;
  readonly value: string;
  /** Offsets in the text of the key's first character and of the value's. */
  readonly keyOffset: number;
  readonly valueOffset: number;
  readonly document: number;
}

export class PropertiesError extends Error {
  override readonly name = "PropertiesError";
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** A key longer than this (as written, escapes included) is refused where it starts, as YAML's and TOML's are (1024). */
export const MAX_PROPERTIES_KEY = 1024;

const isBlank = (c: string | undefined) => c === " " || c === "\t" || c === "\f";

/**
 * A logical line: its characters (continuations joined) and, for each, the offset in
 * the text it came from, so that positions survive continuations.
 */
interface LogicalLine {
  readonly chars: string;
  readonly offsets: readonly number[];
  readonly end: number;
}

export function parseProperties(text: string): PropertyEntry[] {
  const entries: PropertyEntry[] = [];
  let document = 0;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const lineEnd = (from: number): number => {
    let i = from;
    while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    return i;
  };
  const nextLine = (end: number): number => (text[end] === "\r" && text[end + 1] === "\n" ? end + 2 : end + 1);

  while (pos < text.length) {
    let start = pos;
    while (isBlank(text[start])) start++;
    const end = lineEnd(start);
    if (start === end) {
      pos = nextLine(end);
      continue;
    }
    const first = text[start];
    if (first === "#" || first === "!") {
      if (/^[#!]---\s*$/.test(text.slice(start, end)) && start === lineStartOf(text, start)) document++;
      pos = nextLine(end);
      continue;
    }
    const line = logicalLine(text, start, lineEnd, nextLine);
    pos = line.end;
    entries.push(splitEntry(line, document));
  }
  return entries;
}

/** Spring's document separator must start its line (no indentation). */
function lineStartOf(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== "\n" && text[i - 1] !== "\r") i--;
  return i;
}

function logicalLine(text: string, start: number, lineEnd: (from: number) => number, nextLine: (end: number) => number): LogicalLine {
  let chars = "";
  const offsets: number[] = [];
  let from = start;
  for (;;) {
    const end = lineEnd(from);
    let backslashes = 0;
    for (let i = end - 1; i >= from && text[i] === "\\"; i--) backslashes++;
    const continued = backslashes % 2 === 1;
    const contentEnd = continued ? end - 1 : end;
    for (let i = from; i < contentEnd; i++) {
      chars += text[i];
      offsets.push(i);
    }
    if (!continued || end >= text.length) return { chars, offsets, end: end >= text.length ? text.length : nextLine(end) };
    from = nextLine(end);
    while (isBlank(text[from])) from++;
  }
}

function splitEntry(line: LogicalLine, document: number): PropertyEntry {
  const { chars, offsets } = line;
  let keyEnd = 0;
  let hasSeparator = false;
  while (keyEnd < chars.length) {
    const c = chars[keyEnd]!;
    if (c === "\\") {
      keyEnd += 2;
      continue;
    }
    if (c === "=" || c === ":") {
      hasSeparator = true;
      break;
    }
    if (isBlank(c)) break;
    keyEnd++;
  }
  keyEnd = Math.min(keyEnd, chars.length);
  if (keyEnd > MAX_PROPERTIES_KEY) throw new PropertiesError(offsets[0] ?? 0, `a key longer than ${MAX_PROPERTIES_KEY} characters`);
  let valueStart = keyEnd;
  while (valueStart < chars.length && isBlank(chars[valueStart])) valueStart++;
  if (!hasSeparator && (chars[valueStart] === "=" || chars[valueStart] === ":")) valueStart++;
  else if (hasSeparator) valueStart = keyEnd + 1;
  while (valueStart < chars.length && isBlank(chars[valueStart])) valueStart++;
  const endOffset = offsets.length === 0 ? 0 : offsets[offsets.length - 1]! + 1;
  return {
    key: unescape(chars.slice(0, keyEnd), offsets, 0),
    value: unescape(chars.slice(valueStart), offsets, valueStart),
    keyOffset: offsets[0] ?? 0,
    valueOffset: offsets[valueStart] ?? endOffset,
    document,
  };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { t: "\t", n: "\n", r: "\r", f: "\f" };

function unescape(raw: string, offsets: readonly number[], base: number): string {
  if (!raw.includes("\\")) return raw;
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = raw[i + 1];
    if (next === undefined) break;
    if (next === "u") {
      const hex = raw.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new PropertiesError(offsets[base + i]!, "malformed \\uxxxx escape (four hex digits expected)");
      out += String.fromCharCode(parseInt(hex, 16));
      i += 5;
    } else {
      out += Object.hasOwn(SIMPLE_ESCAPES, next) ? SIMPLE_ESCAPES[next] : next;
      i += 1;
    }
  }
  return out;
}
