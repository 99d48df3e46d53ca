import { closest, editDistance, editsAllowed } from "../../core/text/closest.js";
import { shown } from "../errors.js";
import type { MapNode } from "./walk.js";

// Keys a system does not define, where a retry setting is written: each shape lists the
// keys its system defines (from the system's own schema or source, cited beside the list)
// and reports those it does not know. A key the system does not define does not take
// effect: the system refuses the file, or drops the key and uses its default, which is
// what the policy found then says. So each is a finding (rule unknown-key, an error).

/** A key its system does not define, at its place: a finding (rule unknown-key). */
export interface UnknownKey {
  readonly system: string;
  /** Offset of the key in the file's text. */
  readonly offset: number;
  /** The key as written. */
  readonly key: string;
  /** The key it was most likely meant to be; null when none is near. */
  readonly meant: string | null;
  /** Where it is written, as a message names it: "a Job's spec", "a Step Functions retrier". */
  readonly where: string;
  /** What the system does instead: "Kubernetes uses its default, 6 retries". */
  readonly instead: string;
}

/** `unknown key "backofLimit" in a Job's spec; did you mean "backoffLimit"? Kubernetes uses its default, 6 retries`. */
export function unknownKeyMessage(u: Pick<UnknownKey, "key" | "meant" | "where" | "instead">): string {
  return `unknown key ${shown(u.key)} in ${u.where}${u.meant === null ? ";" : `; did you mean ${shown(u.meant)}?`} ${u.instead}`;
}

/**
 * The keys of one kind of object as its system defines them, and what it does with one it
 * does not know. `instead` may depend on the key meant (a Job's misspelt backoffLimit
 * leaves 6 retries, a misspelt activeDeadlineSeconds no deadline).
 */
export interface KeyTable {
  readonly system: string;
  /** How a message names the object: "a Job's spec". */
  readonly where: string;
  /** Every key the system defines in it (a key a newer version added included). */
  readonly known: readonly string[];
  readonly instead: (meant: string | null) => string;
  /** The system matches keys in any case (Traefik's file provider): a case change is no typo there. */
  readonly caseless?: boolean;
}

/** Where a shape reports the keys it does not know. */
export interface UnknownKeySink {
  readonly unknownKeys: UnknownKey[];
}

/**
 * An object that is wholly a retry setting (an ASL retrier, Istio's `retries`): every key
 * of it the system does not define is reported, with the key it was most likely meant to
 * be, when one is near (core/text/closest.ts, the project's one "did you mean").
 */
export function retryObjectKeys(map: MapNode, table: KeyTable, sink: UnknownKeySink): void {
  for (const [key, entry] of map.entries) {
    if (table.known.includes(key) || (table.caseless === true && table.known.some((k) => k.toLowerCase() === key.toLowerCase()))) continue;
    const meant = styled(closest(key, table.known), key, table.known);
    sink.unknownKeys.push({ system: table.system, offset: entry.keyPos, key, meant, where: table.where, instead: table.instead(meant) });
  }
}

/**
 * An object around a retry setting (a Job's spec, an ASL Task, a route), which holds many
 * other keys, some from versions or extensions a list cannot follow: a key is reported
 * only when the system does not define it and it is a retry key of `retryKeys` misspelt,
 * within the edits "did you mean" allows or with its case changed (a key that merely
 * starts like one, "backoff" beside "backoffLimit", is not).
 */
export function nearRetryKeys(map: MapNode, table: KeyTable, retryKeys: readonly string[], sink: UnknownKeySink): void {
  for (const [key, entry] of map.entries) {
    if (table.known.includes(key)) continue;
    const meant = misspelt(key, retryKeys);
    if (meant === null) continue;
    sink.unknownKeys.push({ system: table.system, offset: entry.keyPos, key, meant, where: table.where, instead: table.instead(meant) });
  }
}

/** Case, hyphens and underscores aside, as closest compares. */
const fold = (word: string) => word.toLowerCase().replace(/[-_]/g, "");

/** Of the spellings of the key meant (a protobuf field's snake_case and lowerCamelCase), the one written in the style of the key typed. */
function styled(meant: string | null, key: string, known: readonly string[]): string | null {
  if (meant === null) return null;
  const same = known.filter((k) => fold(k) === fold(meant));
  return same.find((k) => k.includes("_") === key.includes("_")) ?? meant;
}

/** The retry key `key` is a misspelling of (closest's answer, when it is within its edits, not a shared start), or null. */
export function misspelt(key: string, retryKeys: readonly string[]): string | null {
  const meant = styled(closest(key, retryKeys), key, retryKeys);
  if (meant === null) return null;
  const typed = fold(key);
  return editDistance(typed, fold(meant)) <= editsAllowed(typed.length) ? meant : null;
}
