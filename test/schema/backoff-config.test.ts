import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { CONFIG_SCHEMA_PATH } from "../../scripts/config-schema.js";
import { trackedFiles } from "../../scripts/doc-examples.js";
import { JITTER_MODES } from "../../src/config/jitter-options.js";
import { ASSERT_KEYS, LINT_LEVELS } from "../../src/config/option-values.js";
import { BULLMQ_IGNORED, BULLMQ_TYPES, POLICY_CONFIG_KEYS, PROTOTYPE_KEYS, type ConfigValueKind, type PolicyConfigKey } from "../../src/config/schema.js";
import { DURATION_UNITS } from "../../src/config/values.js";
import { STRATEGIES } from "../../src/core/policy.js";
import { PRESETS } from "../../src/presets/registry.js";
import { runCli } from "../support/cli.js";
import { memoryStdin } from "../support/io.js";
import { REPOSITORY } from "../../src/cli/shared/version.js";
import { ROOT } from "../support/paths.js";

// The JSON Schema (schema/backoff-config.schema.json) and the reader (`backoff check --config`)
// agree on which files are config files: ajv's draft 2020-12 validator against the CLI's exit code
// (2 for a file refused, 0 or 1 for one read and checked), for the project's fixtures and docs
// examples, for hand-written mistakes, and for configs fast-check builds from the reader's own
// table of keys and kinds (valid ones, and each with one mistake made in it).

const schema = JSON.parse(readFileSync(join(ROOT, CONFIG_SCHEMA_PATH), "utf8"));
const validate = new Ajv2020({ strictTypes: true, strictTuples: true, allowUnionTypes: true }).compile(schema);

/** Whether an editor (ajv) accepts the text: JSON, or YAML when it does not start with `{` (as the reader tells them apart). */
function schemaAccepts(text: string): boolean {
  let value: unknown;
  try {
    value = /^\s*[{[]/.test(text) ? JSON.parse(text) : YAML.parse(text);
  } catch {
    return false;
  }
  return validate(value);
}

/** Whether `backoff check --config -` reads the text: exit 2 is one error line, anything else is 0 or 1. */
async function readerAccepts(text: string): Promise<boolean> {
  const { code, stderr } = await runCli(["check", "--config", "-"], { stdin: memoryStdin([text]) });
  if (code === 2) {
    expect(stderr).toMatch(/^error: <stdin>:\d+:\d+: [^\n]+\n$|^error: [^\n]+\n$/);
    return false;
  }
  expect([0, 1], stderr).toContain(code);
  expect(stderr).not.toContain("error:");
  return true;
}

async function verdicts(text: string): Promise<{ schema: boolean; reader: boolean }> {
  return { schema: schemaAccepts(text), reader: await readerAccepts(text) };
}

const BOTH_ACCEPT = { schema: true, reader: true };
const BOTH_REFUSE = { schema: false, reader: false };
const asYaml = (json: string): string => YAML.stringify(JSON.parse(json));

describe("the project's config fixtures and docs examples", () => {
  /** Every file of docs/examples and of the fixture tree's backoff and bullmq folders, and every config piped into `--config -` in the docs. */
  function examples(): Map<string, string> {
    const found = new Map<string, string>();
    // The files git tracks (trackedFiles): one left there by running an example is neither (issue 39, item 5).
    for (const dir of ["docs/examples", "test/fixtures/policies/backoff", "test/fixtures/policies/bullmq"]) {
      // Folders (docs/examples/deploy: the systems' own files a chain refers to) are no configs.
      for (const path of trackedFiles(ROOT, `${dir}/`)) {
        if (!path.slice(dir.length + 1).includes("/")) found.set(path, readFileSync(join(ROOT, path), "utf8"));
      }
    }
    for (const page of ["README.md", ...trackedFiles(ROOT, "docs/").filter((path) => /^docs\/[^/]+\.md$/.test(path))]) {
      for (const match of readFileSync(join(ROOT, page), "utf8").matchAll(/^\$ echo '([^']*)' \| backoff .*--config - /gm)) found.set(`${page}: ${match[1]}`, match[1]!);
    }
    return found;
  }

  it("valid ones pass the schema and the reader; the invalid ones (bad JSON, a typo'd key, a prototype key) fail both", async () => {
    const results: Record<string, { schema: boolean; reader: boolean }> = {};
    for (const [name, text] of examples()) results[name] = await verdicts(text);
    expect(results).toEqual({
      "docs/examples/bad.json": BOTH_REFUSE,
      // Not backoff's config: a Spring application.yml with resilience4j, for docs/deadlines.md.
      "docs/examples/application.yml": BOTH_REFUSE,
      // Not backoff's configs: an Envoy Gateway BackendTrafficPolicy and a Contour HTTPProxy, for docs/deadlines.md.
      "docs/examples/backend-traffic-policy.yaml": BOTH_REFUSE,
      "docs/examples/httpproxy.yaml": BOTH_REFUSE,
      // A chain file: read by check's chain check, and described by the schema (issue 37, item 1).
      // Not backoff's configs: a Step Functions machine, for docs/deadlines.md's check PATH examples.
      "docs/examples/charge.asl.json": BOTH_REFUSE,
      "docs/examples/chain.json": BOTH_ACCEPT,
      // Not backoff's configs: an Envoy bootstrap and an Istio VirtualService, for docs/deadlines.md's check PATH examples.
      "docs/examples/envoy.yaml": BOTH_REFUSE,
      // Its layers refer to files beside it (deploy/…); through --config - they are looked for in
      // the working directory, where they are not: the reader names the missing file, exit 2.
      "docs/examples/layers.json": { schema: true, reader: false },
      "docs/examples/policy.json": BOTH_ACCEPT,
      "docs/examples/job.yaml": BOTH_REFUSE,
      // Not backoff's config: the Istio VirtualService of docs/check.md's incident (issue 41).
      "docs/examples/llm-engine-vs.yaml": BOTH_REFUSE,
      "docs/examples/retry.json": BOTH_ACCEPT,
      "docs/examples/service-config.json": BOTH_REFUSE,
      "docs/examples/virtual-service.yaml": BOTH_REFUSE,
      "docs/examples/workflow.yaml": BOTH_REFUSE,
      "test/fixtures/policies/backoff/retry.json": BOTH_ACCEPT,
      "test/fixtures/policies/backoff/retry.yaml": BOTH_ACCEPT,
      "test/fixtures/policies/bullmq/email-job.json": BOTH_ACCEPT,
      // A reference to a policy the file does not hold: the schema cannot know, the reader says so.
      'docs/chain.md: {"chain": [{"policy": "deploy/application.yml#rating"}]}': { schema: true, reader: false },
      'docs/check.md: {"attempts": 5, "backoff": {"type": "exponential", "delay": 1000, "jitter": 0.5}}': BOTH_ACCEPT,
      'docs/check.md: {"base": "1s", "atempts": 5}': BOTH_REFUSE,
      [`docs/check.md: {"$schema": "https://raw.githubusercontent.com/${REPOSITORY.slug}/main/schema/backoff-config.schema.json", "base": "1s", "attempts": 3}`]: BOTH_ACCEPT,
      'docs/check.md: {"__proto__": {"admin": true}}': BOTH_REFUSE,
    });
  });

  it("docs/ci.md's repository config, and one with grpc-client, pass both; a gRPC client misspelt fails both", async () => {
    const page = readFileSync(join(ROOT, "docs/ci.md"), "utf8");
    const config = /^ {3}```yaml\n([\s\S]*?)^ {3}```/m.exec(page)![1]!.replace(/^ {3}/gm, "");
    expect(config).toContain("overrides:");
    expect(await verdicts(config)).toEqual(BOTH_ACCEPT);
    expect(await verdicts(`${config}grpc-client: java\n`)).toEqual(BOTH_ACCEPT);
    expect(await verdicts('{"grpc-client": "jav", "rules": {"no-cap": "off"}}')).toEqual(BOTH_REFUSE);
    expect(await verdicts('{"overrides": [{"files": "go/**", "grpc-client": "go"}], "grpc-client": "Java"}')).toEqual(BOTH_ACCEPT);
    expect(await verdicts('{"overrides": [{"files": "go/**", "grpc-client": "golang"}]}')).toEqual(BOTH_REFUSE);
  });

  it("the valid JSON ones pass both again written as YAML", async () => {
    for (const [name, text] of examples()) {
      if (!name.endsWith(".json") || !schemaAccepts(text) || name === "docs/examples/layers.json") continue;
      expect(await verdicts(asYaml(text)), name).toEqual(BOTH_ACCEPT);
    }
  });
});

describe("hand-written configs, in JSON and in YAML", () => {
  const SCHEMA = "./node_modules/backoff-calculator/schema/backoff-config.schema.json";
  const VALID: readonly string[] = [
    `{"$schema": "${SCHEMA}", "base": "1s", "cap": "30s", "attempts": 8}`,
    // Spellings the flags take too: any case, spaces around, long units, a range from 1, digits as strings.
    '{"base": " 1.5S ", "cap": "30 seconds", "jitter": "FULL", "attempts": "1 .. 8", "seed": "42", "factor": "1.5"}',
    '{"base": 0.5, "cap": 1, "jitter": ".5", "attempts": 1e1}',
    '{"strategy": "linear", "step": "250ms", "jitter": 1, "assert": {"max-attempts": 9, "attempt-time": "2s"}, "clients": 3}',
    '{"preset": " BullMQ ", "assert": {"max-total": "1h"}}',
    '{"preset": "cenkalti", "max-elapsed": "15m"}',
    `{"$schema": "${SCHEMA}", "attempts": 3, "backoff": {"type": "fixed", "delay": "2s", "jitter": 0}, "removeOnComplete": {"age": 3600}}`,
    `{"$schema": "${SCHEMA}", "clients": 20, "policies": {"email": {"base": "1s"}, "queue job": {"attempts": 2, "backoff": 750}, "重试": {"preset": "grpc"}}}`,
    // A repository config (issue 37, item 1): rules, exclude, overrides beside the limits.
    '{"assert": {"max-total": "5m"}, "rules": {"no-cap": "error", "early-cap": "Off"}, "exclude": ["legacy/"], "overrides": [{"files": "deploy/**", "assert": {"max-total": "1h"}, "clients": 5, "rules": {"no-jitter": "off"}}]}',
  ];
  const INVALID: ReadonlyArray<[string, string]> = [
    ["an unknown rule", '{"rules": {"no-capp": "error"}}'],
    ["a rule's level misspelt", '{"rules": {"no-cap": "eror"}}'],
    ["an override without files", '{"overrides": [{"assert": {"max-total": "1m"}}]}'],
    ["an override's key misspelt", '{"overrides": [{"files": ["a/**"], "rule": {}}]}'],
    ["exclude not globs", '{"exclude": [1]}'],
    ["a typo'd key", '{"base": "1s", "atempts": 5}'],
    ["a typo'd key in a policy", '{"policies": {"email": {"bsae": "1s"}}}'],
    ["a typo'd limit", '{"assert": {"max_total": "5m"}}'],
    ["a typo'd key of BullMQ's backoff", '{"attempts": 3, "backoff": {"type": "fixed", "dealy": 100}}'],
    ["a calculator key beside BullMQ's backoff", '{"attempts": 3, "backoff": 100, "cap": "1s"}'],
    ["$schema inside a policy", '{"policies": {"a": {"$schema": "x"}}}'],
    ["a wrong type: a boolean duration", '{"base": true}'],
    ["a wrong type: clients as a string", '{"clients": "200"}'],
    ["a wrong type: policies as a list", '{"policies": []}'],
    ["a wrong type: $schema as a number", '{"$schema": 5}'],
    ["a wrong type: the whole file a list", "[1]"],
    ["a bad enum: strategy", '{"strategy": "expo"}'],
    ["a bad enum: jitter", '{"jitter": "fulll"}'],
    ["a bad enum: preset", '{"preset": "bullmqq"}'],
    ["a bad enum: BullMQ's type", '{"attempts": 3, "backoff": {"type": "custom", "delay": 100}}'],
    ["out of range: a zero base", '{"base": "0s"}'],
    ["out of range: a base under 0.5 ms", '{"base": 0.4}'],
    ["out of range: a cap between milliseconds", '{"cap": 1.5}'],
    ["out of range: factor under 1", '{"factor": "0.5"}'],
    ["out of range: a jitter fraction over 1", '{"jitter": 1.5}'],
    ["out of range: BullMQ's single try", '{"attempts": 1, "backoff": 100}'],
    ["a unit backoff refuses", '{"preset": "cenkalti", "max-elapsed": "1w"}'],
    ["a digit separator", '{"attempts": "1_000"}'],
    ["no policy in policies", '{"policies": {}}'],
    ["a policy named by spaces", '{"policies": {"  ": {}}}'],
    ["a policy named __proto__", '{"policies": {"__proto__": {}}}'],
    ["BullMQ's backoff without attempts", '{"backoff": 100}'],
  ];

  it("each valid one passes both", async () => {
    for (const text of VALID) {
      expect(await verdicts(text), text).toEqual(BOTH_ACCEPT);
      expect(await verdicts(asYaml(text)), `as YAML: ${text}`).toEqual(BOTH_ACCEPT);
    }
  });

  it("each mistake fails both", async () => {
    for (const [what, text] of INVALID) {
      expect(await verdicts(text), what).toEqual(BOTH_REFUSE);
      // "[1]" stays JSON in YAML's flow style; JSON.parse keeps "__proto__" as a key, and so does YAML.stringify.
      expect(await verdicts(asYaml(text)), `as YAML: ${what}`).toEqual(BOTH_REFUSE);
    }
  });
});

// ---- configs built from the reader's declaration (POLICY_CONFIG_KEYS, ASSERT_KEYS, the BullMQ keys) ----

/** Each unit spelling's length in ms, as the `ms` package and docs/check.md define them. */
function unitMs(unit: string): number {
  if (/^(ms|msecs?|milliseconds?)$/.test(unit)) return 1;
  if (/^(s|secs?|seconds?)$/.test(unit)) return 1000;
  if (/^(m|mins?|minutes?)$/.test(unit)) return 60_000;
  if (/^(h|hrs?|hours?)$/.test(unit)) return 3_600_000;
  if (/^(d|days?)$/.test(unit)) return 86_400_000;
  throw new Error(`a unit this test does not know: ${unit}`);
}

/** A value and, for a duration, how many milliseconds it is. */
interface Valued {
  readonly json: unknown;
  readonly ms?: number;
}

const SPACES = ["", " ", "\t", " \n"];
const space = fc.constantFrom(...SPACES);
/** The word with the letters a mask picks upper-cased. */
const flipCase = (word: string, mask: number): string => [...word].map((c, i) => ((mask >> i % 30) & 1 ? c.toUpperCase() : c)).join("");
/** A word as people type it: any case, spaces around (the reader lower-cases and trims). */
const spelled = (words: readonly string[]) => fc.tuple(fc.constantFrom(...words), fc.nat(), space, space).map(([word, mask, before, after]) => `${before}${flipCase(word, mask)}${after}`);

/** A whole number of milliseconds (from min × every to max × every) as a number or a string with a unit that holds it exactly (at most 3 decimals). */
function durationArb(min: number, max: number, fractions: boolean, every = 1): fc.Arbitrary<Valued> {
  return fc.tuple(fc.integer({ min, max }).map((n) => n * every), fc.boolean(), fc.constantFrom(...DURATION_UNITS), fc.nat(), fc.constantFrom("", " "), space, space, fc.boolean()).map(
    ([ms, asNumber, unit, mask, gap, before, after, half]) => {
      if (fractions && half) return { json: ms + 0.5, ms: ms + 0.5 };
      const per = unitMs(unit);
      // A unit the value is not a multiple of a thousandth of falls back to milliseconds.
      const exact = (ms * 1000) % per === 0;
      if (asNumber) return { json: ms, ms };
      return { json: `${before}${exact ? String(ms / per) : String(ms)}${gap}${exact ? flipCase(unit, mask) : ""}${after}`, ms };
    },
  );
}

const countArb = (min: number, max: number): fc.Arbitrary<Valued> => fc.integer({ min, max }).map((n) => ({ json: n }));
const numberOrText = (values: readonly (number | string)[]): fc.Arbitrary<Valued> => fc.tuple(fc.constantFrom(...values), space, space).map(([v, a, b]) => ({ json: typeof v === "number" ? v : `${a}${v}${b}` }));

/** A valid value of each kind the reader declares; durations small enough to check quickly. */
const VALUE_ARBS: Record<ConfigValueKind, fc.Arbitrary<Valued>> = {
  strategy: fc.constantFrom(...STRATEGIES).map((json) => ({ json })),
  base: durationArb(1, 10_000_000, true),
  cap: durationArb(1, 100_000_000, false),
  duration: durationArb(1, 100_000_000, true),
  factor: numberOrText([1, 1.5, 2, 3, 10, "2", "1.5", "01.25", "3."]),
  attempts: fc.oneof(
    countArb(1, 30),
    fc.tuple(fc.integer({ min: 1, max: 30 }), space, space).map(([n, a, b]) => ({ json: `${a}${n}${b}` })),
    fc.tuple(fc.integer({ min: 1, max: 30 }), fc.constantFrom("", " ")).map(([n, gap]) => ({ json: `1${gap}..${gap}${n}` })),
  ),
  jitter: fc.oneof(spelled(JITTER_MODES).map((json) => ({ json })), numberOrText([0.1, 0.25, 0.5, 1, "0.2", ".5", "1", "1.0", "00.75"])),
  seed: fc.oneof(countArb(0, 1_000_000), fc.nat(1_000_000).map((n) => ({ json: String(n) }))),
  preset: spelled(PRESETS.map((preset) => preset.name)).map((json) => ({ json })),
  count: countArb(1, 500),
  timeout: durationArb(1, 100_000_000, false),
  level: fc.constantFrom(...LINT_LEVELS).map((json) => ({ json })),
};

type Config = Record<string, unknown>;
const defined = (entries: Record<string, Valued | undefined>): Config =>
  Object.fromEntries(Object.entries(entries).flatMap(([key, value]) => (value === undefined ? [] : [[key, value.json]])));

const assertArb: fc.Arbitrary<Valued> = fc
  .record(Object.fromEntries(Object.entries(ASSERT_KEYS).map(([key, { kind }]) => [key, VALUE_ARBS[kind]])) as Record<string, fc.Arbitrary<Valued>>, { requiredKeys: [] })
  .map((limits) => ({ json: defined(limits) }));

/**
 * The calculator's own policy: each of its keys (but preset, which makes the others a
 * library's parameters, and max-elapsed, a preset's) with a value of its kind, then the
 * rules between keys the reader holds applied by leaving keys out: factor only with
 * exponential, a cap at least the base (1 s when left out), decorrelated jitter only with a cap.
 */
const CALCULATOR_KEYS = (Object.keys(POLICY_CONFIG_KEYS) as PolicyConfigKey[]).filter((key) => key !== "preset" && key !== "max-elapsed");
const calculatorPolicy: fc.Arbitrary<Config> = fc
  .record({ ...Object.fromEntries(CALCULATOR_KEYS.map((key) => [key, VALUE_ARBS[POLICY_CONFIG_KEYS[key].kind]])), assert: assertArb, clients: VALUE_ARBS.count } as Record<string, fc.Arbitrary<Valued>>, { requiredKeys: [] })
  .map((policy) => {
    const kept: Record<string, Valued | undefined> = { ...policy };
    if (kept.strategy !== undefined && kept.strategy.json !== "exponential") delete kept.factor;
    if (kept.cap !== undefined && kept.cap.ms! < Math.ceil(kept.base?.ms ?? 1000)) delete kept.cap;
    if (typeof kept.jitter?.json === "string" && kept.jitter.json.trim().toLowerCase() === "decorrelated" && kept.cap === undefined) delete kept.jitter;
    return defined(kept);
  });

/** A library's schedule as it is (its parameters differ from library to library), with limits and a seed; max-elapsed where the library stops by time. */
const presetPolicy: fc.Arbitrary<Config> = fc.constantFrom(...PRESETS).chain((preset) =>
  fc
    .record({
      preset: spelled([preset.name]).map((json) => ({ json })),
      seed: VALUE_ARBS.seed,
      assert: assertArb,
      clients: VALUE_ARBS.count,
      // Whole minutes: some libraries read whole seconds only (sidekiq's retry_for, to_i).
      ...("maxElapsedMs" in preset.parameters ? { "max-elapsed": durationArb(1, 60, false, 60_000) } : {}),
    } as Record<string, fc.Arbitrary<Valued>>, { requiredKeys: ["preset"] })
    .map(defined),
);

const ignoredValue = fc.oneof(fc.boolean(), fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.constant({ age: 3600 }));
const bullmqJob: fc.Arbitrary<Config> = fc
  .record({
    attempts: countArb(2, 20),
    backoff: fc.oneof(
      countArb(1, 1_000_000),
      fc.record({ type: fc.constantFrom(...BULLMQ_TYPES).map((json) => ({ json })), delay: VALUE_ARBS.base, jitter: numberOrText([0, 0.25, 0.5, 1]) }, { requiredKeys: ["type", "delay"] }).map((spec) => ({ json: defined(spec) })),
    ),
    assert: assertArb,
    clients: VALUE_ARBS.count,
  } as Record<string, fc.Arbitrary<Valued>>, { requiredKeys: ["attempts", "backoff"] })
  .chain((job) => fc.subarray([...BULLMQ_IGNORED]).chain((keys) => fc.tuple(...keys.map(() => ignoredValue)).map((values) => ({ ...defined(job), ...Object.fromEntries(keys.map((key, i) => [key, values[i]])) }))));

const policyArb = fc.oneof(calculatorPolicy, presetPolicy, bullmqJob);
const schemaKey = fc.option(fc.constantFrom("./node_modules/backoff-calculator/schema/backoff-config.schema.json", "https://example.com/backoff.json"), { nil: undefined });
const policyName = fc.oneof(fc.stringMatching(/^[A-Za-z][\w .-]{0,15}$/), fc.constantFrom("email", "web hook", "重试", "🚀", "a".repeat(100))).filter((name) => !PROTOTYPE_KEYS.has(name));

const configArb: fc.Arbitrary<Config> = fc.oneof(
  fc.tuple(policyArb, schemaKey).map(([policy, $schema]) => ($schema === undefined ? policy : { $schema, ...policy })),
  fc
    .record({ policies: fc.dictionary(policyName, policyArb, { minKeys: 1, maxKeys: 4 }).map((json) => ({ json })), assert: assertArb, clients: VALUE_ARBS.count, $schema: schemaKey.map((json) => (json === undefined ? undefined : { json })) } as Record<string, fc.Arbitrary<Valued | undefined>>, { requiredKeys: ["policies"] })
    .map((file) => defined(file as Record<string, Valued | undefined>)),
);

const render = (config: Config, yaml: boolean): string => (yaml ? YAML.stringify(config) : JSON.stringify(config, null, 2));

// ---- one mistake made in a valid config ----

type Role = "top" | "policies-top" | "policies" | "policy" | "bullmq" | "assert" | "backoff";
interface Site {
  readonly object: Config;
  readonly role: Role;
}

const isObject = (value: unknown): value is Config => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every object of the config a mistake can be made in, with what it is. */
function sites(config: Config): Site[] {
  const found: Site[] = [];
  const policy = (object: Config, top: boolean) => {
    const bullmq = "backoff" in object;
    found.push({ object, role: bullmq ? "bullmq" : top ? "top" : "policy" });
    if (isObject(object.assert)) found.push({ object: object.assert, role: "assert" });
    if (bullmq && isObject(object.backoff)) found.push({ object: object.backoff, role: "backoff" });
  };
  if (isObject(config.policies)) {
    found.push({ object: config, role: "policies-top" }, { object: config.policies, role: "policies" });
    if (isObject(config.assert)) found.push({ object: config.assert, role: "assert" });
    for (const value of Object.values(config.policies)) policy(value as Config, false);
  } else policy(config, true);
  return found;
}

/** Keys no object of a config has (typos of real ones, another casing, a near word). */
const UNKNOWN_KEYS = ["atempts", "bsae", "stratgy", "jiter", "max_total", "maxTotal", "polices", "schema", "Base", "backof", "retries"];
const WRONG_TYPES: readonly unknown[] = [true, null, [1], { base: 1 }];
/** A value of the right type that the key refuses (a bad name, out of range, a refused unit). */
const BAD_VALUES: Record<string, unknown> = {
  strategy: "expo", base: "0s", cap: 1.5, step: "-1s", factor: 0.5, attempts: 0, jitter: "fulll", seed: -1, preset: "bullmqq", "max-elapsed": "1w", clients: 0, $schema: 5,
  "max-total": "0ms", "min-total": "5w", "max-delay": -1, "min-first": "1..2", "max-first": "", "max-attempts": 1.5, "attempt-time": 0,
};
const BULLMQ_BAD_VALUES: Record<string, unknown> = { attempts: 1, backoff: 0, type: "custom", delay: "0", jitter: 2 };
// A BullMQ job without its "backoff" is no mistake: {"attempts": 12, …} is then backoff's own
// policy with 12 retries (both readers accept it), so only "attempts" is required of a job.
const REQUIRED: Partial<Record<Role, readonly string[]>> = { bullmq: ["attempts"], backoff: ["type", "delay"] };

/** The config with one mistake made at a site the numbers pick, and what the mistake is. */
function withMistake(original: Config, pick: readonly number[]): { config: Config; mistake: string } {
  const config = structuredClone(original);
  const all = sites(config);
  const { object, role } = all[pick[0]! % all.length]!;
  const keys = Object.keys(object).filter((key) => !(role === "bullmq" && (BULLMQ_IGNORED as readonly string[]).includes(key)));
  const key = keys.length === 0 ? undefined : keys[pick[1]! % keys.length]!;
  const kinds = ["unknown key", "wrong type", "bad value", "missing key"] as const;
  const kind = kinds[pick[2]! % kinds.length]!;
  if (role === "policies") {
    // A policy's name: refused characters, nothing but spaces, too long, or no policy at all.
    const names = ["\u0007bell", "   ", "x".repeat(101), "__proto__"];
    if (kind === "missing key") {
      for (const name of Object.keys(object)) delete object[name];
      return { config, mistake: "policies emptied" };
    }
    if (kind === "wrong type" && key !== undefined) {
      // Not an object: {"base": 1} would be a policy of its own.
      const notPolicies = WRONG_TYPES.filter((value) => !isObject(value));
      object[key] = notPolicies[pick[3]! % notPolicies.length];
      return { config, mistake: `policy ${key} made ${JSON.stringify(object[key])}` };
    }
    const name = names[pick[3]! % names.length]!;
    Object.defineProperty(object, name, { value: {}, enumerable: true, configurable: true, writable: true });
    return { config, mistake: `a policy named ${JSON.stringify(name)}` };
  }
  if (kind === "missing key" && REQUIRED[role] !== undefined) {
    const gone = REQUIRED[role]![pick[3]! % REQUIRED[role]!.length]!;
    delete object[gone];
    return { config, mistake: `${role} without ${gone}` };
  }
  if (kind === "unknown key" || key === undefined) {
    const unknown = UNKNOWN_KEYS[pick[3]! % UNKNOWN_KEYS.length]!;
    object[unknown] = 1;
    return { config, mistake: `unknown key ${unknown} in ${role}` };
  }
  const bad = (role === "bullmq" || role === "backoff" ? BULLMQ_BAD_VALUES : BAD_VALUES)[key];
  if (kind === "bad value" && bad !== undefined) {
    object[key] = bad;
    return { config, mistake: `${role}.${key} = ${JSON.stringify(bad)}` };
  }
  object[key] = WRONG_TYPES[pick[3]! % WRONG_TYPES.length];
  return { config, mistake: `${role}.${key} = ${JSON.stringify(object[key])}` };
}

describe("configs generated from the reader's declaration (fast-check)", () => {
  it("the units this test knows are the reader's", () => {
    // ms, s, m, h and d and their long forms (src/config/values.ts, as the ms package spells them).
    expect(DURATION_UNITS.map(unitMs).filter((ms, i, all) => all.indexOf(ms) === i)).toEqual([1, 1000, 60_000, 3_600_000, 86_400_000]);
  });

  it("a valid config passes the schema and the reader, in JSON and in YAML", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(configArb, fc.boolean(), async (config, yaml) => {
        const text = render(config, yaml);
        expect(await verdicts(text), text).toEqual(BOTH_ACCEPT);
      }),
      { seed: 28, numRuns: 200 },
    );
  });

  it("the same config with one mistake in it (an unknown key, a wrong type, a bad value, a missing key) fails both", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(configArb, fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), fc.boolean(), async (config, pick, yaml) => {
        const { config: mistaken, mistake } = withMistake(config, pick);
        const text = render(mistaken, yaml);
        expect(await verdicts(text), `${mistake}:\n${text}`).toEqual(BOTH_REFUSE);
      }),
      { seed: 28, numRuns: 200 },
    );
  });
});
