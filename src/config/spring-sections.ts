import { type UnknownKeySink, misspelt } from "./tree/unknown-keys.js";
import type { Node } from "./tree/walk.js";
import type { PropertyEntry } from "./read/properties.js";
import { norm, splitName } from "./spring-boot.js";

/**
 * The Spring Boot sections the retry shapes read under (their `spring.roots`), one level at a
 * time: a key beside them that is a misspelling of one (`resilience4j.rety`, `spring.rabitmq`,
 * `spring.cloud.gatway`) is an unknown key, since Spring binds nothing from it and every retry
 * setting written under it is left out (issue 36, item 1). The sections' parents hold many other
 * keys (spring.datasource, resilience4j.ratelimiter), so only a key within "did you mean"'s edits
 * of a section (core/text/closest.ts) and not one of the parent's own names is reported.
 */
interface Section {
  /** The parent's path, normalised (norm). */
  readonly parent: readonly string[];
  /** The sections a retry shape reads under it, each with the shape's system (the reports' label). */
  readonly sections: Readonly<Record<string, string>>;
  /** Names beside them that are sections of their own, never a misspelling (resilience4j's modules). */
  readonly siblings: readonly string[];
  readonly where: string;
}

// resilience4j-spring-boot3 2.4.0: the modules' configuration properties prefixes
// (resilience4j.circuitbreaker, .ratelimiter, .bulkhead, .thread-pool-bulkhead, .retry, .timelimiter, .scheduled.executor).
const SECTIONS: readonly Section[] = [
  { parent: ["resilience4j"], sections: { retry: "resilience4j", timelimiter: "resilience4j" }, siblings: ["circuitbreaker", "ratelimiter", "bulkhead", "threadpoolbulkhead", "scheduled"], where: "resilience4j's settings" },
  { parent: ["spring"], sections: { kafka: "kafka", rabbitmq: "spring-rabbitmq" }, siblings: [], where: "Spring Boot's spring settings" },
  { parent: ["spring", "cloud"], sections: { gateway: "spring-cloud-gateway", stream: "spring-cloud-stream" }, siblings: [], where: "Spring Boot's spring.cloud settings" },
];

const instead = (section: string) => `Spring binds nothing from it: the retry settings written under it are not read, as if ${section} were not set`;

/** The section a key under `parent` misspells, or null. */
function misspeltSection(parent: readonly string[], key: string): { where: string; meant: string; system: string; path: string } | null {
  const typed = norm(key);
  for (const section of SECTIONS) {
    if (section.parent.length !== parent.length || section.parent.some((element, i) => element !== parent[i])) continue;
    const names = Object.keys(section.sections);
    if (names.includes(typed) || section.siblings.includes(typed)) return null;
    const meant = misspelt(typed, names);
    if (meant !== null) return { where: section.where, meant, system: section.sections[meant]!, path: [...section.parent, meant].join(".") };
  }
  return null;
}

/** In a YAML or JSON document: the sections' parents followed by their exact names. */
export function misspeltSectionsInTree(root: Node, sink: UnknownKeySink): void {
  const visit = (node: Node, path: readonly string[]) => {
    if (node.kind !== "object") return;
    for (const [key, entry] of node.entries) {
      const elements = splitName(key).map(norm);
      const at = [...path, ...elements];
      if (elements.length === 1 && path.length > 0) {
        const found = misspeltSection(path, key);
        if (found !== null) sink.unknownKeys.push({ system: found.system, offset: entry.keyPos, key, meant: found.meant, where: found.where, instead: instead(found.path) });
      }
      if (SECTIONS.some((section) => section.parent.length >= at.length && at.every((element, i) => element === section.parent[i]))) visit(entry.value, at);
    }
  };
  visit(root, []);
}

/** In a .properties file: each key's elements after a section's parent (the key's own offset, as policies are placed there). */
export function misspeltSectionsInProperties(entries: readonly PropertyEntry[], sink: UnknownKeySink): void {
  const seen = new Set<string>();
  for (const entry of entries) {
    const written = splitName(entry.key);
    const elements = written.map(norm);
    for (const section of SECTIONS) {
      const n = section.parent.length;
      if (elements.length <= n + 1 || section.parent.some((element, i) => element !== elements[i])) continue;
      const found = misspeltSection(section.parent, written[n]!);
      // Once per section written: a misspelt section on several lines is one mistake.
      const id = elements.slice(0, n + 1).join(".");
      if (found !== null && !seen.has(id)) {
        seen.add(id);
        sink.unknownKeys.push({ system: found.system, offset: entry.keyOffset, key: written[n]!, meant: found.meant, where: found.where, instead: instead(found.path) });
      }
    }
  }
}
