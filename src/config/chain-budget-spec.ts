import type { RetryBudget } from "../core/chain/budgets/budget.js";
import { AWS_RETRY_QUOTA_DEFAULTS } from "../core/chain/budgets/aws-quota.js";
import { ENVOY_MAX_RETRIES_DEFAULT } from "../core/chain/budgets/envoy-breaker.js";
import { ENVOY_RETRY_BUDGET_DEFAULTS } from "../core/chain/budgets/envoy-budget.js";
import { FINAGLE_RETRY_BUDGET_DEFAULTS } from "../core/chain/budgets/finagle.js";
import { type Decimal, compareDecimals, decimal } from "../core/decimal.js";
import { closest, didYouMean } from "../core/text/closest.js";
import { UsageError, shown } from "./errors.js";
import { durationNumber, exactDecimalNumber, parseDuration, readDecimal, readDuration, readWhole } from "./values.js";

// A budget as `backoff chain` reads it, after a SPEC's "@" (istio@envoy,
// grpc-policy@grpc:max-tokens=10,token-ratio=0.1) or as a chain layer's "budget" in a
// config file ({"type": "aws", "cost": 5}): its kind and parameters, each checked as a
// flag is and named in the message.

/** How one parameter is read, and the budget field it sets. */
interface Parameter {
  readonly key: string;
  readonly read: (label: string, text: string) => number;
}

interface BudgetKind {
  /** The names people write for it (the first is the one shown). */
  readonly names: readonly string[];
  readonly parameters: readonly Parameter[];
  /** Parameters the system has no default for. */
  readonly required?: readonly string[];
  readonly build: (values: ReadonlyMap<string, number>) => RetryBudget;
}

const HUNDRED: Decimal = decimal(100n, 0);
const THOUSAND: Decimal = decimal(1000n, 0);

/** A percentage, "20" or "20%", from 0 to `most`. */
function percent(most: Decimal): (label: string, text: string) => number {
  return (label, text) => {
    const trimmed = text.trim().replace(/%$/, "");
    const value = readDecimal(label, trimmed, "a percentage such as 20 or 20%");
    if (compareDecimals(value, most) > 0) throw new UsageError(`${label} must be at most ${most.digits}%, got ${shown(text)}`);
    return exactDecimalNumber(label, text, value);
  };
}

function whole(least: number): (label: string, text: string) => number {
  return (label, text) => {
    const value = readWhole(label, text, "a whole number such as 5");
    if (value === null || value > 2 ** 32 - 1) throw new UsageError(`${label} must be at most ${2 ** 32 - 1}, got ${shown(text)}`);
    if (value < least) throw new UsageError(`${label} must be at least ${least}, got ${shown(text)}`);
    return value;
  };
}

/** gRFC A6: maxTokens in (0, 1000], tokenRatio above 0, up to 3 decimal places each. */
function tokens(most: Decimal | null): (label: string, text: string) => number {
  return (label, text) => {
    const value = readDecimal(label, text, "a number such as 10 or 0.1");
    if (value.scale > 3) throw new UsageError(`${label} has at most 3 decimal places in gRPC's service config, got ${shown(text)}`);
    if (value.digits === 0n) throw new UsageError(`${label} must be greater than 0, got ${shown(text)}`);
    if (most !== null && compareDecimals(value, most) > 0) throw new UsageError(`${label} must be at most ${most.digits}, got ${shown(text)}`);
    return exactDecimalNumber(label, text, value);
  };
}

/** Finagle's ttl: whole seconds from 1 to 60 (RetryBudget.apply requires it). */
function ttlSeconds(label: string, text: string): number {
  const ms = parseDuration(label, text);
  if (ms % 1000 !== 0 || ms < 1000 || ms > 60_000) throw new UsageError(`${label} must be a whole number of seconds from 1 s to 60 s (Finagle's ttl), got ${shown(text)}`);
  return ms / 1000;
}

/** Envoy's retry_budget.budget_interval (newer Envoy): a duration in whole ms, 0 (the default) for the requests active now. */
function budgetInterval(label: string, text: string): number {
  const ms = durationNumber(label, text, readDuration(label, text, true));
  if (!Number.isInteger(ms)) throw new UsageError(`${label} must be a whole number of milliseconds (Envoy keeps budget_interval in ms), got ${shown(text)}`);
  return ms;
}

const value = (values: ReadonlyMap<string, number>, key: string, fallback: number) => values.get(key) ?? fallback;

const FINAGLE: Omit<BudgetKind, "names"> = {
  parameters: [
    { key: "percent", read: percent(decimal(100000n, 0)) },
    { key: "min-per-second", read: whole(0) },
    { key: "ttl", read: ttlSeconds },
  ],
  build: (values) => ({
    kind: "finagle",
    percentCanRetry: value(values, "percent", FINAGLE_RETRY_BUDGET_DEFAULTS.percentCanRetry * 100) / 100,
    minRetriesPerSec: value(values, "min-per-second", FINAGLE_RETRY_BUDGET_DEFAULTS.minRetriesPerSec),
    ttlSeconds: value(values, "ttl", FINAGLE_RETRY_BUDGET_DEFAULTS.ttlSeconds),
  }),
};

const KINDS: readonly BudgetKind[] = [
  {
    names: ["envoy", "envoy-budget", "retry-budget"],
    parameters: [
      { key: "percent", read: percent(HUNDRED) },
      { key: "min", read: whole(0) },
      { key: "interval", read: budgetInterval },
    ],
    build: (values) => ({
      kind: "envoy-budget",
      budgetPercent: value(values, "percent", ENVOY_RETRY_BUDGET_DEFAULTS.budgetPercent),
      minRetryConcurrency: value(values, "min", ENVOY_RETRY_BUDGET_DEFAULTS.minRetryConcurrency),
      ...(values.has("interval") && values.get("interval")! > 0 ? { budgetIntervalMs: values.get("interval")! } : {}),
    }),
  },
  {
    names: ["envoy-max-retries", "max-retries", "breaker"],
    parameters: [{ key: "max", read: whole(0) }],
    build: (values) => ({ kind: "envoy-max-retries", maxRetries: value(values, "max", ENVOY_MAX_RETRIES_DEFAULT) }),
  },
  {
    names: ["grpc", "grpc-throttling", "retry-throttling"],
    parameters: [
      { key: "max-tokens", read: tokens(THOUSAND) },
      { key: "token-ratio", read: tokens(null) },
    ],
    required: ["max-tokens", "token-ratio"],
    build: (values) => ({ kind: "grpc-throttling", maxTokens: values.get("max-tokens")!, tokenRatio: values.get("token-ratio")! }),
  },
  {
    names: ["aws", "aws-quota", "retry-quota"],
    parameters: [
      { key: "tokens", read: whole(1) },
      { key: "cost", read: whole(1) },
    ],
    build: (values) => ({ kind: "aws-quota", tokens: value(values, "tokens", AWS_RETRY_QUOTA_DEFAULTS.tokens), cost: value(values, "cost", AWS_RETRY_QUOTA_DEFAULTS.cost) }),
  },
  { names: ["finagle"], ...FINAGLE },
  { names: ["linkerd"], ...FINAGLE },
  {
    names: ["ratio", "percent"],
    parameters: [{ key: "percent", read: percent(decimal(100000n, 0)) }],
    required: ["percent"],
    build: (values) => ({ kind: "ratio", percent: values.get("percent")! }),
  },
];

/** The parameter names each system uses too, read as ours: Envoy's, gRPC's, Finagle's, Linkerd's. */
const ALIASES: ReadonlyMap<string, string> = new Map(Object.entries({
  budgetpercent: "percent",
  minretryconcurrency: "min",
  budgetinterval: "interval",
  maxretries: "max",
  maxtokens: "max-tokens",
  tokenratio: "token-ratio",
  percentcanretry: "percent",
  retryratio: "percent",
  minretriespersec: "min-per-second",
  minretriespersecond: "min-per-second",
  minpersecond: "min-per-second",
}));

const folded = (text: string) => text.toLowerCase().replace(/[-_]/g, "");

export const BUDGET_NAMES: readonly string[] = ["none", ...KINDS.map((kind) => kind.names[0]!)];

/** A budget's parameter refused: its key as written, and whether the key itself or its value is wrong (a reader of a file places the message there). */
export class BudgetParameterError extends UsageError {
  constructor(
    message: string,
    readonly key: string,
    readonly part: "key" | "value",
  ) {
    super(message);
  }
}

/**
 * A budget from its kind and `key → value` texts; `label` begins every message ("istio@envoy").
 * "none" is no budget at all (it turns a library's default off).
 */
export function budgetFrom(kindName: string, pairs: ReadonlyArray<readonly [key: string, value: string]>, label: string): RetryBudget | null {
  const name = kindName.trim().toLowerCase();
  if (name === "none") {
    if (pairs.length > 0) throw new UsageError(`${label}: the budget "none" takes no parameters`);
    return null;
  }
  const kind = KINDS.find((candidate) => candidate.names.includes(name));
  if (kind === undefined) {
    throw new UsageError(`${label}: no budget ${shown(kindName)}${didYouMean(name, KINDS.flatMap((candidate) => candidate.names))} (budgets: ${BUDGET_NAMES.join(", ")})`);
  }
  const values = new Map<string, number>();
  for (const [rawKey, text] of pairs) {
    const key = ALIASES.get(folded(rawKey)) ?? kind.parameters.find((parameter) => folded(parameter.key) === folded(rawKey))?.key;
    const parameter = kind.parameters.find((candidate) => candidate.key === key);
    if (parameter === undefined) {
      const keys = kind.parameters.map((candidate) => candidate.key);
      const near = closest(rawKey, keys, new Map([...ALIASES].filter(([, meant]) => keys.includes(meant))));
      const takes = near === null ? `; it takes ${keys.join(", ")}` : `; did you mean ${near}? (it takes ${keys.join(", ")})`;
      throw new BudgetParameterError(`${label}: ${kind.names[0]} has no parameter ${shown(rawKey)}${takes}`, rawKey, "key");
    }
    if (values.has(parameter.key)) throw new BudgetParameterError(`${label}: ${parameter.key} is given twice`, rawKey, "key");
    try {
      values.set(parameter.key, parameter.read(`${label} ${parameter.key}`, text));
    } catch (error) {
      if (error instanceof UsageError) throw new BudgetParameterError(error.message, rawKey, "value");
      throw error;
    }
  }
  const absent = (kind.required ?? []).filter((key) => !values.has(key));
  if (absent.length > 0) {
    const example = kind.names[0] === "grpc" ? " (gRFC A6 sets no defaults; its example is max-tokens=10,token-ratio=0.1)" : "";
    throw new UsageError(`${label}: ${kind.names[0]} needs ${absent.join(" and ")}${example}`);
  }
  return kind.build(values);
}

/** A budget written as text: `envoy`, `aws:cost=5`, `grpc:max-tokens=10,token-ratio=0.1`. */
export function budgetFromText(text: string, label: string): RetryBudget | null {
  const colon = text.indexOf(":");
  const kind = colon < 0 ? text : text.slice(0, colon);
  if (kind.trim() === "") throw new UsageError(`${label}: no budget after "@"; write one of ${BUDGET_NAMES.join(", ")}`);
  const pairs: Array<readonly [string, string]> = [];
  if (colon >= 0) {
    for (const part of text.slice(colon + 1).split(",")) {
      const equals = part.indexOf("=");
      if (equals < 0 || part.slice(0, equals).trim() === "") throw new UsageError(`${label}: write the budget's parameters as key=value pairs separated by commas, got ${shown(part)}`);
      pairs.push([part.slice(0, equals).trim(), part.slice(equals + 1).trim()]);
    }
  }
  return budgetFrom(kind, pairs, label);
}
