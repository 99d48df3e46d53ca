/** Reading the recognisers' tree (src/config/tree.ts): nodes, values as flags take them, and where problems are placed. */
import { describe, expect, it } from "vitest";
import { parseJsonSource } from "../../src/config/read/json.js";
import {
  FileProblem,
  istioHostsMatch,
  resolveIstioHost,
  Findings,
  Placeholder,
  decimalText,
  describeNode,
  durationValue,
  forEachMap,
  get,
  getAny,
  isMap,
  isSeq,
  keyOffset,
  msText,
  notPlaceholder,
  scalarText,
  text,
  wholeNumber,
  type MapNode,
  type Node,
} from "../../src/config/tree.js";

const SOURCE = '{"a": 1.50, "b": "x", "c": [2, {"d": true}], "e": null, "f": "${N}", "g": "7"}';
const root = parseJsonSource(SOURCE, "t.json") as MapNode;
const at = (key: string) => get(root, key)!;
const failure = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof FileProblem || error instanceof Placeholder) return { type: error.name, offset: error.offset, message: error.message };
    throw error;
  }
  return null;
};

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

  it("describeNode: a value as a message shows it, in YAML's or JSON's words", () => {
    expect([at("b"), at("a"), get((at("c") as Extract<Node, { kind: "array" }>).items[1], "d")!, at("e"), root, at("c")].map((node) => describeNode(node))).toEqual([
      'the string "x"', "1.50", "true", "null", "a map", "a list",
    ]);
    expect([describeNode(root, "object"), describeNode(at("c"), "object")]).toEqual(["an object", "an array"]);
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

describe("values as flags take them", () => {
  it("scalarText: a number's own digits, a string's value; anything else a problem at its place", () => {
    expect([scalarText(at("a"), "base", "a duration"), scalarText(at("b"), "base", "a duration")]).toEqual(["1.50", "x"]);
    expect(failure(() => scalarText(at("e"), "base", "a duration"))).toEqual({ type: "FileProblem", offset: SOURCE.indexOf("null"), message: "base must be a duration, got null" });
  });

  it("a placeholder is refused as unresolved, naming why", () => {
    expect(() => notPlaceholder(at("b"), "retries")).not.toThrow();
    expect(failure(() => scalarText(at("f"), "retries", "a number"))).toEqual({
      type: "Placeholder",
      offset: SOURCE.indexOf('"${N}"'),
      message: 'retries is a placeholder, "${N}"; its value is known only where it is rendered',
    });
    for (const value of ["{{ .Values.n }}", "{% n %}", "<%= n %>"]) expect(() => notPlaceholder({ kind: "string", pos: 0, value }, "n")).toThrow(Placeholder);
  });

  it("wholeNumber: digits only, in quotes where allowed, up to a maximum", () => {
    expect(wholeNumber((at("c") as Extract<Node, { kind: "array" }>).items[0]!, "retries")).toBe(2);
    expect(wholeNumber(at("g"), "retries", { quoted: true })).toBe(7);
    expect(failure(() => wholeNumber(at("g"), "retries"))).toMatchObject({ message: 'retries must be a whole number, got the string "7"' });
    expect(failure(() => wholeNumber(at("a"), "retries", { quoted: true }))).toMatchObject({ message: "retries must be a whole number (or one in quotes), got 1.50" });
    expect(failure(() => wholeNumber(at("g"), "retries", { quoted: true, max: 5 }))).toMatchObject({ message: "retries must be at most 5, got 7" });
  });

  it("decimalText: a plain decimal's digits", () => {
    expect(decimalText(at("a"), "factor")).toBe("1.50");
    expect(decimalText(at("g"), "factor", { quoted: true })).toBe("7");
    expect(failure(() => decimalText(at("b"), "factor", { quoted: true }))).toMatchObject({ message: 'factor must be a number such as 2 or 1.5, got the string "x"' });
  });

  it("msText and durationValue: whole seconds as 3s, else ms; zero and what the system refuses are problems", () => {
    expect([msText(3000), msText(250), msText(1500), msText(0)]).toEqual(["3s", "250ms", "1500ms", "0ms"]);
    const seconds = (raw: string) => (/^\d+(\.\d+)?$/.test(raw) ? Number(raw) * 1000 : null);
    expect(durationValue(at("a"), "duration", seconds, "seconds")).toBe("1500ms");
    expect(durationValue(at("g"), "duration", seconds, "seconds")).toBe("7s");
    // 1.1 × 1000 is 1100.0000000000002 in doubles: rounded to the nanosecond, 1100 ms.
    expect(durationValue({ kind: "string", pos: 0, value: "1.1" }, "duration", seconds, "seconds")).toBe("1100ms");
    expect(failure(() => durationValue(at("b"), "duration", seconds, "seconds"))).toMatchObject({ message: 'duration must be seconds, got the string "x"' });
    expect(failure(() => durationValue({ kind: "string", pos: 4, value: "0" }, "duration", seconds, "seconds"))).toEqual({
      type: "FileProblem",
      offset: 4,
      message: "duration is zero; a retry delay must be greater than zero",
    });
  });
});

describe("Findings", () => {
  it("a policy is found, unresolved (a placeholder) or invalid (a file problem); anything else is thrown on", () => {
    const findings = new Findings();
    findings.policy("istio", "reviews", 10, () => ({ options: { attempts: "3" } }));
    findings.policy("istio", "ratings", 20, () => {
      throw new Placeholder(25, "attempts is a placeholder");
    });
    findings.policy("istio", "details", 30, () => {
      throw new FileProblem(35, "attempts must be a whole number");
    });
    expect(findings.policies).toEqual([{ system: "istio", name: "reviews", offset: 10, options: { attempts: "3" } }]);
    expect(findings.unresolved).toEqual([{ system: "istio", name: "ratings", offset: 25, reason: "attempts is a placeholder" }]);
    expect(findings.invalid).toEqual([{ system: "istio", name: "details", offset: 35, reason: "attempts must be a whole number" }]);
    expect(findings.count).toBe(3);
    expect(() =>
      findings.policy("istio", "x", 0, () => {
        throw new TypeError("a bug");
      }),
    ).toThrow(TypeError);
  });
});

// istio/istio pilot/pkg/model/config.go ResolveShortnameToFQDN: a name without a dot gets
// .<namespace>.svc.cluster.local; host.Name.Matches for wildcards.
describe("Istio hosts (resolveIstioHost, istioHostsMatch)", () => {
  it("a short name is resolved in the resource's namespace; a dotted name, a wildcard or an IP stays; no namespace, no answer", () => {
    expect(resolveIstioHost("reviews", "prod")).toBe("reviews.prod.svc.cluster.local");
    expect(resolveIstioHost("reviews.prod", "staging")).toBe("reviews.prod");
    expect(resolveIstioHost("*", null)).toBe("*");
    expect(resolveIstioHost("reviews", null)).toBeNull();
  });
  it("equal resolved names and wildcards match; short names with no namespace match by name only within one file", () => {
    expect(istioHostsMatch({ host: "reviews", namespace: "prod" }, { host: "reviews.prod.svc.cluster.local", namespace: null }, false)).toBe(true);
    expect(istioHostsMatch({ host: "reviews", namespace: "prod" }, { host: "reviews", namespace: "staging" }, false)).toBe(false);
    expect(istioHostsMatch({ host: "reviews", namespace: "prod" }, { host: "*.prod.svc.cluster.local", namespace: null }, false)).toBe(true);
    expect(istioHostsMatch({ host: "reviews", namespace: null }, { host: "reviews.bookinfo.svc.cluster.local", namespace: null }, true)).toBe(true);
    expect(istioHostsMatch({ host: "reviews", namespace: null }, { host: "reviews.bookinfo.svc.cluster.local", namespace: null }, false)).toBe(false);
  });
});
