import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closest, didYouMean, editDistance, editsAllowed } from "../../../src/core/text/closest.js";

describe("editDistance (optimal string alignment)", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("base", "base")).toBe(0);
    expect(editDistance("same", "same")).toBe(0);
    expect(editDistance("kitten", "sitting")).toBe(3); // k→s, e→i, +g
  });

  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("bsae", "base")).toBe(1); // plain Levenshtein would count 2
    expect(editDistance("ab", "ba")).toBe(1);
    // ca → abc: no shortcut through a swap: 3 edits (OSA does not edit a swapped pair again).
    expect(editDistance("ca", "abc")).toBe(3);
  });

  it("agrees with the textbook table on random words, short and past its reused rows' 128 characters", () => {
    // Optimal string alignment as the textbook writes it: the whole table, one row an array.
    const table = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
        }
      }
      return d[a.length]![b.length]!;
    };
    const word = (max: number) => fc.string({ unit: fc.constantFrom("a", "b", "c", ".", "-"), maxLength: max });
    fc.assert(fc.property(word(12), word(12), (a, b) => editDistance(a, b) === table(a, b)), { seed: 41, numRuns: 2000 });
    fc.assert(fc.property(word(150), word(150), (a, b) => editDistance(a, b) === table(a, b)), { seed: 42, numRuns: 60 });
    const long = "ab.".repeat(60);
    expect([editDistance(long, `${long.slice(0, 90)}ba${long.slice(92)}x`), table(long, `${long.slice(0, 90)}ba${long.slice(92)}x`)]).toEqual([2, 2]);
    // The same call twice gives the same answer: nothing of one call's rows is left for the next.
    expect([editDistance("retries", "retires"), editDistance("retries", "retires")]).toEqual([1, 1]);
  });
});

describe("closest: the one rule of 'did you mean'", () => {
  const keys = ["base", "cap", "factor", "max-total", "min-total"];

  it("answers a likely typo: a swap, a dropped, doubled or wrong letter", () => {
    expect(closest("bsae", keys)).toBe("base");
    expect(closest("facotr", keys)).toBe("factor");
    expect(closest("atempts", ["attempts", "base"])).toBe("attempts");
    expect(closest("baase", keys)).toBe("base");
    expect(closest("bese", keys)).toBe("base");
  });

  it("ignores case, hyphens and underscores, and the dashes of an option", () => {
    expect(closest("maxTotal", keys)).toBe("max-total");
    expect(closest("maxTotal", ["max-total", "min-total"])).toBe("max-total");
    expect(closest("MIN_TOTAL", keys)).toBe("min-total");
    expect(closest("--bse", ["--base", "--cap"])).toBe("--base");
    expect(closest("CSV", ["table", "csv"])).toBe("csv");
  });

  it("allows one edit up to five letters, two from six", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(editsAllowed)).toEqual([1, 1, 1, 1, 1, 2, 2, 2]);
    expect(closest("ca", ["cap"])).toBe("cap"); // one edit in two letters
    expect(closest("zzz", keys)).toBeNull(); // "cap" is 3 edits away
    expect(closest("zzzzzz", ["base", "cap"])).toBeNull();
    // "xml" → "html": two edits, over the one a three-letter word allows.
    expect(closest("xml", ["html", "json"])).toBeNull();
    // "fctr" (4 letters) is two edits from "factor": too far; "factr" (5) one: near.
    expect(closest("fctr", keys)).toBeNull();
    expect(closest("factr", keys)).toBe("factor");
    // "exponental" (10 letters): one edit; "expnentl" (8): three edits from "exponential", too far.
    expect(closest("exponental", ["exponential", "linear", "fixed"])).toBe("exponential");
    expect(closest("xponentia", ["exponential", "linear", "fixed"])).toBe("exponential"); // two edits in nine letters
    expect(closest("expnentl", ["exponential", "linear", "fixed"])).toBeNull();
  });

  it("takes a shared start of three letters or more, either way", () => {
    expect(closest("bull", ["bullmq", "celery"])).toBe("bullmq");
    expect(closest("sidekiq-pro", ["bullmq", "sidekiq"])).toBe("sidekiq");
    expect(closest("exp", ["exponential", "linear", "fixed"])).toBe("exponential");
    expect(closest("ex", ["exponential", "linear", "fixed"])).toBeNull(); // two letters share too little
  });

  it("prefers a near spelling to a shared start, fewer edits to more, the longest shared start, then the fewest letters added, then the first listed", () => {
    // "grpcjs" is "grpc-js" folded (0 edits), though it also begins with "grpc".
    expect(closest("grpcjs", ["grpc", "grpc-js"])).toBe("grpc-js");
    // "bast": one edit from "base" and from "cast"; the first listed wins.
    expect(closest("bast", ["base", "cast"])).toBe("base");
    expect(closest("bast", ["cast", "base"])).toBe("cast");
    // "kube" begins both; "kubernetes" adds 6 letters, "kubernetes-job" 10.
    expect(closest("kube", ["kubernetes-job", "kubernetes"])).toBe("kubernetes");
    // "spring-cloud" begins "spring-cloud-gateway" (11 letters shared) and begins with "spring" (6).
    expect(closest("spring-cloud", ["spring", "spring-cloud-gateway"])).toBe("spring-cloud-gateway");
  });

  it("answers an alias with the name it stands for, and never a name that is not listed", () => {
    const aliases = new Map([
      ["retry", "node-retry"],
      ["k8s", "kubernetes"],
      ["gone", "not-listed"],
    ]);
    const names = ["node-retry", "kubernetes", "bullmq"];
    expect(closest("retry", names, aliases)).toBe("node-retry");
    expect(closest("retyr", names, aliases)).toBe("node-retry"); // one swap from the alias
    expect(closest("K8S", names, aliases)).toBe("kubernetes");
    expect(closest("gone", names, aliases)).toBeNull();
  });

  it("answers nothing for an empty word", () => {
    expect(closest("", ["a", "b"])).toBeNull();
    expect(closest("--", ["--a"])).toBeNull();
  });

  it("answers only with a listed name, whatever is typed: never a member of Object.prototype (property, fixed seed)", () => {
    const members = [...Object.getOwnPropertyNames(Object.prototype), "prototype"];
    const word = fc.oneof(fc.constantFrom(...members), fc.string({ maxLength: 20 }), fc.constantFrom(...members).map((m) => m.toUpperCase()));
    // Lists as registries hold them (no member among them); the aliases offer every member.
    const list = fc.array(fc.stringMatching(/^[a-z][a-z-]{0,12}$/), { minLength: 1, maxLength: 12 }).map((names) => names.filter((name) => !members.includes(name)));
    fc.assert(
      fc.property(word, list, (typed, known) => {
        const near = closest(typed, known, new Map(members.map((member) => [member, member])));
        expect(near === null || known.includes(near)).toBe(true);
        expect(members).not.toContain(near);
      }),
      { seed: 35, numRuns: 2000 },
    );
  });
});

describe("didYouMean", () => {
  it("ends a refusal with the near name, or says nothing", () => {
    expect(didYouMean("ful", ["none", "full", "equal"])).toBe("; did you mean full?");
    expect(didYouMean("xyz", ["none", "full", "equal"])).toBe("");
    expect(didYouMean("txt", ["table"], new Map([["text", "table"]]))).toBe("; did you mean table?");
  });
});
