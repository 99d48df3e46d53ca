import { describe, expect, it } from "vitest";
import { type Placement, flattenTree, norm, splitName, springUnknownKeys } from "../../src/config/spring-boot.js";
import type { UnknownKey } from "../../src/config/tree/unknown-keys.js";
import { parseYamlDocuments } from "../../src/config/read/yaml.js";

// Spring's flat property names, by hand from Spring Boot's relaxed binding rules.
describe("Spring property names (spring-boot.ts)", () => {
  it("splits names at dots, keeping a bracketed map key whole", () => {
    expect(splitName("resilience4j.retry.instances.payments.max-attempts")).toEqual(["resilience4j", "retry", "instances", "payments", "max-attempts"]);
    expect(splitName("spring.kafka.producer.properties[retry.backoff.ms]")).toEqual(["spring", "kafka", "producer", "properties", "retry.backoff.ms"]);
    expect(splitName("a[0].b")).toEqual(["a", "0", "b"]);
    expect(splitName("a..b")).toEqual(["a", "", "b"]);
    expect(splitName("a[unclosed")).toEqual(["a", "unclosed"]);
    expect(splitName("")).toEqual([]);
  });

  it("folds case, dashes and underscores, and leaves folded names as they are", () => {
    expect(["maxAttempts", "max-attempts", "max_attempts", "MAX_ATTEMPTS", "maxattempts"].map(norm)).toEqual(Array(5).fill("maxattempts"));
    expect(norm("Énergie-Totale")).toBe("énergietotale");
    expect(norm("[0]")).toBe("[0]");
  });

  it("keeps only what lies under a root, whatever the spelling of the path on the way", () => {
    const [document] = parseYamlDocuments("Resilience4J:\n  retry:\n    instances:\n      svc:\n        max-attempts: 3\nserver:\n  port: 8080\n");
    const entries = flattenTree(document!.root!, [["resilience4j", "retry"]]);
    expect(entries.map((e) => [e.elements, e.value.kind === "number" ? e.value.value : null, e.keyOffsets])).toEqual([
      [["Resilience4J", "retry", "instances", "svc", "max-attempts"], 3, [0, 16, 27, 44, 57]],
    ]);
  });
});

// springUnknownKeys: Spring Boot ignores a property the class does not define (ignoreUnknownFields), and its relaxed
// binding folds case, "-" and "_" (maxAttempts = max-attempts = MAX_ATTEMPTS): the tables here are made up.
describe("keys Spring does not bind (springUnknownKeys)", () => {
  const table = { system: "s", where: "a block", known: ["maxAttempts", "waitDuration"], instead: (meant: string | null) => `without ${meant}` };
  const flat = (text: string) => flattenTree(parseYamlDocuments(text)[0]!.root!, [["a"]]);
  const run = (text: string, place: Placement = (used) => used[0] ?? null, near?: readonly string[]) => {
    const sink = { unknownKeys: [] as UnknownKey[] };
    springUnknownKeys(flat(text), 2, table, place, sink, near);
    return sink.unknownKeys.map((u) => [u.offset, u.key, u.meant, u.instead]);
  };
  it("every spelling Spring binds is known; a key it does not is reported once, the key meant in the style typed", () => {
    expect(run("a:\n  b:\n    max-attempts: 1\n    MAX_ATTEMPTS: 2\n    waitDuration: 1s\n")).toEqual([]);
    // "    max-atempts: [1, 2]" at offset 12: one finding for the list's two entries.
    expect(run("a:\n  b:\n    max-atempts: [1, 2]\n    retryOn: x\n")).toEqual([
      [12, "max-atempts", "max-attempts", "without maxAttempts"],
      [36, "retryOn", null, "without null"],
    ]);
  });
  it("near: only a misspelling of the keys given; place: only the entries it places", () => {
    expect(run("a:\n  b:\n    max-atempts: 1\n    retryOn: x\n", undefined, ["maxAttempts"])).toEqual([[12, "max-atempts", "max-attempts", "without maxAttempts"]]);
    expect(run("a:\n  b:\n    max-atempts: 1\n", () => null)).toEqual([]);
  });
});
