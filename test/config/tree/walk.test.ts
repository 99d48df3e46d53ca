/** Walking the recognisers' tree (src/config/tree/walk.ts): maps, lists, keys and their offsets. */
import { describe, expect, it } from "vitest";
import { parseJsonSource } from "../../../src/config/read/json.js";
import { forEachMap, get, getAny, isMap, isSeq, keyOffset, text, type MapNode } from "../../../src/config/tree/walk.js";

const SOURCE = '{"a": 1.50, "b": "x", "c": [2, {"d": true}], "e": null, "f": "${N}", "g": "7"}';
const root = parseJsonSource(SOURCE, "t.json") as MapNode;
const at = (key: string) => get(root, key)!;

describe("reading nodes", () => {
  it("maps, lists, keys and their offsets", () => {
    expect([isMap(root), isSeq(at("c")), isMap(undefined), isSeq(at("a"))]).toEqual([true, true, false, false]);
    expect(get(at("b"), "x")).toBeUndefined();
    expect(getAny(root, ["camelCase", "b"])).toEqual({ key: "b", value: at("b"), keyPos: SOURCE.indexOf('"b"') });
    expect(getAny(root, ["none"])).toBeUndefined();
    expect(keyOffset(root, "c")).toBe(SOURCE.indexOf('"c"'));
    expect(keyOffset(root, "missing")).toBe(0);
    expect([text(at("b")), text(at("a")), text(undefined)]).toEqual(["x", undefined, undefined]);
  });

  it("forEachMap: every map once, depth first in document order; false keeps out of its children", () => {
    const seen: number[] = [];
    forEachMap(root, (map) => void seen.push(map.pos));
    expect(seen).toEqual([0, SOURCE.indexOf('{"d"')]);
    const kept: number[] = [];
    forEachMap(root, (map) => (kept.push(map.pos), false));
    expect(kept).toEqual([0]);
  });
});
