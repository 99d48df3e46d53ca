import { type JsonEntry, type JsonNode as Node, addEntry } from "./json.js";
import { coreScalar } from "./yaml-scalar.js";

/**
 * The plainest YAML documents read straight from their text into the recognisers' tree,
 * without `yaml`'s lexer and parser. Those two (generators yielding a token object per
 * token) were, with the garbage they leave, about half of the time `check DIR` took on a
 * tree of configuration files, and most configuration files are written in a small,
 * regular part of YAML: block maps and lists indented with spaces, flow maps and lists
 * on one line, scalars on one line, comments.
 *
 * This is not a second YAML parser. It takes a document only when every line is in that
 * part, and declines (returns null) at the first thing that is not: anchors, aliases,
 * tags, block scalars (`|`, `>`), explicit or merge keys, empty values, scalars or flow
 * collections over several lines, escapes, tabs, a carriage return that does not end a
 * line (\r\n line ends are read as \n ones, offsets counting every character), control
 * characters, indentation it does not expect, anything `yaml` would warn or fail about. A
 * declined document is read by the library as before (yaml.ts), so every error a file is
 * skipped with is still the library's. What it does take gives the tree the library's
 * composer gives, offset for offset, keys and duplicate key included:
 * test/config/read/yaml-plain.test.ts compares both on the fixtures, on the bench's
 * kinds of file, on their \r\n copies and on thousands of mangled variants.
 */

export interface PlainDocument {
  readonly root: Node;
  /** Offset of the document in the text: its `---`, else the start of its first line of content. */
  readonly offset: number;
  /** The first duplicate key, in the order the composer's tree meets them. */
  readonly duplicate: { readonly offset: number; readonly key: string } | null;
}

/** Thrown to decline; caught in plainYamlDocument. */
const DECLINE = new Error("not plain YAML");
const decline = (): never => {
  throw DECLINE;
};

const NL = 0x0a;
/** Only ever just before a \n (plainYamlDocument declines any other): where a line's content ends, like NL. */
const CR = 0x0d;
const SPACE = 0x20;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const COMMA = 0x2c;
const QUESTION = 0x3f;
const DQ = 0x22;
const SQ = 0x27;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

/** Characters no scalar of the plain part starts with (YAML's indicators, `-?:` are handled apart). */
const NOT_PLAIN_START = new Set([",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", '"', "%", "@", "`"].map((c) => c.charCodeAt(0)));
const isFlowIndicator = (c: number): boolean => c === COMMA || c === LBRACKET || c === RBRACKET || c === LBRACE || c === RBRACE;
/**
 * Tabs, carriage returns but those of \r\n line ends, control characters, byte-order marks,
 * non-characters: all left to the library.
 */
const OUTSIDE = /[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|\r(?!\n)|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Where a line's content ends: its \n, or the \r of its \r\n. */
const endsLine = (c: number): boolean => c === NL || c === CR;
/** Implicit keys are limited to 1024 characters (YAML 1.2, and the composer checks it). */
const MAX_KEY = 1024;

/**
 * The document in `text` (one document: yaml.ts cuts a stream at its markers), or
 * null when it is not in the plain part. `base` is added to every offset. A document
 * nested deeper than `maxDepth` (the root 1, each collection's keys and values one more)
 * is declined, so that the library's path refuses it as before.
 */
export function plainYamlDocument(text: string, base: number, maxDepth: number): PlainDocument | null {
  if (OUTSIDE.test(text)) return null;
  try {
    return new PlainReader(text, base, maxDepth).document();
  } catch (error) {
    if (error === DECLINE) return null;
    throw error;
  }
}

class PlainReader {
  private duplicate: { offset: number; key: string } | null = null;
  private readonly end: number;
  /** Start of the line the reader has moved to (the next line of content), or `end`. */
  private line = 0;
  /** That line's indentation, or -1 at the end of the text. */
  private indent = -1;

  constructor(
    private readonly text: string,
    private readonly base: number,
    private readonly maxDepth: number,
  ) {
    this.end = text.length;
  }

  document(): PlainDocument {
    const text = this.text;
    let offset: number | null = null;
    if (text.startsWith("---")) {
      // The marker line holds nothing but the marker (and a comment).
      offset = 0;
      this.endLine(3, false);
    } else {
      if (text.startsWith("...")) decline();
      this.seekContent(0);
    }
    if (this.indent < 0) return decline(); // no content: an empty document
    offset ??= this.line;
    const at = this.line + this.indent;
    let root: Node;
    const first = text.charCodeAt(at);
    if (first === LBRACKET || first === LBRACE) {
      const flow = this.flow(at, 1);
      this.endLine(flow.end, false);
      root = flow.node;
    } else {
      root = this.blockNode(at, this.indent, 1);
    }
    if (this.indent !== -1) decline(); // content left over, less indented than the root
    return { root, offset, duplicate: this.duplicate };
  }

  /** A block list or map starting at `at` (column `indent`): nothing else starts a line here. */
  private blockNode(at: number, indent: number, depth: number): Node {
    if (this.isSeqItem(at)) return this.blockSeq(at, indent, depth);
    return this.blockMap(at, indent, depth);
  }

  private blockMap(at: number, indent: number, depth: number): Node {
    if (depth + 1 > this.maxDepth) decline();
    const entries = new Map<string, JsonEntry>();
    let p = at;
    for (;;) {
      const key = this.key(p);
      const value = this.value(key.after, indent, depth + 1, true);
      this.enter(entries, key.text, key.pos, value);
      if (this.indent !== indent) break;
      p = this.line + indent;
      // A list item where the map's keys are: the composer's error, not ours to word.
      if (this.isSeqItem(p)) decline();
    }
    if (this.indent > indent) decline();
    return { kind: "object", pos: this.base + at, entries };
  }

  private blockSeq(at: number, indent: number, depth: number): Node {
    if (depth + 1 > this.maxDepth) decline();
    const items: Node[] = [];
    let p = at;
    for (;;) {
      items.push(this.value(p + 1, indent, depth + 1, false));
      if (this.indent !== indent || !this.isSeqItem(this.line + indent)) break;
      p = this.line + indent;
    }
    // At the list's own column a key may follow: the list was a map's value written at the
    // map's column (`containers:` then `- name: app`), and the map goes on.
    if (this.indent > indent) decline();
    return { kind: "array", pos: this.base + at, items };
  }

  /**
   * The value after a map's `:` or a list's `-` (at `p`, just after the indicator), in a
   * collection at column `indent`: on the same line (a scalar, a flow collection, or in a
   * list a compact map or list), or on the lines below, indented more (a map's list may
   * also sit at the map's own column). An empty value declines.
   */
  private value(p: number, indent: number, depth: number, inMap: boolean): Node {
    const text = this.text;
    let q = p;
    while (q < this.end && text.charCodeAt(q) === SPACE) q++;
    const c = q < this.end ? text.charCodeAt(q) : NL;
    if (endsLine(c) || (c === HASH && q > p)) {
      this.endLine(q, q > p);
      if (this.indent > indent) return this.blockNode(this.line + this.indent, this.indent, depth);
      if (inMap && this.indent === indent && this.isSeqItem(this.line + indent)) return this.blockSeq(this.line + indent, indent, depth);
      return decline();
    }
    if (q === p) decline(); // `-x` or `:x`: not an indicator (the callers never get here so)
    if (!inMap) {
      // `- - x` and `- key: value`: a compact list or map, at the column it starts in.
      const column = q - (text.lastIndexOf("\n", q - 1) + 1);
      if (this.isSeqItem(q)) return this.blockSeq(q, column, depth);
      if (this.startsKey(q)) return this.blockMap(q, column, depth);
    }
    const inline = this.inline(q, depth, false);
    this.endLine(inline.end, false);
    return inline.node;
  }

  /** A scalar or flow collection on one line, from `q`; `end` is just after it. */
  private inline(q: number, depth: number, inFlow: boolean): { node: Node; end: number } {
    const c = this.text.charCodeAt(q);
    if (c === LBRACKET || c === LBRACE) return this.flow(q, depth);
    if (c === DQ || c === SQ) return this.quoted(q);
    return this.plain(q, inFlow);
  }

  /** A flow list or map that closes on the line it opens on. */
  private flow(at: number, depth: number): { node: Node; end: number } {
    if (depth + 1 > this.maxDepth) decline();
    const text = this.text;
    const isMap = text.charCodeAt(at) === LBRACE;
    const close = isMap ? RBRACE : RBRACKET;
    const entries = new Map<string, JsonEntry>();
    const items: Node[] = [];
    let p = this.skipSpaces(at + 1);
    if (text.charCodeAt(p) !== close) {
      for (;;) {
        if (isMap) {
          const key = this.flowKey(p);
          if (key.after === -1) {
            // A key alone (`{a: 1, b}`): its value is null, placed where the key ends.
            this.enter(entries, key.text, key.pos, { kind: "null", pos: key.pos + key.text.length });
            p = p + key.text.length;
          } else {
            const v = this.skipSpaces(key.after);
            const vc = text.charCodeAt(v);
            if (v >= this.end || vc === COMMA || vc === close || endsLine(vc) || vc === HASH) decline();
            const value = this.inline(v, depth + 1, true);
            this.enter(entries, key.text, key.pos, value.node);
            p = value.end;
          }
        } else {
          const item = this.inline(p, depth + 1, true);
          items.push(item.node);
          p = item.end;
        }
        p = this.skipSpaces(p);
        const c = text.charCodeAt(p);
        if (c === close) break;
        if (c !== COMMA) decline();
        p = this.skipSpaces(p + 1);
        // A trailing comma, an empty entry or the end of the line: the library's to read.
        const next = text.charCodeAt(p);
        if (next === close || next === COMMA || endsLine(next) || next === HASH || p >= this.end) decline();
      }
    }
    const pos = this.base + at;
    return { node: isMap ? { kind: "object", pos, entries } : { kind: "array", pos, items }, end: p + 1 };
  }

  /** A quoted scalar on one line with nothing escaped or doubled in it. */
  private quoted(q: number): { node: Node; end: number } {
    const text = this.text;
    const quote = text.charCodeAt(q);
    const close = text.indexOf(quote === DQ ? '"' : "'", q + 1);
    if (close === -1) return decline();
    const value = text.slice(q + 1, close);
    if (value.includes("\n") || (quote === DQ && value.includes("\\")) || (quote === SQ && text.charCodeAt(close + 1) === SQ)) decline();
    return { node: { kind: "string", pos: this.base + q, value }, end: close + 1 };
  }

  /**
   * A plain scalar on one line: up to a comment, the end of the line, or in a flow
   * collection a flow indicator; trailing spaces are not part of it. A `:` followed by a
   * space (or anything in a flow collection) declines: a key where none may be.
   */
  private plain(q: number, inFlow: boolean): { node: Node; end: number } {
    const text = this.text;
    this.plainStart(q, inFlow);
    let last = q;
    for (let e = q; e < this.end; e++) {
      const ch = text.charCodeAt(e);
      if (endsLine(ch)) break;
      if (ch === SPACE) continue;
      if (ch === HASH && text.charCodeAt(e - 1) === SPACE) break;
      if (inFlow && isFlowIndicator(ch)) break;
      if (ch === COLON) {
        const next = e + 1 < this.end ? text.charCodeAt(e + 1) : NL;
        if (inFlow || next === SPACE || endsLine(next)) decline();
      }
      last = e + 1;
    }
    return { node: coreScalar(text.slice(q, last), this.base + q), end: last };
  }

  /**
   * Declines unless a plain scalar (or plain key) can start at `q`: not at the end of the
   * line, not with an indicator, and `-`, `?` or `:` only when followed by a character of
   * the scalar (in a flow collection, not by a flow indicator either).
   */
  private plainStart(q: number, inFlow: boolean): void {
    const text = this.text;
    const c = text.charCodeAt(q);
    if (q >= this.end || endsLine(c) || c === SPACE || NOT_PLAIN_START.has(c)) decline();
    if (c === DASH || c === COLON || c === QUESTION) {
      const next = q + 1 < this.end ? text.charCodeAt(q + 1) : NL;
      if (next === SPACE || endsLine(next) || (inFlow && isFlowIndicator(next))) decline();
    }
  }

  /** A quoted key's text and where it ends (just after its closing quote). */
  private quotedKey(p: number): { key: string; end: number } {
    const quoted = this.quoted(p);
    return { key: (quoted.node as { value: string }).value, end: quoted.end };
  }

  /** A block map's key at `p`: a quoted or plain scalar on one line, then `:` and a space or the line's end. */
  private key(p: number): { text: string; pos: number; after: number } {
    const text = this.text;
    const c = text.charCodeAt(p);
    let key: string;
    let end: number;
    if (c === DQ || c === SQ) {
      ({ key, end } = this.quotedKey(p));
    } else {
      end = this.plainKeyEnd(p);
      key = text.slice(p, end);
      if (key === "<<") decline(); // a merge key
    }
    if (text.charCodeAt(end) !== COLON || end - p > MAX_KEY) decline();
    const after = end + 1;
    if (after < this.end && text.charCodeAt(after) !== SPACE && !endsLine(text.charCodeAt(after))) decline();
    return { text: key, pos: this.base + p, after };
  }

  /**
   * Where a plain key starting at `p` ends (at its `:`), declining when the line holds no
   * key: a key needs `: ` or a `:` ending the line, no comment before it, no space just
   * before the `:`, and none of the flow indicators (legal in YAML, rare in keys, and
   * where readers part ways).
   */
  private plainKeyEnd(p: number): number {
    const text = this.text;
    this.plainStart(p, false);
    for (let e = p; e < this.end; e++) {
      const ch = text.charCodeAt(e);
      if (endsLine(ch) || isFlowIndicator(ch)) break;
      if (ch === HASH && text.charCodeAt(e - 1) === SPACE) break;
      if (ch === COLON && e > p) {
        const next = e + 1 < this.end ? text.charCodeAt(e + 1) : NL;
        if (next === SPACE || endsLine(next)) {
          if (text.charCodeAt(e - 1) === SPACE) break;
          return e;
        }
      }
    }
    return decline();
  }

  /** Whether a block map's key starts at `q` (for `- key: value`), without reading it. */
  private startsKey(q: number): boolean {
    const text = this.text;
    const c = text.charCodeAt(q);
    if (c === DQ || c === SQ) {
      const close = text.indexOf(c === DQ ? '"' : "'", q + 1);
      return close !== -1 && text.charCodeAt(close + 1) === COLON;
    }
    if (c === LBRACKET || c === LBRACE) return false;
    // A plain scalar that is a key has `: ` (or a line-ending `:`) before the end of its line or a comment.
    for (let e = q; e < this.end; e++) {
      const ch = text.charCodeAt(e);
      if (endsLine(ch)) return false;
      if (ch === HASH && text.charCodeAt(e - 1) === SPACE) return false;
      if (ch === COLON) {
        const next = e + 1 < this.end ? text.charCodeAt(e + 1) : NL;
        if (next === SPACE || endsLine(next)) return true;
      }
    }
    return false;
  }

  /**
   * A flow map's key: quoted or plain, then `: `; or a plain key alone, right before a `,`
   * or `}` (`{a: 1, b}`), whose `after` is -1.
   */
  private flowKey(p: number): { text: string; pos: number; after: number } {
    const text = this.text;
    const c = text.charCodeAt(p);
    let key: string;
    let end: number;
    if (c === DQ || c === SQ) {
      ({ key, end } = this.quotedKey(p));
    } else {
      if (NOT_PLAIN_START.has(c) || c === DASH || c === COLON || c === QUESTION || p >= this.end) decline();
      end = p;
      while (end < this.end) {
        const ch = text.charCodeAt(end);
        if (ch === COLON || endsLine(ch) || ch === HASH || isFlowIndicator(ch)) break;
        end++;
      }
      key = text.slice(p, end);
      if (key.endsWith(" ") || key === "<<") decline();
      const next = text.charCodeAt(end);
      if ((next === COMMA || next === RBRACE) && end - p <= MAX_KEY) return { text: key, pos: this.base + p, after: -1 };
    }
    if (text.charCodeAt(end) !== COLON || text.charCodeAt(end + 1) !== SPACE || end - p > MAX_KEY) decline();
    return { text: key, pos: this.base + p, after: end + 1 };
  }

  /** Adds an entry; a duplicate is noted (the first one met), for yaml.ts to refuse as the composer would. */
  private enter(entries: Map<string, JsonEntry>, key: string, keyPos: number, value: Node): void {
    if (addEntry(entries, key, keyPos, () => value) !== undefined) this.duplicate ??= { offset: keyPos, key };
  }

  /** A list item's `-` at `p`: followed by a space or the end of the line. */
  private isSeqItem(p: number): boolean {
    if (this.text.charCodeAt(p) !== DASH) return false;
    const next = p + 1 < this.end ? this.text.charCodeAt(p + 1) : NL;
    return next === SPACE || endsLine(next);
  }

  private skipSpaces(p: number): number {
    while (p < this.end && this.text.charCodeAt(p) === SPACE) p++;
    return p;
  }

  /**
   * From `p` to the end of its line only spaces and a comment may follow (a comment after
   * a space, or `spaced` when one came just before `p`); then on to the next line of content.
   */
  private endLine(p: number, spaced: boolean): void {
    const text = this.text;
    while (p < this.end && text.charCodeAt(p) === SPACE) {
      p++;
      spaced = true;
    }
    if (p < this.end) {
      const c = text.charCodeAt(p);
      if (c === HASH) {
        if (!spaced) decline();
        p = text.indexOf("\n", p);
        if (p === -1) p = this.end;
      } else if (c === CR) {
        p++; // to the \n of \r\n
      } else if (c !== NL) decline();
    }
    this.seekContent(p >= this.end ? this.end : p + 1);
  }

  /** From the start of a line, past blank lines and lines of comment only. */
  private seekContent(p: number): void {
    const text = this.text;
    while (p < this.end) {
      let q = p;
      while (q < this.end && text.charCodeAt(q) === SPACE) q++;
      if (q >= this.end) break;
      const c = text.charCodeAt(q);
      if (endsLine(c)) {
        p = q + (c === CR ? 2 : 1);
        continue;
      }
      if (c === HASH) {
        const next = text.indexOf("\n", q);
        p = next === -1 ? this.end : next + 1;
        continue;
      }
      this.line = p;
      this.indent = q - p;
      return;
    }
    this.line = this.end;
    this.indent = -1;
  }
}
