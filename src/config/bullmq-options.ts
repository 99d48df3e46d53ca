import { BULLMQ_BACKOFF_KEYS, BULLMQ_TOP_KEYS, REPO_KEYS, SCHEMA_KEY } from "./schema.js";
import { type MapNode, type Node, get, isMap } from "./tree/walk.js";
import { type KeyTable, type UnknownKeySink, retryObjectKeys } from "./tree/unknown-keys.js";
import type { RetryOn } from "../core/conditions/condition.js";
import { closest, editDistance, editsAllowed } from "../core/text/closest.js";

// BullMQ's job options as check PATH judges them (shapes/bullmq.ts names the system; shapes/backoff.ts
// reads the options with backoff's own config): the keys BullMQ does not define, and what it retries.

/**
 * What BullMQ does without each key of a job's options (issue 36, item 1): JobsOptions and
 * BaseJobOptions (taskforcesh/bullmq v6.2.0, c06b51cd, src/types/job-options.ts and
 * src/interfaces/base-job-options.ts; repeatJobKey among them), BackoffOptions (type, delay,
 * jitter). BullMQ stores the options as given, so a key it does not define is dropped: the
 * default stays (Job's constructor: attempts 0, so a single try).
 */
const TOP_INSTEAD: ReadonlyMap<string, string> = new Map([
  ["attempts", "BullMQ then makes a single try and never retries"],
  ["backoff", "BullMQ retries at once"],
]);
const BACKOFF_INSTEAD: ReadonlyMap<string, string> = new Map([
  ["type", "BullMQ finds no backoff strategy (Backoffs.calculate: \"Unknown backoff strategy\")"],
  ["delay", "BullMQ has no delay to wait (the retries are not spaced)"],
  ["jitter", "the waits are not jittered"],
]);
const topTable = (root: boolean): KeyTable => ({
  system: "bullmq",
  where: "BullMQ job options",
  known: [...BULLMQ_TOP_KEYS, ...(root ? [SCHEMA_KEY, ...REPO_KEYS] : [])],
  instead: (meant) => (meant === null ? "BullMQ ignores it" : (TOP_INSTEAD.get(meant) ?? "BullMQ keeps its default for it (the retries are not affected)")),
});
const BACKOFF_TABLE: KeyTable = {
  system: "bullmq",
  where: "BullMQ's backoff",
  known: [...BULLMQ_BACKOFF_KEYS],
  instead: (meant) => (meant === null ? "BullMQ ignores it" : BACKOFF_INSTEAD.get(meant)!),
};

/**
 * The keys of BullMQ job options (the file's top, `root`, or a policy of backoff's config) and
 * of their `backoff` that BullMQ does not define, reported as unknown keys; returns the options
 * without them, for the config's reader, which refuses a key it does not know; or null when a
 * key the reader needs (attempts, backoff.type, backoff.delay) was misspelt and is now missing:
 * the unknown key already says what BullMQ does without it, so no policy is read.
 */
export function bullmqKeys(options: MapNode, root: boolean, sink: UnknownKeySink): MapNode | null {
  const table = topTable(root);
  const before = sink.unknownKeys.length;
  retryObjectKeys(options, table, sink);
  const backoff = get(options, "backoff");
  const cleanBackoff = isMap(backoff) ? strip(backoff, BACKOFF_TABLE, sink) : backoff;
  const found = sink.unknownKeys.slice(before);
  const unknown = new Set(found.map((u) => u.key));
  const entries = new Map([...options.entries].filter(([key]) => !unknown.has(key)).map(([key, entry]) => [key, key === "backoff" ? { ...entry, value: cleanBackoff as Node } : entry]));
  const lost = (u: { meant: string | null; where: string }) =>
    u.where === BACKOFF_TABLE.where ? (u.meant === "type" || u.meant === "delay") && isMap(cleanBackoff) && !cleanBackoff.entries.has(u.meant) : u.meant === "attempts" && !entries.has("attempts");
  return found.some(lost) ? null : { ...options, entries };
}

function strip(node: MapNode, table: KeyTable, sink: UnknownKeySink): MapNode {
  retryObjectKeys(node, table, sink);
  return { ...node, entries: new Map([...node.entries].filter(([key]) => table.known.includes(key))) };
}

/** While scanning: a key that is BullMQ's misspelt (within did-you-mean's edits of one), so the file is still taken for job options. */
export function nearBullmqKey(key: string): boolean {
  const meant = closest(key, BULLMQ_TOP_KEYS);
  const fold = (word: string) => word.toLowerCase().replace(/[-_]/g, "");
  return meant !== null && editDistance(fold(key), fold(meant)) <= editsAllowed(fold(key).length);
}

/**
 * What BullMQ retries (v6.2.0, src/classes/job.ts:696-699, shouldRetryJob): every error the
 * processor throws, while attempts are left, but an UnrecoverableError (by class or name).
 * The options have no key for it, and BullMQ has no retry budget.
 */
export const BULLMQ_RETRY_ON: RetryOn = {
  words: [],
  from: "BullMQ's default: every thrown error",
  isDefault: true,
  conditions: [{ kind: "every-error", but: "UnrecoverableError" }],
  levers: { conditions: "throw UnrecoverableError from the processor for a permanent failure: the job options have no key for it", budget: null },
};
