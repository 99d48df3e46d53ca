/** Kubernetes-style manifests of a document (src/config/manifests.ts). */
import { describe, expect, it } from "vitest";
import { manifests } from "../../src/config/manifests.js";
import { parseJsonSource } from "../../src/config/read/json.js";

const found = (text: string) => manifests(parseJsonSource(text, "m.json")).map(({ node, kind, apiVersion, name }) => ({ pos: node.pos, kind, apiVersion, name }));

describe("manifests", () => {
  it("one object with its kind, apiVersion and metadata.name", () => {
    expect(found('{"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "migrate"}}')).toEqual([
      { pos: 0, kind: "Job", apiVersion: "batch/v1", name: "migrate" },
    ]);
  });

  it("generateName when there is no name; (unnamed kind) when there is neither", () => {
    expect(found('{"apiVersion": "v1", "kind": "Pod", "metadata": {"generateName": "web-"}}')[0]!.name).toBe("web-");
    expect(found('{"apiVersion": "v1", "kind": "Pod"}')[0]!.name).toBe("(unnamed Pod)");
  });

  it("the items of a List (and of a kind ending in List), in order", () => {
    const text = '{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "a"}}, {"apiVersion": "apps/v1", "kind": "DeploymentList", "items": [{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "b"}}]}]}';
    expect(found(text)).toEqual([
      { pos: text.indexOf('{"apiVersion": "v1", "kind": "Pod"'), kind: "Pod", apiVersion: "v1", name: "a" },
      { pos: text.indexOf('{"apiVersion": "apps/v1", "kind": "Deployment",'), kind: "Deployment", apiVersion: "apps/v1", name: "b" },
    ]);
  });

  it("nothing without both kind and apiVersion, nor from a List nested past two levels", () => {
    expect(found('{"kind": "Job", "metadata": {"name": "x"}}')).toEqual([]);
    expect(found('[{"apiVersion": "v1", "kind": "Pod"}]')).toEqual([]);
    const deep = '{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "Pod"}]}]}]}';
    expect(found(deep)).toEqual([]);
  });
});
