import { type MapNode, type Node, get, isMap, isSeq, text } from "./tree/walk.js";

/**
 * Kubernetes-style manifests (apiVersion, kind, metadata): the objects of a document,
 * including the items of a `kind: List`, with the name people know them by.
 */
export interface Manifest {
  readonly node: MapNode;
  readonly kind: string;
  readonly apiVersion: string;
  readonly name: string;
}

export function manifests(root: Node): Manifest[] {
  const found: Manifest[] = [];
  const visit = (node: Node, depth: number) => {
    if (!isMap(node)) return;
    const kind = text(get(node, "kind"));
    const apiVersion = text(get(node, "apiVersion"));
    if (kind === undefined || apiVersion === undefined) return;
    if (kind === "List" || kind.endsWith("List")) {
      const items = get(node, "items");
      if (isSeq(items) && depth < 2) for (const item of items.items) visit(item, depth + 1);
      return;
    }
    const metadata = get(node, "metadata");
    const name = text(get(metadata, "name")) ?? text(get(metadata, "generateName")) ?? `(unnamed ${kind})`;
    found.push({ node, kind, apiVersion, name });
  };
  visit(root, 0);
  return found;
}
