import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/files.js";

/**
 * A hostile repository config (issue 37, item 1: "unknown keys are refused"): a `.backoff.yaml`,
 * `.yml` or `.json` holding a member of Object.prototype as a key at any level it has (the
 * top, `assert`, `rules`, `clients`, an entry of `overrides` and its `assert`, `rules` and
 * `clients`, a `chain`, a chain layer, its budget, the chain's `assert`), found by `check PATH`
 * from the root or a subfolder, named by `--config FILE` beside PATH, or alone. Each is refused:
 * exit 2, nothing on standard output, one line on standard error placed at the key's line and
 * column (at the mapping that holds it where a number or a list is wanted instead), naming
 * the key as an unknown one (rule, budget parameter) and never suggesting a member of
 * Object.prototype. Never accepted, never a crash.
 */

const HOSTILE = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "prototype"] as const;
const MEMBERS = [...Object.getOwnPropertyNames(Object.prototype), "prototype"];

type Value = string | number | boolean | Value[] | { [key: string]: Value };

/** An object with `key` as its own property (a computed key: `__proto__` stays a key, not the prototype). */
const own = (entries: [string, Value][]): { [key: string]: Value } => {
  const object: { [key: string]: Value } = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
};

/**
 * Where the key goes: the config with it, and whether the error points at the key itself
 * ("key") or at the mapping holding it, where a value of another kind is wanted ("mapping":
 * `clients` takes a number, `chain` a list).
 */
interface Place {
  readonly name: string;
  readonly at: "key" | "mapping";
  readonly config: (key: string, value: Value, first: boolean) => { [key: string]: Value };
}

/** `key` among `siblings`, first or last. */
const among = (siblings: [string, Value][], key: string, value: Value, first: boolean) => own(first ? [[key, value], ...siblings] : [...siblings, [key, value]]);

const PLACES: readonly Place[] = [
  { name: "the top level", at: "key", config: (k, v, first) => among([["assert", { "max-total": "1m" }]], k, v, first) },
  { name: "assert", at: "key", config: (k, v, first) => own([["assert", among([["max-total", "1m"]], k, v, first)]]) },
  { name: "rules", at: "key", config: (k, v, first) => own([["rules", among([["no-cap", "off"]], k, v, first)]]) },
  { name: "clients", at: "mapping", config: (k, v) => own([["clients", own([[k, v]])]]) },
  { name: "overrides[0]", at: "key", config: (k, v, first) => own([["overrides", [among([["files", ["**"]]], k, v, first)]]]) },
  { name: "overrides[0].assert", at: "key", config: (k, v, first) => own([["overrides", [own([["files", ["**"]], ["assert", among([["max-delay", "1m"]], k, v, first)]])]]]) },
  { name: "overrides[0].rules", at: "key", config: (k, v, first) => own([["overrides", [own([["files", ["**"]], ["rules", among([["no-jitter", "warning"]], k, v, first)]])]]]) },
  { name: "overrides[0].clients", at: "mapping", config: (k, v) => own([["overrides", [own([["files", ["**"]], ["clients", own([[k, v]])]])]]]) },
  { name: "chain", at: "mapping", config: (k, v) => own([["chain", own([[k, v]])]]) },
  { name: "chain[0]", at: "key", config: (k, v, first) => own([["chain", [among([["spec", "istio"]], k, v, first)]]]) },
  { name: "chain[0].budget", at: "key", config: (k, v, first) => own([["chain", [own([["spec", "istio"], ["budget", among([["type", "envoy"]], k, v, first)]])]]]) },
  { name: "the chain's assert", at: "key", config: (k, v, first) => own([["chain", ["istio"]], ["assert", among([["max-amplification", 10]], k, v, first)]]) },
];

/** A scalar as YAML writes it (a string double-quoted, as JSON writes it). */
const yamlScalar = (value: Value): string => (typeof value === "string" ? JSON.stringify(value) : String(value));

/** Block-style YAML of a mapping at `indent` spaces. */
function yamlLines(object: { [key: string]: Value }, indent: number): string[] {
  const pad = " ".repeat(indent);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (Array.isArray(value)) {
      lines.push(`${pad}${key}:`);
      for (const item of value) {
        if (typeof item !== "object") lines.push(`${pad}  - ${yamlScalar(item)}`);
        else {
          const inner = yamlLines(item as { [key: string]: Value }, indent + 4);
          lines.push(`${pad}  - ${inner[0]!.trimStart()}`, ...inner.slice(1));
        }
      }
    } else if (typeof value === "object") {
      lines.push(`${pad}${key}:`, ...yamlLines(value, indent + 2));
    } else lines.push(`${pad}${key}: ${yamlScalar(value)}`);
  }
  return lines;
}

/** Line and column (1-based) of an offset into ASCII text. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

const escaped = (text: string) => text.replace(/[$()*+.?[\\\]^{|}]/g, "\\$&");
const SUGGESTED_MEMBER = new RegExp(`did you mean "?-*(?:${MEMBERS.map(escaped).join("|")})\\b`, "i");

/** One hostile config and how check is run on it. */
const CASES = fc.record({
  key: fc.constantFrom(...HOSTILE),
  value: fc.constantFrom<Value>(1, "off", "1m", true, ["a"], { x: 1 }),
  place: fc.constantFrom(...PLACES),
  first: fc.boolean(),
  file: fc.constantFrom(".backoff.yaml", ".backoff.yml", ".backoff.json"),
  mode: fc.constantFrom("found", "--config FILE PATH", "--config FILE"),
  fromSubfolder: fc.boolean(),
});

describe("a repository config with Object.prototype's members as keys (issue 37, item 1)", () => {
  it("is refused at every level, in every way check reads it: exit 2, one line at the key (fast-check, fixed seed)", async () => {
    const previous = process.cwd();
    const root = tempDir("hostile-repo");
    execFileSync("git", ["init", "-q", root], { stdio: "ignore" });
    mkdirSync(join(root, "sub"));
    // A policy to check: exponential 1 s, 3 retries (1 + 2 + 4 = 7 s).
    writeFileSync(join(root, "sub", "retry.yaml"), "base: 1s\nattempts: 3\n");
    try {
      await fc.assert(
        fc.asyncProperty(CASES, async ({ key, value, place, first, file, mode, fromSubfolder }) => {
          const config = place.config(key, value, first);
          const text = file.endsWith(".json") ? `${JSON.stringify(config, null, 2)}\n` : `${yamlLines(config, 0).join("\n")}\n`;
          for (const name of [".backoff.yaml", ".backoff.yml", ".backoff.json"]) rmSync(join(root, name), { force: true });
          writeFileSync(join(root, file), text);
          process.chdir(fromSubfolder ? join(root, "sub") : root);
          const shownName = fromSubfolder ? `../${file}` : file;
          const argv = mode === "found" ? ["check", "."] : mode === "--config FILE PATH" ? ["check", "--config", shownName, "."] : ["check", "--config", shownName];
          const keyOffset = text.indexOf(file.endsWith(".json") ? JSON.stringify(key) : `${key}:`);
          expect(keyOffset).toBeGreaterThan(-1);
          expect(text.indexOf(file.endsWith(".json") ? JSON.stringify(key) : `${key}:`, keyOffset + 1)).toBe(-1);
          // In JSON the mapping begins at its "{"; in block YAML at its first key, the hostile one.
          const offset = place.at === "mapping" && file.endsWith(".json") ? text.lastIndexOf("{", keyOffset) : keyOffset;
          const { code, stdout, stderr } = await runCli(argv);
          const context = `${place.name}, ${mode}${fromSubfolder ? " from sub/" : ""}:\n${text}${stderr}`;
          expect({ code, stdout, lines: stderr.split("\n").length }, context).toEqual({ code: 2, stdout: "", lines: 2 });
          expect(stderr.startsWith(`error: ${shownName}:${lineColumn(text, offset)}: `), context).toBe(true);
          // Refused as any unknown key is (a rule's level and a budget's parameter in their own words).
          if (place.at === "key") expect(stderr, context).toMatch(new RegExp(`(unknown key|unknown rule|has no parameter) ${escaped(JSON.stringify(key))}`));
          expect(stderr, context).not.toMatch(SUGGESTED_MEMBER);
          expect(stderr, context).not.toMatch(/\[object |\[native code\]|function \w*\(|TypeError|at .*\.ts:/);
        }),
        { seed: 37, numRuns: 300 },
      );
    } finally {
      process.chdir(previous);
    }
  }, 120_000);
});
