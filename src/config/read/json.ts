import { UsageError } from "../errors.js";

/**
 * A strict JSON (RFC 8259) reader for configuration files. JSON.parse is not used
 * because Node 20 reports many syntax errors without a position ("Unexpected token
 * '}', ... is not valid JSON"), silently keeps the last of duplicate keys, and loses
 * the digits of a number before they can be checked. Here every node keeps its
 * offset (for "file:line:column" messages), objects are Maps (so "__proto__" is an
 * ordinary key that can never reach a prototype), and numbers keep their source text.
 */
export type JsonNode =
  | { readonly kind: "object"; readonly pos: number; readonly entries: ReadonlyMap<string, JsonEntry> }
  | { readonly kind: "array"; readonly pos: number; readonly items: readonly JsonNode[] }
  /** `substitution`: a bare `${Name}` read with `substitutions` (parseJsonSource), its text the value. */
  | { readonly kind: "string"; readonly pos: number; readonly value: string; readonly substitution?: true }
  | { readonly kind: "number"; readonly pos: number; readonly value: number; readonly source: string }
  | { readonly kind: "boolean"; readonly pos: number; readonly value: boolean }
  | { readonly kind: "null"; readonly pos: number };

export interface JsonEntry {
  /** Offset of the key's opening quote. */
  readonly keyPos: number;
  readonly value: JsonNode;
}

/**
 * Adds a key to a map being read, unless the map has it already: then nothing is added,
 * `value` is not called, and the entry already there is returned, for the reader to word
 * the duplicate its own way (JSON and YAML readers alike refuse a key given twice).
 */
export function addEntry(entries: Map<string, JsonEntry>, key: string, keyPos: number, value: () => JsonNode): JsonEntry | undefined {
  const previous = entries.get(key);
  if (previous === undefined) entries.set(key, { keyPos, value: value() });
  return previous;
}

/** Deeper nesting than any configuration needs; a hostile file cannot exhaust the stack. */
export const MAX_DEPTH = 64;
/** A property name longer than this is refused where it starts, as YAML's implicit keys are (1024). */
export const MAX_JSON_KEY = 1024;

/** 1-based line and column (in UTF-16 code units) of an offset; \n, \r\n and \r end a line. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * lineColumn for many offsets of one text: the line starts are found once, at the first
 * offset asked for (a file with nothing to report costs nothing), then each offset is a
 * binary search, so numbering every policy of a large file is linear in its size
 * (rescanning from the start for each took 50 s for 84,000 policies).
 */
export function lineLocator(text: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | null = null;
  const lineStarts = (): number[] => {
    const found = [0];
    if (!text.includes("\r")) {
      // The usual case, found by the engine's own search rather than character by character.
      for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) found.push(i + 1);
      return found;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) found.push(i + 1);
    }
    return found;
  };
  return (offset) => {
    starts ??= lineStarts();
    const end = Math.min(offset, text.length);
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid]! <= end) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: end - starts[low]! + 1 };
  };
}

/** "name:line:column" for messages. */
export function where(name: string, text: string, offset: number): string {
  const { line, column } = lineColumn(text, offset);
  return `${name}:${line}:${column}`;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** What the character at an offset looks like in a message. */
function describe(text: string, pos: number): string {
  if (pos >= text.length) return "the end of the input";
  const ch = String.fromCodePoint(text.codePointAt(pos)!);
  return ch < " " ? `character U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : `'${ch}'`;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** A CloudFormation/SAM variable as Fn::Sub and DefinitionSubstitutions write it: `${Name}`, `${AWS::Region}`, `${Res.Arn}`. */
const SUBSTITUTION = /\$\{[A-Za-z0-9_.:]+\}/y;

/**
 * Parses a whole document; throws a UsageError "name:line:column: what was expected".
 * With `substitutions`, a bare `${Name}` where a value goes is read as a string node
 * marked `substitution` (a Step Functions definition written for SAM's
 * DefinitionSubstitutions or an Fn::Sub: `"TimeoutSeconds": ${Timeout}`, replaced by its
 * value when the stack is deployed); without, it is a syntax error as JSON has it.
 */
export function parseJsonSource(text: string, name: string, options: { readonly substitutions?: boolean } = {}): JsonNode {
  let pos = 0;
  const fail = (at: number, message: string): never => {
    throw new UsageError(`${where(name, text, at)}: ${message}`);
  };
  const skipSpace = () => {
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) pos++;
      else break;
    }
  };
  const expect = (ch: string, what: string) => {
    if (text[pos] !== ch) fail(pos, `expected ${what}, got ${describe(text, pos)}`);
    pos++;
  };

  // Runs of plain characters are sliced out whole, not appended a character at a time:
  // the Step Functions of a repository are megabytes of JSON, nearly all of it strings.
  const parseString = (): string => {
    const start = pos;
    pos++; // the opening quote
    let out = "";
    let run = pos;
    for (;;) {
      if (pos >= text.length) fail(start, "unterminated string");
      const c = text.charCodeAt(pos);
      if (c === 34) {
        out = out === "" ? text.slice(run, pos) : out + text.slice(run, pos);
        pos++;
        return out;
      }
      if (c < 32) fail(pos, `${describe(text, pos)} inside a string (write it as an escape such as \\n)`);
      if (c !== 92) {
        pos++;
        continue;
      }
      out += text.slice(run, pos);
      const e = text[pos + 1];
      if (e !== undefined && Object.hasOwn(SIMPLE_ESCAPES, e)) {
        out += SIMPLE_ESCAPES[e];
        pos += 2;
      } else if (e === "u") {
        const hex = text.slice(pos + 2, pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(pos, "invalid \\u escape (four hex digits expected)");
        out += String.fromCharCode(parseInt(hex, 16));
        pos += 6;
      } else {
        fail(pos, `invalid escape \\${e ?? ""} in a string`);
      }
      run = pos;
    }
  };

  const parseValue = (depth: number): JsonNode => {
    if (depth > MAX_DEPTH) fail(pos, `nested more than ${MAX_DEPTH} levels deep`);
    skipSpace();
    const start = pos;
    const ch = text[pos];
    if (ch === "{") {
      pos++;
      const entries = new Map<string, JsonEntry>();
      skipSpace();
      if (text[pos] === "}") {
        pos++;
        return { kind: "object", pos: start, entries };
      }
      for (;;) {
        skipSpace();
        if (text[pos] !== '"') fail(pos, `expected a property name in double quotes, got ${describe(text, pos)}`);
        const keyPos = pos;
        const key = parseString();
        if (key.length > MAX_JSON_KEY) fail(keyPos, `a property name longer than ${MAX_JSON_KEY} characters`);
        const previous = addEntry(entries, key, keyPos, () => {
          skipSpace();
          expect(":", `':' after the property name ${JSON.stringify(key)}`);
          return parseValue(depth + 1);
        });
        if (previous) {
          const first = lineColumn(text, previous.keyPos);
          fail(keyPos, `duplicate key ${JSON.stringify(key)} (first at line ${first.line}, column ${first.column})`);
        }
        skipSpace();
        if (text[pos] === ",") {
          pos++;
          skipSpace();
          if (text[pos] === "}") fail(pos, "trailing comma before '}'");
          continue;
        }
        expect("}", "',' or '}' after a property value");
        return { kind: "object", pos: start, entries };
      }
    }
    if (ch === "[") {
      pos++;
      const items: JsonNode[] = [];
      skipSpace();
      if (text[pos] === "]") {
        pos++;
        return { kind: "array", pos: start, items };
      }
      for (;;) {
        items.push(parseValue(depth + 1));
        skipSpace();
        if (text[pos] === ",") {
          pos++;
          skipSpace();
          if (text[pos] === "]") fail(pos, "trailing comma before ']'");
          continue;
        }
        expect("]", "',' or ']' after an array element");
        return { kind: "array", pos: start, items };
      }
    }
    if (ch === '"') return { kind: "string", pos: start, value: parseString() };
    if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) {
      NUMBER.lastIndex = pos;
      const match = NUMBER.exec(text);
      if (!match) return fail(pos, `invalid number`);
      const source = match[0];
      pos += source.length;
      const next = text[pos];
      if (next !== undefined && /[a-zA-Zµ]/.test(next)) {
        const word = source + /^[a-zA-Zµ]+/.exec(text.slice(pos))![0];
        fail(start, `${word} is not a JSON value; a duration with a unit must be a string, such as "${word}"`);
      }
      if (next !== undefined && /[0-9.+\-]/.test(next)) fail(start, `invalid number ${JSON.stringify(source + next)}`);
      const value = Number(source);
      if (!Number.isFinite(value)) fail(start, `number ${source} is too large`);
      return { kind: "number", pos: start, value, source };
    }
    if (ch === "t" && text.startsWith("true", pos)) {
      pos += 4;
      return { kind: "boolean", pos: start, value: true };
    }
    if (ch === "f" && text.startsWith("false", pos)) {
      pos += 5;
      return { kind: "boolean", pos: start, value: false };
    }
    if (ch === "n" && text.startsWith("null", pos)) {
      pos += 4;
      return { kind: "null", pos: start };
    }
    if (ch === "'") return fail(pos, "strings must be in double quotes");
    if (ch === "$" && options.substitutions === true) {
      SUBSTITUTION.lastIndex = pos;
      const match = SUBSTITUTION.exec(text);
      if (match !== null) {
        pos += match[0].length;
        return { kind: "string", pos: start, value: match[0], substitution: true };
      }
    }
    return fail(pos, `expected a JSON value, got ${describe(text, pos)}`);
  };

  const root = parseValue(0);
  skipSpace();
  if (pos < text.length) fail(pos, `unexpected ${describe(text, pos)} after the end of the JSON value`);
  return root;
}
