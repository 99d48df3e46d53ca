import { BULLMQ_TOP_KEYS, CONFIG_TOP_KEYS, readConfigNode } from "../../shared/config-schema.js";
import { type Findings, type Node, get, isMap } from "../tree.js";

/**
 * backoff's own configuration (what `--config` reads), in JSON or YAML, and BullMQ's job
 * options. Read by the same code as `--config` (config-schema.ts), so a file means the
 * same whichever way it is given, and its errors are the same `file:line:col` lines.
 *
 * A file named on the command line is read as one when its top level has any of its keys
 * (so a typo gets the precise message). While scanning a directory a file must look like
 * one: every top-level key one of its own (or BullMQ's, with `backoff`), and one of
 * policies, strategy, base, preset or backoff among them, so that package.json and friends
 * pass unnoticed.
 */
const IDENTIFYING = ["policies", "strategy", "base", "preset", "backoff"];

export function looksLikeOwnConfig(root: Node, named: boolean): boolean {
  if (!isMap(root)) return false;
  const keys = [...root.entries.keys()];
  const allowed = root.entries.has("backoff") ? BULLMQ_TOP_KEYS : CONFIG_TOP_KEYS;
  if (named) return keys.some((key) => allowed.includes(key) || CONFIG_TOP_KEYS.includes(key));
  if (!keys.some((key) => IDENTIFYING.includes(key))) return false;
  if (!keys.every((key) => allowed.includes(key))) return false;
  // BullMQ's backoff is a number or {type, delay}; an object of anything else is not it.
  const backoff = get(root, "backoff");
  return backoff === undefined || backoff.kind === "number" || (isMap(backoff) && backoff.entries.has("type"));
}

export function recogniseOwnConfig(root: Node, text: string, fileName: string, findings: Findings): void {
  const config = readConfigNode(root, text, fileName);
  const named = isMap(root) ? get(root, "policies") : undefined;
  for (const policy of config.policies) {
    const entry = policy.name !== null && isMap(named) ? named.entries.get(policy.name) : undefined;
    const node = entry?.value ?? root;
    const system = isMap(node) && node.entries.has("backoff") ? "bullmq" : "backoff";
    findings.policy(system, policy.name ?? fileName.split("/").pop()!, entry?.keyPos ?? root.pos, () => ({ preset: null, options: policy.options }));
  }
}
