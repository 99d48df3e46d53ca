import { BULLMQ_TOP_KEYS, CONFIG_TOP_KEYS, REPO_KEYS, SCHEMA_KEY, readConfigNode } from "../schema.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap } from "../tree/walk.js";
import type { Findings } from "../tree/findings.js";
import { BULLMQ_RETRY_ON, bullmqKeys, nearBullmqKey } from "../bullmq-options.js";

/**
 * backoff's own configuration (what `--config` reads), in JSON or YAML, BullMQ's job
 * options among it (shapes/bullmq.ts names that system). Read by the same code as
 * `--config` (schema.ts), so a file means the same whichever way it is given, and its
 * errors are the same `file:line:col` lines.
 *
 * A file named on the command line is read as one when its top level has any of its keys
 * (so a typo gets the precise message). While scanning a directory a file must look like
 * one: every top-level key one of its own (or BullMQ's, with `backoff`, or "$schema"), and one of
 * policies, strategy, base, preset or backoff among them, so that package.json and friends
 * pass unnoticed.
 */
export const backoff: ConfigShape = {
  system: "backoff",
  label: "backoff config",
  preset: null,
  recognised: "backoff's own config (JSON or YAML)",
  levers: { cap: "cap in the config", limits: ["attempts in the config", "max-elapsed in the config"], jitter: "jitter in the config" },
  docs: {
    system: "backoff's own config",
    where: "JSON or YAML with `strategy`, `base`, `policies`, … (`--config`'s format)",
    policy: "exactly what `check --config` reads, limits included: its defaults are the flags' (exponential from 1 s, factor 2, no cap, 10 retries); `attempts` counts retries; a `preset` key checks that library's model with the file's values",
    // backoff's own format describes when and how often a retry fires, never on what: no key
    // of schema.ts names a condition, so a policy of it has no `retries on` line (issue 41).
    conditions:
      "none: the file says when and how often to retry, not on what, so no `retries on` line is shown; the program that runs the schedule decides (with a `preset`, `backoff presets NAME` shows that library's default conditions)",
  },
  words: {
    // While scanning: one of IDENTIFYING's keys, at the start of a line or after { or ,.
    tree: /(?:^|[{,])[ \t]*["']?(?:policies|strategy|base|preset|backoff)["']?[ \t]*:/,
    // Named on the command line: any of its keys.
    named: /["']?\b(?:strategy|base|cap|factor|step|attempts|jitter|preset|seed|assert|clients|policies|backoff)\b["']?\s*:/,
    // A template: strategy and base are keys of many manifests (a Deployment's strategy).
    template: /(?:^|[{,])[ \t]*["']?(?:policies|preset|backoff)["']?[ \t]*:/,
  },
  documents: { read: recogniseOwnConfig, lastResort: true },
};

const IDENTIFYING = ["policies", "strategy", "base", "preset", "backoff"];

function looksLikeOwnConfig(root: Node, named: boolean): boolean {
  if (!isMap(root)) return false;
  const keys = [...root.entries.keys()];
  const allowed = root.entries.has("backoff") ? BULLMQ_TOP_KEYS : CONFIG_TOP_KEYS;
  if (named) return keys.some((key) => allowed.includes(key) || CONFIG_TOP_KEYS.includes(key));
  if (!keys.some((key) => IDENTIFYING.includes(key))) return false;
  // "$schema" names a JSON Schema for editors: allowed, but no sign of being this config (many files have one).
  // A repository's config (.backoff.yaml) may hold policies beside its rules, exclude and overrides.
  // BullMQ's job options with a key of theirs misspelt are still theirs (the key is reported: shapes/bullmq.ts).
  const bullmqNear = (key: string) => root.entries.has("backoff") && nearBullmqKey(key);
  if (!keys.every((key) => allowed.includes(key) || key === SCHEMA_KEY || (REPO_KEYS as readonly string[]).includes(key) || bullmqNear(key))) return false;
  // BullMQ's backoff is a number or {type, delay}; an object of anything else is not it.
  const backoff = get(root, "backoff");
  return backoff === undefined || backoff.kind === "number" || (isMap(backoff) && backoff.entries.has("type"));
}

function recogniseOwnConfig(root: Node, file: DocumentFile, findings: Findings): void {
  if (!looksLikeOwnConfig(root, file.named)) return;
  // BullMQ options whose needed key is misspelt are left out: the unknown key says what BullMQ does without it.
  const read = withoutBullmqTypos(root, findings);
  if (read === null) return;
  const config = readConfigNode(read, file.text, file.name);
  const named = isMap(root) ? get(root, "policies") : undefined;
  for (const policy of config.policies) {
    const entry = policy.name !== null && isMap(named) ? named.entries.get(policy.name) : undefined;
    const node = entry?.value ?? root;
    // A policy of BullMQ job options is BullMQ's (its options name the bullmq preset).
    const system = isMap(node) && node.entries.has("backoff") ? "bullmq" : "backoff";
    findings.policy(system, policy.name ?? file.name.split("/").pop()!, entry?.keyPos ?? root.pos, () => ({ options: policy.options, ...(system === "bullmq" ? { conditions: BULLMQ_RETRY_ON } : {}) }));
  }
}

/** The config with BullMQ job options' unknown keys (at the top, or in a policy) reported and left out (config/bullmq-options.ts); null when nothing is left to read. */
function withoutBullmqTypos(root: Node, findings: Findings): Node | null {
  if (!isMap(root)) return root;
  if (root.entries.has("backoff")) return bullmqKeys(root, true, findings);
  const policies = get(root, "policies");
  if (!isMap(policies)) return root;
  const kept = [...policies.entries].flatMap(([name, entry]): [string, typeof entry][] => {
    if (!isMap(entry.value) || !entry.value.entries.has("backoff")) return [[name, entry]];
    const options = bullmqKeys(entry.value, false, findings);
    return options === null ? [] : [[name, { ...entry, value: options }]];
  });
  if (kept.length === 0 && policies.entries.size > 0) return null;
  const cleaned: MapNode = { ...policies, entries: new Map(kept) };
  return { ...root, entries: new Map([...root.entries].map(([key, entry]) => [key, key === "policies" ? { ...entry, value: cleaned } : entry])) };
}
