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
  boundToml(text);
  let value: Record<string, unknown>;
  try {
    value = parse(text, { integersAsBigInt: "asNeeded", maxDepth: MAX_DEPTH }) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    throw new TomlSyntaxError(offsetOf(text, error.line, error.column), firstLine(error.message));
  }
  const places = locate(text);
  return toNode(value, places, 0, 0);
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

/** A key (one part of a dotted key or header) longer than any setting's name; YAML 1.2 limits its implicit keys to the same. */
export const MAX_TOML_KEY = 1024;

/**
 * Refuses, in one pass over the text and before smol-toml sees it, a TOML document that
 * would cost more than its size: a table header or a dotted key (with its table's levels)
 * of more than MAX_DEPTH parts, arrays and inline tables nested deeper than MAX_DEPTH, a key part longer than
 * MAX_TOML_KEY characters. smol-toml's own maxDepth is checked only after it has built
 * each level (a header of 10,000 parts took 2.6 s and 295 MB before "nested deeper than
 * 64 levels", one of 100,000 parts 57 s and 4.3 GB before V8 aborted). The scan reads
 * strings and comments only to pass over them; anything it does not understand is left
 * to the parser, which reports it.
 */
export function boundToml(text: string): void {
  const n = text.length;
  /** The open arrays and inline tables: "[" or "{". */
  const open: string[] = [];
  let i = 0;
  const refuse = (offset: number, message: string): never => {
    throw new TomlSyntaxError(offset, message);
  };
  const skipSpace = () => {
    while (i < n && (text[i] === " " || text[i] === "\t")) i++;
  };
  /** Past a string of any of TOML's four kinds, from its first quote. */
  const skipString = () => {
    const quote = text[i]!;
    const multi = text.startsWith(quote.repeat(3), i);
    i += multi ? 3 : 1;
    while (i < n) {
      const c = text[i]!;
      if (quote === '"' && c === "\\") i += 2;
      else if (c === quote && (!multi || text.startsWith(quote.repeat(3), i))) {
        i += multi ? 3 : 1;
        if (multi) while (text[i] === quote) i++;
        return;
      } else if (!multi && (c === "\n" || c === "\r")) return;
      else i++;
    }
  };
  /**
   * A dotted key (a header's or a key/value's) below `depth` levels: refused at the part
   * that would be nested deeper than MAX_DEPTH (the root's keys are level 1, as the tree's
   * depth counts them) or at a part longer than MAX_TOML_KEY characters. Returns its parts.
   */
  const readKey = (what: string, depth: number): number => {
    for (let parts = 1; ; parts++) {
      skipSpace();
      const start = i;
      if (depth + parts > MAX_DEPTH) refuse(start, `${what} nested deeper than ${MAX_DEPTH} levels`);
      const quoted = text[i] === '"' || text[i] === "'";
      if (quoted) skipString();
      else while (i < n && BARE_KEY.test(text[i]!)) i++;
      if (i - start - (quoted ? 2 : 0) > MAX_TOML_KEY) refuse(start, `a key longer than ${MAX_TOML_KEY} characters`);
      skipSpace();
      if (text[i] !== ".") return parts;
      i++;
    }
  };
  let lineStart = true;
  /** The levels of the last table header (an array of tables' element one more). */
  let tableDepth = 0;
  /** Inside an inline table, at a place where a key comes (after "{" or ","). */
  let keyNext = false;
  while (i < n) {
    const c = text[i]!;
    if (c === " " || c === "\t") i++;
    else if (c === "\n" || c === "\r") {
      i++;
      if (open.length === 0) lineStart = true;
    } else if (c === "#") {
      while (i < n && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (lineStart && open.length === 0) {
      lineStart = false;
      if (c === "[") {
        const array = text[i + 1] === "[";
        i += array ? 2 : 1;
        tableDepth = readKey("a table header", 0) + (array ? 1 : 0);
      } else readKey("a key", tableDepth);
    } else if (keyNext) {
      keyNext = false;
      if (c !== "}") readKey("a key", tableDepth + open.length);
    } else if (c === '"' || c === "'") skipString();
    else if (c === "[" || c === "{") {
      open.push(c);
      if (open.length > MAX_DEPTH) refuse(i, `an array or inline table nested deeper than ${MAX_DEPTH} levels`);
      keyNext = c === "{";
      i++;
    } else if (c === "]" || c === "}") {
      open.pop();
      i++;
    } else if (c === ",") {
      keyNext = open[open.length - 1] === "{";
      i++;
    } else i++;
  }
}

/**
 * The places found, as a tree by path: each slot is reached from its parent's in one step,
 * so recording or finding a key costs the same at any depth (a Map keyed by the whole
 * path, as this was, made a file of deep tables quadratic: 46 s for 10 MB).
 */
interface Slot {
  place?: Place;
  /** An array of tables here: the index of its last element. */
  lastElement?: number;
  children?: Map<Segment, Slot>;
}

const NO_SLOT: Slot = {};

function child(slot: Slot, segment: Segment): Slot {
  slot.children ??= new Map();
  let next = slot.children.get(segment);
  if (next === undefined) slot.children.set(segment, (next = {}));
  return next;
}

const peek = (slot: Slot, segment: Segment): Slot => slot.children?.get(segment) ?? NO_SLOT;

function toNode(value: unknown, slot: Slot, fallback: number, depth: number): JsonNode {
  const place = slot.place;
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
  if (Array.isArray(value)) return { kind: "array", pos, items: value.map((item, index) => toNode(item, peek(slot, index), pos, depth + 1)) };
  const entries = new Map<string, JsonEntry>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childSlot = peek(slot, key);
    const keyPos = childSlot.place?.keyPos ?? pos;
    entries.set(key, { keyPos, value: toNode(child, childSlot, keyPos, depth + 1) });
  }
  return { kind: "object", pos, entries };
}

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Readonly<Record<string, string>> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", e: "\x1b", '"': '"', "\\": "\\" };

/** Every key, table and value of a valid TOML text, at its offsets, by its path (first definition wins). */
function locate(text: string): Slot {
  const root: Slot = {};
  const n = text.length;
  let i = 0;
  const record = (slot: Slot, keyPos: number, valuePos: number, raw: string | null) => {
    slot.place ??= { keyPos, valuePos, raw };
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
  /** A header's slot, each array of tables along it followed by the slot of its last element. */
  const resolve = (parts: ReadonlyArray<{ key: string; pos: number }>, start: number, last: boolean): Slot => {
    let slot = root;
    parts.forEach((part, index) => {
      slot = child(slot, part.key);
      record(slot, part.pos, start, null);
      const element = slot.lastElement;
      if (element !== undefined && (last || index < parts.length - 1)) slot = child(slot, element);
    });
    return slot;
  };
  const value = (slot: Slot, keyPos: number, depth: number) => {
    const valuePos = i;
    const c = text[i];
    if (depth > MAX_DEPTH) return;
    if (c === '"' || c === "'") {
      skipString();
      record(slot, keyPos, valuePos, null);
    } else if (c === "[") {
      record(slot, keyPos, valuePos, null);
      i++;
      for (let index = 0; ; index++) {
        skipBlank();
        if (i >= n || text[i] === "]") break;
        value(child(slot, index), i, depth + 1);
        skipBlank();
        if (text[i] === ",") i++;
      }
      i++;
    } else if (c === "{") {
      record(slot, keyPos, valuePos, null);
      i++;
      for (;;) {
        skipBlank();
        if (i >= n || text[i] === "}") break;
        keyValue(slot, depth + 1);
        skipBlank();
        if (text[i] === ",") i++;
      }
      i++;
    } else {
      const start = i;
      while (i < n && !",]}#\r\n".includes(text[i]!)) i++;
      record(slot, keyPos, valuePos, text.slice(start, i).trimEnd());
    }
  };
  const keyValue = (table: Slot, depth: number) => {
    const parts = readKey();
    let slot = table;
    for (const part of parts.slice(0, -1)) {
      slot = child(slot, part.key);
      record(slot, part.pos, part.pos, null);
    }
    const last = parts[parts.length - 1]!;
    slot = child(slot, last.key);
    skipSpace();
    i++; // "="
    skipSpace();
    value(slot, last.pos, depth);
  };

  let table: Slot = root;
  while (i < n) {
    skipBlank();
    if (i >= n) break;
    const start = i;
    if (text[i] === "[") {
      const array = text[i + 1] === "[";
      i += array ? 2 : 1;
      const parts = readKey();
      if (array) {
        const slot = resolve(parts, start, false);
        const element = (slot.lastElement ?? -1) + 1;
        slot.lastElement = element;
        table = child(slot, element);
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
  return root;
}
