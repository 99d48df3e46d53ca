/**
 * The JSON Schema (draft 2020-12) of backoff's own config file, schema/backoff-config.schema.json,
 * generated from what the reader declares (src/config/schema.ts: the policy's keys and the kind
 * of value each takes, the shared and BullMQ keys; ASSERT_KEYS), the value readers' grammar
 * (src/config/values.ts), the registries (strategies, jitter modes, presets) and the flags' help
 * texts (src/cli/shared/options.ts), so that editors complete and check the keys the reader takes,
 * described in the words `backoff --help` uses. `npm run docs` writes it;
 * test/docs/config-schema.test.ts fails when the file differs. Pure: no file or process access.
 *
 * Every key and value is described as the reader reads it, spellings included (durations in any
 * case of their units, ASCII spaces around a value, preset names in any case). What a schema
 * cannot say is left to the reader, which says it when backoff runs: rules between keys (a cap
 * at least the base, factor only with exponential, decorrelated jitter only with a cap, a preset's
 * own parameters), and of a string value its size and precision (at most 2^53 − 1 ms, 6 decimals
 * of a millisecond, 15 significant digits, the order of a range's ends).
 */
import { decimalText } from "../src/core/decimal.js";
import { MAX_EXACT_MS } from "../src/core/limits.js";
import { STRATEGIES } from "../src/core/policy.js";
import { ASSERT_KEYS, CLIENTS_HELP, LINT_LEVELS } from "../src/config/option-values.js";
import {
  BULLMQ_BACKOFF_KEYS, BULLMQ_IGNORED, BULLMQ_MIN_TRIES, BULLMQ_TYPES, type ConfigValueKind, DURATION_FORMS, MAX_POLICY_NAME, POLICY_CONFIG_KEYS,
  POLICY_NAME_REFUSED, PROTOTYPE_KEYS, type PolicyConfigKey, SCHEMA_KEY, parseConfig,
} from "../src/config/schema.js";
import { DURATION_UNITS, LEAST_BASE_MS } from "../src/config/values.js";
import { JITTER_MODES } from "../src/config/jitter-options.js";
import { SHARED_OPTIONS } from "../src/cli/shared/options.js";
import { REPOSITORY } from "../src/cli/shared/version.js";
import { RULE_IDS, RULE_LEVELS } from "../src/core/check-report/rules.js";
import { OVERRIDE_KEYS } from "../src/config/repo-config.js";
import { GRPC_CLIENTS } from "../src/config/option-values.js";
import { CHAIN_ASSERT_KEYS, CHAIN_LAYER_KEYS } from "../src/config/chain-config.js";
import { RETRY_ON_NAMES } from "../src/config/chain-retry-on.js";

/** A chain layer's retry-on (issue 41, item 5): failures by name, a list or joined by "+". */
const RETRY_ON_SCHEMA = {
  description: "what the layer retries on, for chain --failure: failures such as connection, 502, 504 (also 5xx, every, none), a list or joined by +",
  oneOf: [
    { type: "string", minLength: 1, examples: ["connection+502+504"] },
    { type: "array", minItems: 1, items: { type: "string", enum: [...RETRY_ON_NAMES] } },
  ],
};
import { PRESETS } from "../src/presets/registry.js";

export const CONFIG_SCHEMA_PATH = "schema/backoff-config.schema.json";

/**
 * Where editors fetch the schema, as SchemaStore's entries name theirs: the file on the
 * default branch of the repository package.json names (src/cli/shared/version.ts).
 */
export const CONFIG_SCHEMA_ID = `https://raw.githubusercontent.com/${REPOSITORY.slug}/main/${CONFIG_SCHEMA_PATH}`;

type Schema = Record<string, unknown>;

/** The ASCII white space every value reader trims (inputText). */
const SPACE = "[ \\t\\r\\n]*";
/** A whole value: `body` with the spaces the reader trims around it. */
const spaced = (body: string): string => `^${SPACE}(?:${body})${SPACE}$`;
/** A word in any case of its letters, as the reader lower-cases it. */
const anyCase = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
const oneOfWords = (words: readonly string[]): string => [...words].sort((a, b) => b.length - a.length || a.localeCompare(b)).map(anyCase).join("|");

// Plain decimals as parsePlainDecimal reads them ("12", "1.5", ".5", "5."; no sign or exponent).
const POSITIVE_DECIMAL = "\\d*[1-9]\\d*(?:\\.\\d*)?|\\d*\\.\\d*[1-9]\\d*";
const AT_LEAST_ONE = "0*[1-9]\\d*(?:\\.\\d*)?";
const FRACTION_UP_TO_ONE = "0*1(?:\\.0*)?|0*\\.\\d*[1-9]\\d*";
const WHOLE_FROM_ONE = "0*[1-9]\\d*";

/** A duration string: a positive plain decimal, spaces, a unit or none (milliseconds). */
const DURATION_PATTERN = spaced(`(?:${POSITIVE_DECIMAL}) *(?:${oneOfWords(DURATION_UNITS)})?`);
const LEAST_BASE = Number(decimalText(LEAST_BASE_MS));
const PRESET_NAMES = PRESETS.map((preset) => preset.name);

/** The JSON Schema of one kind of value (the number and string keywords apply to numbers and strings alone). */
function valueSchema(kind: ConfigValueKind): Schema {
  switch (kind) {
    case "strategy":
      return { enum: [...STRATEGIES] };
    case "base":
      return { type: ["number", "string"], minimum: LEAST_BASE, maximum: MAX_EXACT_MS, pattern: DURATION_PATTERN };
    case "cap":
      return { type: ["integer", "string"], minimum: 1, maximum: MAX_EXACT_MS, pattern: DURATION_PATTERN };
    case "duration":
      return { type: ["number", "string"], exclusiveMinimum: 0, maximum: MAX_EXACT_MS, pattern: DURATION_PATTERN };
    case "factor":
      return { type: ["number", "string"], minimum: 1, pattern: spaced(AT_LEAST_ONE) };
    case "attempts":
      return { type: ["integer", "string"], minimum: 1, maximum: MAX_EXACT_MS, pattern: spaced(`${WHOLE_FROM_ONE}(?:${SPACE}\\.\\.${SPACE}${WHOLE_FROM_ONE})?`) };
    case "jitter":
      // Under a preset, the library's own setting (a switch, a named mode, …): any number or string here.
      return { type: ["number", "string"] };
    case "seed":
      return { type: ["integer", "string"], minimum: 0, maximum: MAX_EXACT_MS, pattern: spaced("\\d+") };
    case "preset":
      return { type: "string", pattern: spaced(oneOfWords(PRESET_NAMES)), examples: PRESET_NAMES };
    case "count":
      return { type: "integer", minimum: 1, maximum: MAX_EXACT_MS };
    case "timeout":
      // Whole milliseconds (the deadline model's starts are), as a number or a duration string.
      return { type: ["integer", "string"], minimum: 1, maximum: MAX_EXACT_MS, pattern: DURATION_PATTERN };
    case "level":
      return { enum: [...LINT_LEVELS] };
  }
}

/** The calculator's own jitter (no preset): a mode in any case, or a fraction in (0, 1]. */
const CALCULATOR_JITTER: Schema = {
  type: ["number", "string"],
  exclusiveMinimum: 0,
  maximum: 1,
  pattern: spaced(`${oneOfWords(JITTER_MODES)}|${FRACTION_UP_TO_ONE}`),
  examples: [...JITTER_MODES, 0.2],
};

const DURATION_KINDS: readonly ConfigValueKind[] = ["base", "cap", "duration", "timeout"];

/** The help text as `backoff --help` words it, its default and, for a duration, the forms it takes. */
function described(help: string, kind: ConfigValueKind, defaultText?: string): string {
  const withDefault = defaultText === undefined ? help : `${help} (default: ${defaultText})`;
  return DURATION_KINDS.includes(kind) ? `${withDefault}; ${DURATION_FORMS}` : withDefault;
}

/** A default as JSON writes it, kept only when the reader takes it as the key's value ("none" is no cap, not a duration). */
function defaultValue(key: PolicyConfigKey, text: string | undefined): Schema {
  if (text === undefined) return {};
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  try {
    parseConfig(JSON.stringify({ [key]: value }), "default");
  } catch {
    return {};
  }
  return { default: value };
}

function policyKeySchema(key: PolicyConfigKey): Schema {
  const { option, kind } = POLICY_CONFIG_KEYS[key];
  const help: { description: string; defaultText?: string } = SHARED_OPTIONS[option];
  return { description: described(help.description, kind, help.defaultText), ...valueSchema(kind), ...defaultValue(key, help.defaultText) };
}

const ref = (name: string): Schema => ({ $ref: `#/$defs/${name}` });
const refs = (names: readonly string[]): Record<string, Schema> => Object.fromEntries(names.map((name) => [name, ref(name)]));
const POLICY_KEYS = Object.keys(POLICY_CONFIG_KEYS) as PolicyConfigKey[];

const SCHEMA_PROPERTY = { [SCHEMA_KEY]: { description: "the JSON Schema this file follows, for editors; backoff ignores it", type: "string" } };

/** A repository config's own keys (src/config/repo-config.ts), at the top level of any of its forms. */
const REPO_PROPERTIES = {
  rules: ref("rules"),
  exclude: ref("exclude"),
  overrides: ref("overrides"),
  "grpc-client": ref("grpc-client"),
};
/** The top level's extras: its schema, and a repository config's keys. */
const TOP_PROPERTIES = { ...SCHEMA_PROPERTY, ...REPO_PROPERTIES };

/** The calculator's own policy; at the top level it may name its schema. */
function calculatorPolicy(top: boolean): Schema {
  return {
    type: "object",
    properties: { ...refs([...POLICY_KEYS, "assert", "clients"]), ...(top ? TOP_PROPERTIES : {}) },
    additionalProperties: false,
    if: { required: ["preset"] },
    else: { properties: { jitter: ref("calculator-jitter") } },
  };
}

/** BullMQ job options (recognised by their `backoff` key); at the top level it may name its schema. */
function bullmqJob(top: boolean): Schema {
  return {
    type: "object",
    description: "BullMQ job options, read with BullMQ's meaning (the bullmq preset)",
    required: ["attempts", "backoff"],
    properties: {
      attempts: ref("bullmq-attempts"),
      backoff: ref("bullmq-backoff"),
      ...refs(["assert", "clients"]),
      ...Object.fromEntries(BULLMQ_IGNORED.map((key) => [key, ref("bullmq-ignored")])),
      ...(top ? TOP_PROPERTIES : {}),
    },
    additionalProperties: false,
  };
}

/** A chain of retrying layers (src/config/chain-config.ts: backoff chain, backoff check --config). */
function chainFile(): Schema {
  const [maxAmplification, attemptTime] = CHAIN_ASSERT_KEYS;
  return {
    properties: {
      chain: {
        description: "the layers of the chain, outermost first, as backoff chain takes them (docs/chain.md): each a SPEC (\"istio\", \"grpc:max-attempts=3\", \"istio@envoy\") or an object",
        type: "array",
        minItems: 1,
        items: { anyOf: [{ type: "string", minLength: 1 }, ref("chain-layer")] },
      },
      policies: { description: "policies by name, for layers given as {\"policy\": NAME}", type: "object", additionalProperties: ref("policy") },
      "attempt-time": { description: "how long each try takes, as --attempt-time", ...valueSchema("timeout") },
      "failure-rate": { description: "the share of calls that fail, from 0 to 1, as --failure-rate", type: ["number", "string"] },
      rps: { description: "calls per second at the top of the chain, as --rps", type: ["number", "string"] },
      assert: {
        description: "the chain's limits",
        type: "object",
        properties: {
          [maxAmplification]: { description: "at most this many calls reach the backend per call at the top, every call failing (--max-amplification)", ...valueSchema("count") },
          [attemptTime]: { description: "how long each try takes", ...valueSchema("timeout") },
        },
        additionalProperties: false,
      },
      ...TOP_PROPERTIES,
    },
    additionalProperties: false,
  };
}

/** A file of several policies by name, with limits and clients for all of them. */
function policiesFile(): Schema {
  return {
    properties: {
      policies: {
        description: "several policies by name; check checks each, --policy NAME picks one",
        type: "object",
        minProperties: 1,
        propertyNames: {
          maxLength: MAX_POLICY_NAME,
          pattern: `^[^${POLICY_NAME_REFUSED}]*[^\\s${POLICY_NAME_REFUSED}][^${POLICY_NAME_REFUSED}]*$`,
          not: { enum: [...PROTOTYPE_KEYS] },
        },
        additionalProperties: ref("policy"),
      },
      assert: { ...ref("assert"), description: "limits for every policy; a policy's own assert overrides them limit by limit" },
      clients: ref("clients"),
      ...TOP_PROPERTIES,
    },
    additionalProperties: false,
  };
}

export function configSchema(): Schema {
  const [typeKey, delayKey, jitterKey] = BULLMQ_BACKOFF_KEYS;
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: CONFIG_SCHEMA_ID,
    title: "backoff config",
    description:
      'backoff\'s own config file (backoff --config FILE, backoff check --config FILE or PATH, and the repository config .backoff.yaml that backoff check PATH finds), JSON or YAML: one policy, BullMQ job options, several policies under "policies", or a chain; with "rules", "exclude" and "overrides" for check PATH. Generated from backoff\'s reader; rules between keys (a cap at least the base, factor only with exponential, decorrelated jitter only with a cap, a preset\'s own parameters) are checked when backoff reads the file.',
    type: "object",
    // A file with a "chain" section is read by backoff chain and check's chain check (src/config/chain-config.ts).
    if: { required: ["chain"] },
    then: chainFile(),
    else: { if: { required: ["policies"] }, then: policiesFile(), else: { if: { required: ["backoff"] }, then: bullmqJob(true), else: calculatorPolicy(true) } },
    $defs: {
      policy: { type: "object", if: { required: ["backoff"] }, then: ref("bullmq-job"), else: ref("calculator-policy") },
      "calculator-policy": calculatorPolicy(false),
      "bullmq-job": bullmqJob(false),
      ...Object.fromEntries(POLICY_KEYS.map((key) => [key, policyKeySchema(key)])),
      "calculator-jitter": CALCULATOR_JITTER,
      assert: {
        description: "the limits backoff check checks the policy against",
        type: "object",
        properties: Object.fromEntries(Object.entries(ASSERT_KEYS).map(([key, { kind, help }]) => [key, { description: described(help, kind), ...valueSchema(kind) }])),
        additionalProperties: false,
      },
      clients: { description: CLIENTS_HELP, ...valueSchema("count") },
      "bullmq-attempts": { description: `BullMQ's attempts: every try counted, the first included (5 is 4 retries); at least ${BULLMQ_MIN_TRIES}`, type: "integer", minimum: BULLMQ_MIN_TRIES, maximum: MAX_EXACT_MS },
      "bullmq-backoff": {
        description: `BullMQ's backoff: a fixed delay in milliseconds, or { ${BULLMQ_BACKOFF_KEYS.join(", ")} }`,
        type: ["number", "object"],
        minimum: LEAST_BASE,
        maximum: MAX_EXACT_MS,
        required: [typeKey, delayKey],
        properties: {
          [typeKey]: { description: "how the delay grows; a custom strategy cannot be computed", enum: [...BULLMQ_TYPES] },
          [delayKey]: { description: `the first retry's delay, doubled each time by exponential, without a cap; ${DURATION_FORMS}`, ...valueSchema("base") },
          [jitterKey]: { description: "BullMQ's jitter, a fraction of each delay from 0 to 1", type: "number", minimum: 0, maximum: 1 },
        },
        additionalProperties: false,
      },
      "bullmq-ignored": { description: "a BullMQ job option that does not change when retries happen: accepted and ignored" },
      "chain-layer": {
        description: "a layer of a chain: a SPEC, a policy of the file by name, or the calculator's policy keys",
        type: "object",
        properties: {
          ...Object.fromEntries(CHAIN_LAYER_KEYS.map((key) => [key, key === "per-try-timeout" ? { description: "the layer's timeout per try", ...valueSchema("duration") } : key === "retry-on" ? RETRY_ON_SCHEMA : { type: "string", minLength: 1 }])),
          ...refs(POLICY_KEYS.filter((key) => key !== "seed")),
        },
        additionalProperties: false,
      },
      rules: {
        description: "backoff check PATH: a level per rule (docs/check.md): error fails the check, warning fails it only with --strict, off reports nothing",
        type: "object",
        propertyNames: { enum: [...RULE_IDS] },
        additionalProperties: { type: "string", pattern: spaced(oneOfWords(RULE_LEVELS)), examples: [...RULE_LEVELS] },
      },
      "grpc-client": {
        description: "backoff check PATH: check gRPC service configs as this client draws its waits, as --grpc-client (which overrides it); in an override, for the files it matches; by default the bounds that hold for all of them",
        type: "string",
        pattern: spaced(oneOfWords(GRPC_CLIENTS)),
        examples: [...GRPC_CLIENTS],
      },
      globs: { anyOf: [{ type: "string", minLength: 1 }, { type: "array", items: { type: "string", minLength: 1 } }] },
      exclude: { description: "backoff check PATH: what to leave out, .gitignore patterns as --exclude takes them", $ref: "#/$defs/globs" },
      overrides: {
        description: "backoff check PATH: settings for the files some globs match (from the config's folder), applied in order, the later over the earlier, as ESLint's overrides",
        type: "array",
        items: {
          type: "object",
          required: ["files"],
          properties: Object.fromEntries(OVERRIDE_KEYS.map((key) => [key, key === "files" ? { description: "the files it applies to: .gitignore patterns from the config's folder", anyOf: [{ type: "string", minLength: 1 }, { type: "array", minItems: 1, items: { type: "string", minLength: 1 } }] } : ref(key)])),
          additionalProperties: false,
        },
      },
    },
  };
}

/** JSON indented by two spaces, with an array of plain values on one line. */
function jsonText(value: unknown, indent: string): string {
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) return `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  const items = Array.isArray(value) ? value.map((item) => jsonText(item, inner)) : Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${jsonText(item, inner)}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return items.length === 0 ? `${open}${close}` : `${open}\n${items.map((item) => `${inner}${item}`).join(",\n")}\n${indent}${close}`;
}

/** The file's text, with a final newline. */
export function configSchemaText(): string {
  return `${jsonText(configSchema(), "")}\n`;
}
