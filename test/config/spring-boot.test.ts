import { describe, expect, it } from "vitest";
import { flattenTree, norm, splitName } from "../../src/config/spring-boot.js";
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
