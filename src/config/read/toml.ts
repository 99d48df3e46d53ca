import { TomlDate, TomlError, parse } from "smol-toml";
import { type JsonEntry, type JsonNode, MAX_DEPTH } from "./json.js";

/**
 * A TOML document (Traefik's file provider reads its dynamic configuration from TOML as
 * well as YAML) as the recognisers' tree (read/json.ts's nodes), with offsets.
 *
 * smol-toml (1.9.1) parses and validates the document (TOML 1.0: duplicate keys, tables
 * defined twice, bad values are its errors, with a line and column), but its result holds
 * no positions. So the positions are found here, by a second pass over the text that the
 * parser has already accepted: each table header, dotted key and value is located and
 * recorded under its path (the keys from the root, with the index of each array-of-tables
 * element), and the parsed values are then turned into nodes at those offsets. A key's
 * offset is its first character (a header's `retry` in `[http.middlewares.r.retry]`), a
 * value's the first character of its text, a header table's the `[` of its header. The pass
 * relies on the text being valid TOML; anything it cannot place falls back to its
 * parent's offset rather than failing.
 */
export class TomlSyntaxError extends Error {
  override readonly name = "TomlSyntaxError";
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

type Segment = string | number;
interface Place {
  readonly keyPos: number;
  readonly valuePos: number;
  /** A bare value's text (a number, a date, a boolean); null for strings, arrays and tables. */
  readonly raw: string | null;
}

/** Parses a whole TOML document; a syntax error is a TomlSyntaxError at its offset, with smol-toml's message. */
export function parseTomlDocument(text: string): JsonNode {
  let value: Record<string, unknown>;
  try {
    value = parse(text, { integersAsBigInt: "asNeeded", maxDepth: MAX_DEPTH }) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    throw new TomlSyntaxError(offsetOf(text, error.line, error.column), firstLine(error.message));
  }
  const places = locate(text);
  return toNode(value, [], places, 0, 0);
}

/** smol-toml's message without its "Invalid TOML document: " prefix and its code block. */
function firstLine(message: string): string {
  return message.replace(/^Invalid TOML document: /, "").split("\n")[0]!;
}

/** The offset of smol-toml's line and column (it counts lines at \n and \r\n, columns from 1). */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return Math.min(offset + column - 1, text.length);
}

const keyOf = (path: readonly Segment[]) => JSON.stringify(path);

function toNode(value: unknown, path: readonly Segment[], places: ReadonlyMap<string, Place>, fallback: number, depth: number): JsonNode {
  const place = places.get(keyOf(path));
  const pos = place?.valuePos ?? fallback;
  if (depth > MAX_DEPTH) throw new TomlSyntaxError(pos, `nested deeper than ${MAX_DEPTH} levels`);
  if (typeof value === "string") return { kind: "string", pos, value };
  if (typeof value === "boolean") return { kind: "boolean", pos, value };
  if (typeof value === "bigint") return { kind: "number", pos, value: Number(value), source: value.toString() };
  if (typeof value === "number") {
    // An integer's digits as Go's strconv would print it (0x10, 1_000 are 16 and 1000); a float's as written.
    const source = Number.isInteger(value) && place?.raw != null && !/[.eE]|inf|nan/.test(place.raw) ? String(value) : (place?.raw ?? String(value));
    return { kind: "number", pos, value, source };
  }
  if (value instanceof TomlDate) return { kind: "string", pos, value: place?.raw ?? value.toISOString() };
  if (Array.isArray(value)) return { kind: "array", pos, items: value.map((item, index) => toNode(item, [...path, index], places, pos, depth + 1)) };
  const entries = new Map<string, JsonEntry>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childPath = [...path, key];
    const keyPos = places.get(keyOf(childPath))?.keyPos ?? pos;
    entries.set(key, { keyPos, value: toNode(child, childPath, places, keyPos, depth + 1) });
  }
  return { kind: "object", pos, entries };
}

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Readonly<Record<string, string>> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", e: "\x1b", '"': '"', "\\": "\\" };

/** Every key, table and value of a valid TOML text, at its offsets, by its path (first definition wins). */
function locate(text: string): Map<string, Place> {
  const places = new Map<string, Place>();
  /** Each array of tables (its path, without the index) and the index of its last element. */
  const arrays = new Map<string, number>();
  const n = text.length;
  let i = 0;
  const record = (path: readonly Segment[], keyPos: number, valuePos: number, raw: string | null) => {
    const key = keyOf(path);
    if (!places.has(key)) places.set(key, { keyPos, valuePos, raw });
  };
  const skipSpace = () => {
    while (i < n && (text[i] === " " || text[i] === "\t")) i++;
  };
  /** Spaces, newlines and comments. */
  const skipBlank = () => {
    for (;;) {
      skipSpace();
      if (text[i] === "\n" || text[i] === "\r") i++;
      else if (text[i] === "#") {
        while (i < n && text[i] !== "\n") i++;
      } else return;
    }
  };
  /** A basic string's value from its opening quote; i ends past the closing quote. */
  const basic = (): string => {
    let out = "";
    i++;
    while (i < n && text[i] !== '"') {
      if (text[i] === "\\") {
        const c = text[i + 1]!;
        const hex = c === "u" ? 4 : c === "U" ? 8 : c === "x" ? 2 : 0;
        if (hex > 0) {
          out += String.fromCodePoint(Number.parseInt(text.slice(i + 2, i + 2 + hex), 16));
          i += 2 + hex;
        } else {
          out += ESCAPES[c] ?? c;
          i += 2;
        }
      } else out += text[i++];
    }
    i++;
    return out;
  };
  const literal = (): string => {
    const end = text.indexOf("'", i + 1);
    const out = text.slice(i + 1, end);
    i = end + 1;
    return out;
  };
  /** Past a string value of any of TOML's four kinds. */
  const skipString = () => {
    const quote = text[i]!;
    if (text.startsWith(quote.repeat(3), i)) {
      let j = i + 3;
      for (;;) {
        if (quote === '"' && text[j] === "\\") j += 2;
        else if (text.startsWith(quote.repeat(3), j)) {
          // Up to two quotes just before the closing delimiter belong to the string.
          for (let extra = 0; extra < 2 && text[j + 3] === quote; extra++) j++;
          i = j + 3;
          return;
        } else if (j >= n) {
          i = n;
          return;
        } else j++;
      }
    }
    if (quote === '"') basic();
    else literal();
  };
  /** A dotted key: each part with its offset. */
  const readKey = (): Array<{ key: string; pos: number }> => {
    const parts: Array<{ key: string; pos: number }> = [];
    for (;;) {
      skipSpace();
      const pos = i;
      let key: string;
      if (text[i] === '"') key = basic();
      else if (text[i] === "'") key = literal();
      else {
        const start = i;
        while (i < n && BARE_KEY.test(text[i]!)) i++;
        key = text.slice(start, i);
      }
      parts.push({ key, pos });
      skipSpace();
      if (text[i] !== ".") return parts;
      i++;
    }
  };
  /** A header's path, each array of tables along it followed by the index of its last element. */
  const resolve = (parts: ReadonlyArray<{ key: string; pos: number }>, start: number, last: boolean): Segment[] => {
    const path: Segment[] = [];
    parts.forEach((part, index) => {
      path.push(part.key);
      record(path, part.pos, start, null);
      const element = arrays.get(keyOf(path));
      if (element !== undefined && (last || index < parts.length - 1)) path.push(element);
    });
    return path;
  };
  const value = (path: readonly Segment[], keyPos: number, depth: number) => {
    const valuePos = i;
    const c = text[i];
    if (depth > MAX_DEPTH) return;
    if (c === '"' || c === "'") {
      skipString();
      record(path, keyPos, valuePos, null);
    } else if (c === "[") {
      record(path, keyPos, valuePos, null);
      i++;
      for (let index = 0; ; index++) {
        skipBlank();
        if (i >= n || text[i] === "]") break;
        value([...path, index], i, depth + 1);
        skipBlank();
        if (text[i] === ",") i++;
      }
      i++;
    } else if (c === "{") {
      record(path, keyPos, valuePos, null);
      i++;
      for (;;) {
        skipBlank();
        if (i >= n || text[i] === "}") break;
        keyValue(path, depth + 1);
        skipBlank();
        if (text[i] === ",") i++;
      }
      i++;
    } else {
      const start = i;
      while (i < n && !",]}#\r\n".includes(text[i]!)) i++;
      record(path, keyPos, valuePos, text.slice(start, i).trimEnd());
    }
  };
  const keyValue = (table: readonly Segment[], depth: number) => {
    const parts = readKey();
    const path = [...table];
    for (const part of parts.slice(0, -1)) {
      path.push(part.key);
      record(path, part.pos, part.pos, null);
    }
    const last = parts[parts.length - 1]!;
    path.push(last.key);
    skipSpace();
    i++; // "="
    skipSpace();
    value(path, last.pos, depth);
  };

  let table: Segment[] = [];
  while (i < n) {
    skipBlank();
    if (i >= n) break;
    const start = i;
    if (text[i] === "[") {
      const array = text[i + 1] === "[";
      i += array ? 2 : 1;
      const parts = readKey();
      if (array) {
        const path = resolve(parts, start, false);
        const element = (arrays.get(keyOf(path)) ?? -1) + 1;
        arrays.set(keyOf(path), element);
        table = [...path, element];
        record(table, parts[parts.length - 1]!.pos, start, null);
      } else {
        table = resolve(parts, start, true);
      }
      i += array ? 2 : 1;
      continue;
    }
    const before = i;
    keyValue(table, 0);
    if (i === before) i++;
  }
  return places;
}
