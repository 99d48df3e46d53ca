import type { JsonNode } from "../read/json.js";

/**
 * The tree the recognisers walk. A parsed document is the JSON reader's tree (read/json.ts),
 * whatever the file's syntax: YAML is converted into it (read/yaml.ts), so one set of
 * recognisers serves JSON and YAML alike. Every node keeps the offset of its first character
 * in the file's text; offsets become line:column only for what is reported. Beside it:
 * findings.ts (what the recognisers return), values.ts (a node's value as a flag takes it),
 * retry-limits.ts (the retry limits a file sets and the hosts they govern).
 */
export type Node = JsonNode;
export type MapNode = Extract<JsonNode, { kind: "object" }>;
export type SeqNode = Extract<JsonNode, { kind: "array" }>;

export function isMap(node: Node | undefined): node is MapNode {
  return node !== undefined && node.kind === "object";
}

export function isSeq(node: Node | undefined): node is SeqNode {
  return node !== undefined && node.kind === "array";
}

/** The value under a key of a map (undefined when absent or when the node is no map). */
export function get(node: Node | undefined, key: string): Node | undefined {
  return isMap(node) ? node.entries.get(key)?.value : undefined;
}

/** The first of several spellings that is present (snake_case and camelCase of a protobuf field). */
export function getAny(node: Node | undefined, keys: readonly string[]): { key: string; value: Node; keyPos: number } | undefined {
  if (!isMap(node)) return undefined;
  for (const key of keys) {
    const entry = node.entries.get(key);
    if (entry !== undefined) return { key, value: entry.value, keyPos: entry.keyPos };
  }
  return undefined;
}

/** The offset of a key in a map (for "the block it came from"), else the map's own. */
export function keyOffset(node: MapNode, key: string): number {
  return node.entries.get(key)?.keyPos ?? node.pos;
}

export function text(node: Node | undefined): string | undefined {
  return node !== undefined && node.kind === "string" ? node.value : undefined;
}

/**
 * Every map of a tree, each once, depth first in document order. A node shared through
 * YAML aliases is visited once, so an alias bomb costs what its text costs.
 * `visit` returns false to keep out of a map's children (a recogniser that took the whole
 * subtree).
 */
export function forEachMap(root: Node, visit: (map: MapNode) => boolean | void): void {
  const seen = new Set<Node>();
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (node.kind === "object") {
      if (visit(node) === false) continue;
      const children = [...node.entries.values()];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!.value);
    } else if (node.kind === "array") {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!);
    }
  }
}
