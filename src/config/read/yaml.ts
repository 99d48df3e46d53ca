import { CST as Tokens, Composer, type Document, Lexer, Parser, isAlias, isMap, isScalar, isSeq } from "yaml";
import type { CST, Node as YamlNode, Pair } from "yaml";
import { type JsonEntry, type JsonNode as Node, addEntry } from "./json.js";
import { plainYamlDocument } from "./yaml-plain.js";

/**
 * YAML files read with eemeli's `yaml` (the parser that keeps source ranges), turned into
 * the tree the recognisers share (json.ts's nodes). The plainest documents, most of a
 * repository's, are read straight from their text (yaml-plain.ts), which the library's
 * composer is tested to agree with; everything else goes to the library. It is used in
 * its two stages, its CST parser and its composer, because hostile input needs guards
 * between them:
 *
 * - Depth: the composer recurses once per level of nesting, so 10,000 nested `[` exhaust
 *   the stack (the library reports that, but only after about a second of work per
 *   document). The CST parser is iterative; each document's CST is measured first and a
 *   document deeper than MAX_DEPTH is refused before composing. Flow brackets are counted
 *   in the text before the parser sees it, for the same reason (the parser's flow stack
 *   slows down badly at that depth).
 * - Aliases: the tree is built here, not with the library's toJS(), so `maxAliasCount`
 *   (a toJS option) has nothing to guard; instead an alias is the node its anchor names,
 *   shared, never copied, and every walk over the tree visits a shared node once
 *   (forEachMap). Merge keys (`<<`, which Spring, Kubernetes and CI files use) copy
 *   entries, so they count against a budget proportional to the text: an alias or merge
 *   bomb fails in time linear in its size.
 * - Duplicate keys: the library's `uniqueKeys` check compares each key with every earlier
 *   one (quadratic: a 20,000-key map took seconds), so it is off and the conversion finds
 *   duplicates with a Map, reporting the second key's position.
 * - Tags: no custom tags are registered. An unknown tag (CloudFormation's !Ref, !Sub,
 *   !GetAtt, or anything hostile such as !!js/function) only earns a library warning, and
 *   the node keeps its plain value (a string, map or list): nothing is ever constructed
 *   from a tag.
 * - `__proto__` and friends are ordinary keys of a Map.
 * YAML 1.2's core schema is used (the library's default): `on`/`yes` stay strings, which
 * matters for no retry setting.
 *
 * Where YAML 1.2, and so the library, is stricter than the readers the systems themselves
 * use, a document is read as they read it, and says so (YamlDocument.lenient): a line
 * inside a flow collection (`{…}`, `[…]`) indented less than the block it sits in. YAML
 * 1.2 refuses it ("Flow map in block collection must be sufficiently indented"); PyYAML
 * (SAM CLI's and cfn-lint's reader), libyaml and go-yaml do not look at indentation inside
 * a flow collection at all (PyYAML 6.0 and go-yaml 3.0.1 read test/fixtures/real-world/
 * sam/under-indented.yaml's flow map, see its test). Such a line is given the indentation
 * the library wants and the document parsed again: inside a flow collection leading
 * spaces carry no meaning (a multi-line scalar's continuation is trimmed), so every value
 * is the one those readers give, and every offset is mapped back to the file's own text.
 * The same holds for a quoted scalar's continuation lines: YAML 1.2 wants them indented
 * deeper than the block they sit in ("Missing closing "quote"); PyYAML, libyaml and go-yaml
 * do not look (Envoy Gateway's own test data writes Lua code that way), and as a quoted
 * scalar's line folding trims leading spaces, indenting them changes no value either.
 */

/** Deeper than any configuration needs; Envoy's route tables reach about 15. */
export const MAX_YAML_DEPTH = 200;

/** More documents than a manifest bundle holds; each costs a parse, so a stream of bare `---` lines is refused at the marker past it. */
export const MAX_YAML_DOCUMENTS = 100_000;

/** A document of a YAML stream: its root (null when empty) and where it starts. */
export interface YamlDocument {
  readonly root: Node | null;
  readonly offset: number;
  /** Set when the document was read past a rule of YAML 1.2 that the systems' own readers do not hold (see above). */
  readonly lenient?: LenientRead;
}

export type LenientRule = "flow" | "quoted";

/** A document read as PyYAML and go-yaml read it: where the first line YAML 1.2 refuses is, how many there are, the library's words. */
export interface LenientRead {
  /** Which rule of YAML 1.2 the document breaks: a flow collection's line or a quoted scalar's indented too little. */
  readonly rule: LenientRule;
  readonly offset: number;
  readonly lines: number;
  readonly refused: string;
}

export class YamlSyntaxError extends Error {
  override readonly name = "YamlSyntaxError";
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

const COMPOSE_OPTIONS = {
  // Offsets only: positions come from recognise.ts's line locator when something is reported.
  prettyErrors: false,
  uniqueKeys: false,
  merge: true,
  strict: true,
  keepSourceTokens: false,
} as const;

/** A line that starts a document (`---`) or ends one (`...`); YAML allows neither inside a scalar. */
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm;

/**
 * Parses every document of a YAML stream. `wanted` sees each document's text and may
 * pass it over without parsing it: a Deployment in a multi-document manifest holds no
 * retry policy, and parsing is nearly all of the cost. The stream is cut at its document
 * markers first (a marker line cannot occur inside a YAML scalar), and each wanted piece
 * is parsed alone, its offsets shifted back to the whole text's. A document plain enough
 * is read straight from its text (yaml-plain.ts), anything else through the library's
 * composer; `via: "library"` sends every document to the library, for the tests that
 * compare the two ways.
 */
export type YamlReaders = "plain-first" | "library";

export function parseYamlDocuments(text: string, wanted: (documentText: string) => boolean = () => true, via: YamlReaders = "plain-first"): YamlDocument[] {
  const documents: YamlDocument[] = [];
  const starts = [0];
  for (const match of text.matchAll(DOCUMENT_MARKER)) {
    if (match.index === 0) continue;
    if (starts.length >= MAX_YAML_DOCUMENTS) throw new YamlSyntaxError(match.index, `more than ${MAX_YAML_DOCUMENTS.toLocaleString("en-US")} documents in one file`);
    starts.push(match.index);
  }
  starts.push(text.length);
  for (let i = 0; i + 1 < starts.length; i++) {
    const piece = text.slice(starts[i], starts[i + 1]);
    if (!wanted(piece)) continue;
    documents.push(...parsePiece(piece, starts[i]!, via));
  }
  return documents;
}

function parsePiece(text: string, base: number, via: YamlReaders): YamlDocument[] {
  try {
    return strictPiece(text, base, via, (offset) => base + offset);
  } catch (error) {
    if (!(error instanceof YamlSyntaxError)) throw error;
    const rule: LenientRule | null = FLOW_INDENT_REFUSED.test(error.message) ? "flow" : QUOTE_REFUSED.test(error.message) ? "quoted" : null;
    if (rule === null) throw error;
    return lenientPiece(text, base, error, rule) ?? throwIt(error);
  }
}

function throwIt(error: Error): never {
  throw error;
}

/** The library's words for a flow collection's line indented too little (the composer's, or the parser's for the bracket that is then left over). */
const FLOW_INDENT_REFUSED = /in block collection must be sufficiently indented|Unexpected flow-(?:map|seq)-end token/;
/** The library's words for a quoted scalar cut short by a continuation line indented too little. */
const QUOTE_REFUSED = /^Missing closing ["']quote/;
/** At most this many lines re-indented, and this many characters lexed in all, before the library's refusal stands. */
const MAX_LENIENT_LINES = 200;
const MAX_LENIENT_WORK = 20_000_000;

/**
 * The piece read with every line inside a flow collection (or a quoted scalar) indented as
 * the library wants (see the top of the file); null when there is no such line or the text
 * still does not parse (then it is broken for PyYAML too, and the library's error stands).
 */
function lenientPiece(text: string, base: number, refused: YamlSyntaxError, rule: LenientRule): YamlDocument[] | null {
  const nextLine = rule === "flow" ? underIndentedFlowLine : underIndentedQuotedLine;
  let fixed = text;
  // Spaces inserted, at offsets of the original text, in order.
  const inserted: Array<{ at: number; count: number }> = [];
  let work = 0;
  for (;;) {
    work += fixed.length;
    if (inserted.length >= MAX_LENIENT_LINES || work > MAX_LENIENT_WORK) return null;
    const line = nextLine(fixed);
    if (line === null) break;
    const at = originalOffset(inserted, line.offset);
    inserted.push({ at, count: line.missing });
    inserted.sort((a, b) => a.at - b.at);
    fixed = fixed.slice(0, line.offset) + " ".repeat(line.missing) + fixed.slice(line.offset);
  }
  if (inserted.length === 0) return null;
  let documents: YamlDocument[];
  try {
    documents = strictPiece(fixed, base, "library", (offset) => base + originalOffset(inserted, offset));
  } catch (error) {
    if (error instanceof YamlSyntaxError) return null;
    throw error;
  }
  const lenient: LenientRead = { rule, offset: base + inserted[0]!.at, lines: inserted.length, refused: refused.message };
  return documents.map((document, i) => (i === 0 ? { ...document, lenient } : document));
}

/**
 * The first continuation line of a quoted scalar indented less than the library wants: a
 * quoted scalar token the lexer cut short (it has no closing quote: the lexer ended it at a
 * line no deeper than its block), followed in the text to its real closing quote (`\\` escapes
 * in double quotes, `''` in single ones, as PyYAML reads them); its lines are wanted one
 * space deeper than the line the scalar starts on. None when the quote is never closed, or
 * a document marker at column 0 comes first (PyYAML ends the scalar there too).
 */
function underIndentedQuotedLine(text: string): { offset: number; missing: number } | null {
  const lexer = new Lexer();
  let offset = 0;
  for (const token of lexer.lex(text)) {
    if (token === Tokens.DOCUMENT || token === Tokens.SCALAR) continue;
    const start = offset;
    offset += token.length;
    const quote = token.charAt(0);
    if ((quote !== '"' && quote !== "'") || closingQuote(token, 0) === token.trimEnd().length - 1) continue;
    const end = closingQuote(text, start);
    if (end === -1) return null;
    const wanted = spacesAt(text, text.lastIndexOf("\n", start) + 1) + 1;
    for (let i = text.indexOf("\n", start); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) {
      if (/^(?:---|\.\.\.)(?=[ \t\r\n]|$)/.test(text.slice(i + 1, i + 5))) return null;
      const indent = spacesAt(text, i + 1);
      const rest = text.charAt(i + 1 + indent);
      if (rest !== "\n" && rest !== "\r" && indent < wanted) return { offset: i + 1, missing: wanted - indent };
    }
    return null;
  }
  return null;
}

/** How many spaces the text has from `at` on. */
function spacesAt(text: string, at: number): number {
  let end = at;
  while (text.charCodeAt(end) === 32) end++;
  return end - at;
}

/** Where the quote opened at `open` closes (`\\` escapes in double quotes, `''` in single ones, as PyYAML reads them); -1 if never. */
function closingQuote(text: string, open: number): number {
  const quote = text.charAt(open);
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charAt(i);
    if (quote === '"' && c === "\\") i++;
    else if (c === quote) {
      if (quote === "'" && text.charAt(i + 1) === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** An offset of the re-indented text in the original one (a space inserted maps to where it was inserted). */
function originalOffset(inserted: ReadonlyArray<{ at: number; count: number }>, offset: number): number {
  let shift = 0;
  for (const { at, count } of inserted) {
    const here = at + shift;
    if (offset < here) break;
    if (offset < here + count) return at;
    shift += count;
  }
  return offset - shift;
}

/**
 * The first line inside a flow collection that is indented less than the library wants,
 * as its lexer finds it: where the line's text starts and how many spaces it lacks. The
 * lexer marks such a line by ending the flow collection there (its FLOW_END token), its
 * indentation then and the indentation it wants in its state (private fields of yaml
 * 2.9.1's Lexer, which package.json pins; the tests fail if they move). A document marker
 * (`---`, `...`) at column 0 ends the collection for PyYAML too: not re-indented.
 */
function underIndentedFlowLine(text: string): { offset: number; missing: number } | null {
  const lexer = new Lexer();
  const state = lexer as unknown as { indentNext: number; indentValue: number };
  let offset = 0;
  for (const token of lexer.lex(text)) {
    if (token === Tokens.FLOW_END) {
      const missing = state.indentNext - state.indentValue;
      if (missing <= 0 || (state.indentValue === 0 && /^(?:---|\.\.\.)/.test(text.slice(offset, offset + 3)))) return null;
      return { offset, missing };
    }
    // The lexer's other markers stand for no text.
    if (token !== Tokens.DOCUMENT && token !== Tokens.SCALAR) offset += token.length;
  }
  return null;
}

function strictPiece(text: string, base: number, via: YamlReaders, place: (offset: number) => number): YamlDocument[] {
  refuseDeepFlow(text, base);
  const documents: YamlDocument[] = [];
  const directives: CST.Token[] = [];
  // Tabs near indentation are where the composer's rules are subtle: such text is always composed.
  if (via === "plain-first" && !text.includes("\t")) {
    // Most documents of a configuration file are plain enough to read straight from the text.
    const plain = plainYamlDocument(text, base, MAX_YAML_DEPTH);
    if (plain !== null) {
      if (plain.duplicate !== null) throw duplicateKey(plain.duplicate.offset, plain.duplicate.key);
      return [{ root: plain.root, offset: base + plain.offset }];
    }
  }
  // Nesting that neither brackets nor indentation show (each line of `"k: 1` opens one
  // more level) is caught as the parser goes, line by line: measured after the parse, a
  // 9 MB file of such lines took 13 s and a gigabyte first. The parser's stack holds at
  // most two tokens per level, so past twice the limit the document is too deep for sure.
  const parser = new Parser((offset) => {
    if (parser.stack.length > 2 * MAX_YAML_DEPTH + 8) throw new YamlSyntaxError(base + offset, `nested more than ${MAX_YAML_DEPTH} levels deep`);
  });
  for (const token of parser.parse(text)) {
    switch (token.type) {
      case "document":
        documents.push(composeOne(token, directives, text.length, base, place));
        break;
      case "directive":
        directives.push(token);
        break;
      case "doc-end":
        directives.length = 0;
        break;
      case "error":
        throw new YamlSyntaxError(base + token.offset, token.message);
      default:
        break;
    }
  }
  return documents;
}

function composeOne(token: CST.Document, directives: readonly CST.Token[], textLength: number, base: number, place: (offset: number) => number): YamlDocument {
  const depth = cstDepth(token);
  if (depth.depth > MAX_YAML_DEPTH) throw new YamlSyntaxError(base + depth.offset, `nested more than ${MAX_YAML_DEPTH} levels deep`);
  const docs: Document.Parsed[] = [...new Composer(COMPOSE_OPTIONS).compose([...directives, token])];
  const doc = docs[0];
  if (doc === undefined) return { root: null, offset: place(token.offset) };
  // A quoted scalar cut short is the cause of what the composer finds after it ("Implicit map keys …"): named first.
  const error = doc.errors.find((e) => QUOTE_REFUSED.test(e.message)) ?? doc.errors[0];
  if (error !== undefined) throw new YamlSyntaxError(base + error.pos[0], firstLine(error.message));
  const root = doc.contents === null ? null : new Converter(textLength, place).convert(doc.contents as YamlNode);
  return { root, offset: place(token.offset) };
}

/** The error for a key given twice in one map, at the second (both ways of reading a document word it so). */
function duplicateKey(offset: number, key: string): YamlSyntaxError {
  return new YamlSyntaxError(offset, `duplicate key ${JSON.stringify(key)}`);
}

function firstLine(message: string): string {
  const line = message.split("\n")[0]!.trim();
  // The library appends " at line L, column C" to some messages; the caller prefixes the position itself.
  return line.replace(/ at line \d+, column \d+:?$/, "");
}

/** The deepest nesting of a document's CST, measured without recursion. */
function cstDepth(document: CST.Document): { depth: number; offset: number } {
  let deepest = { depth: 0, offset: document.offset };
  const stack: Array<[CST.Token, number]> = document.value ? [[document.value, 1]] : [];
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (depth > deepest.depth) {
      deepest = { depth, offset: token.offset };
      if (depth > MAX_YAML_DEPTH) return deepest;
    }
    if (token.type === "block-map" || token.type === "block-seq" || token.type === "flow-collection") {
      for (const item of token.items) {
        if (item.key) stack.push([item.key, depth + 1]);
        if (item.value) stack.push([item.value, depth + 1]);
      }
    }
  }
  return deepest;
}

/** Block nesting needs a column per level at least; no configuration indents this far. */
const MAX_INDENT = 8 * MAX_YAML_DEPTH;

/**
 * Nesting too deep for the parser to be worth running, found in one pass over the text:
 * flow collections (`[`, `{`) deeper than MAX_YAML_DEPTH, or a line indented (spaces and
 * `- `, `? `, `: ` indicators) beyond MAX_INDENT columns. Quoted strings and comments are
 * skipped roughly (a bracket in a plain scalar counts), which can only make the count
 * larger; real files stay far below both limits.
 */
function refuseDeepFlow(text: string, base: number): void {
  let depth = 0;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    if (lineStart) {
      lineStart = false;
      let j = i;
      while (j < text.length && (text[j] === " " || text[j] === "\t" || ((text[j] === "-" || text[j] === "?" || text[j] === ":") && text[j + 1] === " "))) j++;
      if (j - i > MAX_INDENT) throw new YamlSyntaxError(base + i, `nested too deeply (a line indented ${j - i} columns)`);
    }
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      lineStart = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > MAX_YAML_DEPTH) throw new YamlSyntaxError(base + i, `nested more than ${MAX_YAML_DEPTH} levels deep`);
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    } else if (c === 0x22 || c === 0x27) {
      // Skip a quoted string on this line (a quote inside a plain scalar skips a little more, harmlessly).
      const close = text.indexOf(c === 0x22 ? '"' : "'", i + 1);
      const newline = text.indexOf("\n", i + 1);
      if (close !== -1 && (newline === -1 || close < newline)) i = close;
    } else if (c === 0x23 && (i === 0 || text.charCodeAt(i - 1) === 0x20 || text.charCodeAt(i - 1) === 0x0a || text.charCodeAt(i - 1) === 0x09)) {
      const newline = text.indexOf("\n", i);
      i = newline === -1 ? text.length : newline - 1;
    }
  }
}

/** Nodes made plus entries copied by merges, per character of text, before the file is refused. */
const BUDGET_PER_CHAR = 1;
const MIN_BUDGET = 100_000;

class Converter {
  private readonly anchors = new Map<string, Node>();
  private budget: number;

  /** `place`: a node's offset in the piece parsed to one in the file's text. */
  constructor(
    textLength: number,
    private readonly place: (offset: number) => number,
  ) {
    this.budget = Math.max(MIN_BUDGET, BUDGET_PER_CHAR * textLength);
  }

  private spend(count: number, offset: number): void {
    this.budget -= count;
    if (this.budget < 0) throw new YamlSyntaxError(offset, "too many aliases and merge keys for the size of the file (an alias bomb?)");
  }

  private at(node: YamlNode | null | undefined, which: 0 | 1, fallback: number): number {
    const offset = node?.range?.[which];
    return offset === undefined ? fallback : this.place(offset);
  }

  convert(node: YamlNode): Node {
    const offset = this.at(node, 0, this.place(0));
    this.spend(1, offset);
    let converted: Node;
    if (isAlias(node)) {
      const target = this.anchors.get(node.source);
      if (target === undefined) throw new YamlSyntaxError(offset, `alias *${node.source} names no anchor before it`);
      return target;
    }
    if (isScalar(node)) converted = this.scalar(node.value, node.source, offset, node.type);
    else if (isMap(node)) converted = this.map(node.items as Pair[], offset);
    else if (isSeq(node)) converted = { kind: "array", pos: offset, items: node.items.map((item) => this.convertOrNull(item as YamlNode | null, offset)) };
    else converted = { kind: "null", pos: offset };
    if (node.anchor) this.anchors.set(node.anchor, converted);
    return converted;
  }

  private convertOrNull(node: YamlNode | null | undefined, offset: number): Node {
    return node === null || node === undefined ? { kind: "null", pos: offset } : this.convert(node);
  }

  private scalar(value: unknown, source: string | undefined, pos: number, type: string | undefined): Node {
    if (typeof value === "string") return { kind: "string", pos, value };
    if (typeof value === "number") {
      // A plain scalar's own digits ("2.50", "0x1F"): the readers accept plain decimals only.
      const digits = type === "PLAIN" && source !== undefined ? source : String(value);
      return { kind: "number", pos, value, source: digits };
    }
    if (typeof value === "boolean") return { kind: "boolean", pos, value };
    if (value === null || value === undefined) return { kind: "null", pos };
    return { kind: "string", pos, value: source ?? String(value) };
  }

  private keyText(key: unknown): string | null {
    if (isScalar(key)) {
      if (typeof key.value === "string") return key.value;
      if (typeof key.value === "symbol") return "<<";
      return key.source ?? String(key.value);
    }
    if (isAlias(key)) {
      const target = this.anchors.get(key.source);
      if (target === undefined) return null;
      return target.kind === "string" ? target.value : target.kind === "number" ? target.source : null;
    }
    // A map or list as a key (`? [a, b]`) is valid YAML but names nothing a recogniser reads.
    return null;
  }

  private map(pairs: readonly Pair[], pos: number): Node {
    const entries = new Map<string, JsonEntry>();
    const merges: Array<{ value: Node; offset: number }> = [];
    for (const pair of pairs) {
      const keyNode = pair.key as YamlNode | null;
      const keyPos = this.at(keyNode, 0, pos);
      const key = this.keyText(keyNode);
      const valueOffset = this.at(keyNode, 1, pos);
      const value = this.convertOrNull(pair.value as YamlNode | null, valueOffset);
      if (key === null) continue;
      if (key === "<<" && isScalar(keyNode) && (typeof keyNode.value === "symbol" || keyNode.type === "PLAIN")) {
        merges.push({ value, offset: keyPos });
        continue;
      }
      if (addEntry(entries, key, keyPos, () => value) !== undefined) throw duplicateKey(keyPos, key);
    }
    // Merge keys: explicit keys win, then the earlier of several merged maps.
    for (const merge of merges) {
      const sources = merge.value.kind === "array" ? merge.value.items : [merge.value];
      for (const source of sources) {
        if (source.kind !== "object") throw new YamlSyntaxError(merge.offset, "a merge key (<<) takes a map or a list of maps");
        this.spend(source.entries.size, merge.offset);
        for (const [key, entry] of source.entries) if (!entries.has(key)) entries.set(key, entry);
      }
    }
    return { kind: "object", pos, entries };
  }
}
