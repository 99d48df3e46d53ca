import type { PropertyEntry } from "./read/properties.js";
import type { Node } from "./tree/walk.js";
import { FileProblem, type Findings } from "./tree/findings.js";
import { describeNode } from "./tree/values.js";
import { type KeyTable, type UnknownKeySink, misspelt } from "./tree/unknown-keys.js";
import { closest } from "../core/text/closest.js";

/**
 * Spring Boot's view of a configuration, which the shapes that read Spring Boot files
 * (resilience4j, spring.kafka) share: flat property names ("a.b[key].c") whatever the
 * file's syntax, nested YAML and .properties alike. Elements are kept as written; `norm`
 * folds a property name the way Spring's relaxed binding compares them (case, `-` and
 * `_` ignored: maxAttempts, max-attempts and max_attempts are one property). An element
 * written in brackets (`properties[retry.backoff.ms]`) is a map key and keeps its dots.
 */
export interface FlatEntry {
  readonly elements: readonly string[];
  /** Offset of the key that introduced each element (a dotted key gives several the same). */
  readonly keyOffsets: readonly number[];
  /** The value: a scalar node (a .properties value is a string node at the value's offset). */
  readonly value: Node;
}

export function norm(element: string): string {
  // Most elements are already lower-case words: returned as they are, without the two passes.
  return ALREADY_NORMAL.test(element) ? element : element.toLowerCase().replace(/[-_]/g, "");
}
const ALREADY_NORMAL = /^[a-z0-9.[\]]*$/;

/** "a.b[c.d].e" → ["a", "b", "c.d", "e"]. */
export function splitName(name: string): string[] {
  const elements: string[] = [];
  // `start`: where the element being read began (its characters are sliced out at its end).
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    if (c === "[") {
      if (i > start) elements.push(name.slice(start, i));
      const close = name.indexOf("]", i + 1);
      const end = close === -1 ? name.length : close;
      elements.push(name.slice(i + 1, end));
      i = end;
      if (name[i + 1] === ".") i++;
      start = i + 1;
    } else if (c === ".") {
      elements.push(name.slice(start, i));
      start = i + 1;
    }
  }
  if (name.length > start) elements.push(name.slice(start));
  return elements;
}

/** True when the path, its elements normalised, can lead to (or lies under) one of the roots. */
function relevant(normalisedPath: readonly string[], roots: readonly (readonly string[])[]): boolean {
  return roots.some((root) => {
    const n = Math.min(root.length, normalisedPath.length);
    for (let i = 0; i < n; i++) if (normalisedPath[i] !== root[i]) return false;
    return true;
  });
}

/** Entries copied per document before a file is refused (aliases can multiply paths). */
const MAX_FLAT_ENTRIES = 100_000;

/** A YAML document flattened, keeping only what lies under one of the roots (normalised elements). */
export function flattenTree(root: Node, roots: readonly (readonly string[])[]): FlatEntry[] {
  const out: FlatEntry[] = [];
  // `lastKey`: the latest map key passed on the way down, where an over-long expansion is reported
  // (for an alias bomb under a key, that key, not the bomb's anchor).
  // `normalised`: the path's elements as norm() folds them, kept beside it (not folded again at every level).
  const walk = (node: Node, elements: readonly string[], normalised: readonly string[], offsets: readonly number[], lastKey: number) => {
    if (out.length > MAX_FLAT_ENTRIES) throw new FileProblem(lastKey, `more than ${MAX_FLAT_ENTRIES} Spring properties in one document`);
    if (node.kind === "object") {
      for (const [key, entry] of node.entries) {
        const parts = splitName(key);
        const normalisedPath = [...normalised, ...parts.map(norm)];
        if (!relevant(normalisedPath, roots)) continue;
        walk(entry.value, [...elements, ...parts], normalisedPath, [...offsets, ...parts.map(() => entry.keyPos)], entry.keyPos);
      }
    } else if (node.kind === "array") {
      // An empty list is the empty string, as Spring's YamlProcessor.buildFlattenedMap writes it (`series: []` binds an empty List).
      if (node.items.length === 0 && elements.length > 0) out.push({ elements, keyOffsets: offsets, value: { kind: "string", pos: node.pos, value: "" } });
      node.items.forEach((item, index) => walk(item, [...elements, `[${index}]`], [...normalised, `[${index}]`], [...offsets, item.pos], lastKey));
    } else if (elements.length > 0) {
      out.push({ elements, keyOffsets: offsets, value: node });
    }
  };
  walk(root, [], [], [], root.pos);
  return out;
}

/** .properties entries as flat entries (values as string nodes at their offsets). */
export function flattenProperties(entries: readonly PropertyEntry[]): FlatEntry[] {
  return entries.map((entry) => {
    const elements = splitName(entry.key);
    return { elements, keyOffsets: elements.map(() => entry.keyOffset), value: { kind: "string", pos: entry.valueOffset, value: entry.value } };
  });
}

/** The normalised elements of an entry, computed once (the recognisers ask many times). */
const normalised = new WeakMap<FlatEntry, string[]>();

/** Whether a flat entry's first elements are, normalised, exactly these. */
export function startsWith(entry: FlatEntry, prefix: readonly string[]): boolean {
  if (entry.elements.length < prefix.length) return false;
  let normed = normalised.get(entry);
  if (normed === undefined) {
    normed = entry.elements.map(norm);
    normalised.set(entry, normed);
  }
  for (let i = 0; i < prefix.length; i++) if (normed[i] !== prefix[i]) return false;
  return true;
}

// ---- documents and profiles -------------------------------------------------------------

/**
 * Documents: a YAML `---` or a .properties `#---` starts one; a document with
 * `spring.config.activate.on-profile` (or the older `spring.profiles`) applies over the
 * others for that profile, so its policies are checked as the profile sees them and named
 * "name [profile p]". Other files (application-prod.yml) are read on their own.
 */
export interface SpringDocument {
  readonly entries: readonly FlatEntry[];
}

/** What tells a document's profile; flattened with every Spring shape's own roots. */
export const PROFILE_ROOTS: readonly (readonly string[])[] = [
  ["spring", "config", "activate", "onprofile"],
  ["spring", "profiles"],
];

/** Of the entries a policy draws on, the one to place it at; null leaves the policy out. */
export type Placement = (used: readonly FlatEntry[]) => FlatEntry | null;

/**
 * A shape's reading of Spring Boot properties: `entries` as one profile sees them (null:
 * the documents without a profile), placing each policy with `place`.
 */
export type SpringReader = (entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings) => void;

/** " [profile p]" after a policy's name, or nothing. */
export const profileSuffix = (profile: string | null) => (profile === null ? "" : ` [profile ${profile}]`);

/**
 * Runs the readers over the documents without a profile, then over each profile's view
 * (the others with its document over them), reporting only what the profile's document
 * changes, placed where the profile says it.
 */
export function readSpringDocuments(documents: readonly SpringDocument[], readers: readonly SpringReader[], findings: Findings): void {
  const base: FlatEntry[] = [];
  const profiles: Array<{ profile: string; entries: readonly FlatEntry[] }> = [];
  for (const document of documents) {
    const profile = profileOf(document.entries);
    if (profile === null) base.push(...document.entries);
    else profiles.push({ profile, entries: document.entries });
  }
  for (const read of readers) read(base, null, (used) => used[0] ?? null, findings);
  for (const { profile, entries } of profiles) {
    const own = new Set(entries);
    const touched = (used: readonly FlatEntry[]) => used.find((entry) => own.has(entry)) ?? null;
    for (const read of readers) read([...base, ...entries], profile, touched, findings);
  }
}

function profileOf(entries: readonly FlatEntry[]): string | null {
  for (const entry of entries) {
    if (startsWith(entry, ["spring", "config", "activate", "onprofile"]) || (entry.elements.length === 2 && startsWith(entry, ["spring", "profiles"]))) {
      return entry.value.kind === "string" ? entry.value.value : describeNode(entry.value);
    }
  }
  return null;
}

// ---- keys Spring does not bind ----------------------------------------------------------

/**
 * The keys of an object Spring binds (a resilience4j retry instance, a binding's consumer, a
 * RabbitMQ retry block) that its properties class does not define (issue 36, item 1): Spring
 * Boot ignores an unknown property (@ConfigurationProperties' ignoreUnknownFields is true),
 * so the setting does not take effect and the default stays. Relaxed binding makes
 * max-attempts, maxAttempts, max_attempts and MAX-ATTEMPTS one property, so a key is known
 * when it folds (`norm`) to one of `table.known`; the key meant is written in the style of
 * the key typed (kebab-case for a key with a hyphen). `element` is the index of the key
 * among each entry's elements. Each key is reported once (a list's elements share it), and
 * only where `place` places its entry (a profile's view reports its own document's keys).
 * With `near`, the object holds other keys a list cannot follow: only a key within the edits
 * "did you mean" allows of one of them (case, hyphens and underscores aside) is reported.
 */
export function springUnknownKeys(entries: Iterable<FlatEntry>, element: number, table: KeyTable, place: Placement, sink: UnknownKeySink, near?: readonly string[]): void {
  const known = new Set(table.known.map(norm));
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = entry.elements[element];
    if (key === undefined || known.has(norm(key))) continue;
    const offset = entry.keyOffsets[element] ?? entry.value.pos;
    if (seen.has(`${offset} ${key}`) || place([entry]) === null) continue;
    seen.add(`${offset} ${key}`);
    const candidates = near ?? table.known;
    // Near: only a misspelling within "did you mean"'s edits, as nearRetryKeys reports one (tree/unknown-keys.ts).
    let meant = near === undefined ? closest(key, candidates) : misspelt(key, near);
    if (near !== undefined && meant === null) continue;
    if (meant !== null && key.includes("-")) meant = kebab(meant);
    sink.unknownKeys.push({ system: table.system, offset, key, meant, where: table.where, instead: table.instead(meant === null ? null : (candidates.find((k) => norm(k) === norm(meant!)) ?? meant)) });
  }
}

/** maxAttempts → max-attempts (Spring's recommended spelling in properties). */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
