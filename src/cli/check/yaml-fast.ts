import { CST } from "yaml";
import type { JsonEntry } from "../shared/json-source.js";
import type { Node } from "./tree.js";
import { coreScalar } from "./yaml-scalar.js";

/**
 * The common case of a YAML document, turned into the recognisers' tree straight from
 * `yaml`'s CST, without the library's composer (its Document, Pair and Scalar objects
 * were half the cost of reading a tree of YAML files). Only documents in a plain subset
 * are taken this way: block and flow maps and lists of scalars, keys on one line, no
 * anchors, aliases, tags, explicit keys, merge keys, block scalars, empty values, tabs
 * or directives. Within that subset the checks below are the composer's own
 * (compose/resolve-block-map.js, resolve-block-seq.js, resolve-flow-collection.js,
 * resolve-props.js of yaml 2.9), scalars are resolved by the library
 * (CST.resolveAsScalar, the composer's resolver) and typed by YAML 1.2's core schema as
 * the composer types them (yaml-scalar.ts); the tree is the one yaml-tree.ts's Converter builds from the
 * composed document, offset for offset. Anything else, and anything the composer would
 * warn or fail about, gives null: the caller composes the document as before, so the
 * error a broken file is skipped with is always the library's.
 * test/cli/check/files/yaml-fast.test.ts compares both ways on every fixture and on
 * thousands of mangled variants.
 */

/** Declined: the document leaves the plain subset. */
class Decline extends Error {}
const decline = (): never => {
  throw new Decline();
};

export interface FastResult {
  readonly root: Node;
  /** The first duplicate key, in the order the Converter meets them (it reports that one). */
  readonly duplicate: { readonly offset: number; readonly key: string } | null;
}

/**
 * The document's tree, or null when the composer must read it. A document nested deeper
 * than `maxDepth` (counted as yaml-tree.ts's cstDepth counts: the root 1, each collection's
 * keys and values one more) is declined, so that the caller's depth check refuses it as
 * before; a document taken here needs no separate measuring.
 */
export function fastDocument(document: CST.Document, base: number, maxDepth: number): FastResult | null {
  if (document.value === undefined) return null;
  try {
    const reader = new FastReader(base, maxDepth);
    // The document's opening: `---`, blank lines and comments, then a node that a block
    // collection starts on a line of its own.
    const start = props(document.start, "doc-start", true);
    const value = document.value;
    if ((value.type === "block-map" || value.type === "block-seq") && start.found && !start.hasNewline) decline();
    const root = reader.node(value, 1);
    endTokens(document.end ?? [], false);
    return { root, duplicate: reader.duplicate };
  } catch (error) {
    if (error instanceof Decline) return null;
    throw error;
  }
}

interface Props {
  readonly found: boolean;
  readonly hasNewline: boolean;
  readonly comma: boolean;
}

/**
 * resolveProps over a token list that may hold spaces, newlines, comments, one indicator
 * and (in flow collections) one comma: anything else declines, as does a comment
 * without white space before it.
 */
function props(tokens: readonly CST.SourceToken[], indicator: string, startOnNewline: boolean, flow = false): Props {
  let hasSpace = startOnNewline;
  let hasNewline = false;
  let found = false;
  let comma = false;
  for (const token of tokens) {
    switch (token.type) {
      case "space":
        hasSpace = true;
        break;
      case "newline":
        hasSpace = true;
        hasNewline = true;
        break;
      case "comment":
        if (!hasSpace || flow) decline();
        break;
      case "comma":
        if (!flow || comma) decline();
        comma = true;
        hasSpace = false;
        break;
      default:
        if (token.type !== indicator || found) decline();
        found = true;
        hasSpace = false;
    }
  }
  return { found, hasNewline, comma };
}

/** resolveEnd: spaces, newlines and comments (after white space when `reqSpace`). */
function endTokens(tokens: readonly CST.SourceToken[], reqSpace: boolean): void {
  let hasSpace = false;
  for (const token of tokens) {
    if (token.type === "space" || token.type === "newline") hasSpace = true;
    else if (token.type !== "comment" || (reqSpace && !hasSpace)) decline();
  }
}

/** Characters a plain scalar cannot start with (resolve-flow-scalar.js plainValue reports them). */
const BAD_PLAIN_START = new Set(["\t", ",", "%", "|", ">", "@", "`"]);

/**
 * The value of a scalar on one line that needs no resolving: a plain scalar is its source,
 * a quoted one its source inside the quotes when nothing in it is escaped, folded or
 * doubled; null for everything else (CST.resolveAsScalar decides those). Nearly every
 * scalar of a configuration file is such a one, and the library's resolver allocates a
 * result, a range and closures for each.
 */
function simpleScalar(token: CST.FlowScalar): string | null {
  const { source, end } = token;
  if (end !== undefined) for (const t of end) if (t.type !== "space" && t.type !== "newline") return null;
  if (source.includes("\n") || source.includes("\r")) return null;
  if (token.type === "scalar") return source.length > 0 && !BAD_PLAIN_START.has(source[0]!) ? source : null;
  const quote = token.type === "double-quoted-scalar" ? '"' : "'";
  if (source.length < 2 || source[source.length - 1] !== quote) return null;
  const inner = source.slice(1, -1);
  return inner.includes(quote) || (quote === '"' && inner.includes("\\")) ? null : inner;
}

class FastReader {
  duplicate: { offset: number; key: string } | null = null;
  constructor(
    private readonly base: number,
    private readonly maxDepth: number,
  ) {}

  node(token: CST.Token, depth: number): Node {
    if (depth > this.maxDepth) decline();
    switch (token.type) {
      case "scalar":
      case "single-quoted-scalar":
      case "double-quoted-scalar":
        return this.scalar(token, false).node;
      case "block-map":
        return this.blockMap(token, depth);
      case "block-seq":
        return this.blockSeq(token, depth);
      case "flow-collection":
        return this.flow(token, depth);
      default:
        return decline();
    }
  }

  /** A scalar as the composer types it (core schema); keys also come here, as the Converter reads them. */
  private scalar(token: CST.FlowScalar, atKey: boolean): { node: Node; text: string } {
    let value = simpleScalar(token);
    if (value === null) {
      let failed = false;
      const resolved = CST.resolveAsScalar(token, true, () => (failed = true));
      if (resolved === null || failed) decline();
      value = resolved!.value;
    }
    const pos = this.base + token.offset;
    if (token.type !== "scalar") return { node: { kind: "string", pos, value }, text: value };
    if (value === "<<" && atKey) decline(); // a merge key: the Converter's business
    return { node: coreScalar(value, pos), text: value };
  }

  /** A key: a scalar on one line at the map's indentation. */
  private key(token: CST.Token | undefined, indent: number | null): { text: string; pos: number } {
    if (token === undefined || (token.type !== "scalar" && token.type !== "single-quoted-scalar" && token.type !== "double-quoted-scalar")) return decline();
    if (indent !== null && token.indent !== indent) decline();
    if (token.source.includes("\n") || token.source.includes("\r") || (token.end ?? []).some((t) => t.type !== "space")) decline();
    const { node, text } = this.scalar(token, true);
    return { text, pos: node.pos };
  }

  private enter(entries: Map<string, JsonEntry>, key: { text: string; pos: number }, value: Node): void {
    if (entries.has(key.text)) {
      this.duplicate ??= { offset: key.pos, key: key.text };
      return;
    }
    entries.set(key.text, { keyPos: key.pos, value });
  }

  private blockMap(map: CST.BlockMap, depth: number): Node {
    // Its keys are a level deeper, as its values are.
    if (map.items.length > 0 && depth + 1 > this.maxDepth) decline();
    const entries = new Map<string, JsonEntry>();
    for (const item of map.items) {
      if (!("key" in item) || item.sep === undefined || item.value === undefined) return decline();
      if (props(item.start, "explicit-key-ind", true).found) decline();
      const key = this.key(item.key ?? undefined, map.indent);
      const keyOffset = (item.key as CST.FlowScalar).offset;
      const sep = props(item.sep, "map-value-ind", false);
      if (!sep.found) decline();
      if (item.value.type === "block-map" && !sep.hasNewline) decline();
      const indicator = item.sep.find((t) => t.type === "map-value-ind")!;
      if (keyOffset < indicator.offset - 1024) decline();
      this.enter(entries, key, this.node(item.value, depth + 1));
    }
    return { kind: "object", pos: this.base + map.offset, entries };
  }

  private blockSeq(seq: CST.BlockSequence, depth: number): Node {
    const items: Node[] = [];
    for (const item of seq.items) {
      if (item.value === undefined || !props(item.start, "seq-item-ind", true).found) return decline();
      items.push(this.node(item.value, depth + 1));
    }
    return { kind: "array", pos: this.base + seq.offset, items };
  }

  private flow(collection: CST.FlowCollection, depth: number): Node {
    if (collection.items.length > 0 && depth + 1 > this.maxDepth) decline();
    const isMap = collection.start.source === "{";
    const entries = new Map<string, JsonEntry>();
    const items: Node[] = [];
    collection.items.forEach((item, i) => {
      const start = props(item.start, "explicit-key-ind", false, true);
      if (start.found || start.comma !== i > 0) decline();
      const value = item.value;
      if (value !== undefined && (value.type === "block-map" || value.type === "block-seq")) decline();
      if (!isMap) {
        if (value === undefined || item.sep !== undefined || ("key" in item && item.key !== undefined)) decline();
        items.push(this.node(value!, depth + 1));
        return;
      }
      if (!("key" in item) || item.sep === undefined) return decline();
      const key = this.key(item.key ?? undefined, null);
      const keyToken = item.key as CST.FlowScalar;
      if (props(item.sep, "map-value-ind", false, true).found) {
        if (value === undefined) decline();
        this.enter(entries, key, this.node(value!, depth + 1));
      } else {
        // A key alone (`{a: 1, b}`): its value is null, placed where the key ends.
        if (value !== undefined) decline();
        this.enter(entries, key, { kind: "null", pos: this.base + keyToken.offset + keyToken.source.length });
      }
    });
    const [close, ...rest] = collection.end;
    if (close === undefined || close.source !== (isMap ? "}" : "]")) decline();
    endTokens(rest, true);
    const pos = this.base + collection.offset;
    return isMap ? { kind: "object", pos, entries } : { kind: "array", pos, items };
  }
}
