import { budgetFromText } from "./chain-budget-spec.js";
import type { GivenBudget } from "./chain-config.js";
import { UsageError, shown } from "./errors.js";
import { parseSpec } from "./policy-spec.js";
import type { RetryOn } from "../core/conditions/condition.js";
import { retryOnFromNames } from "./chain-retry-on.js";

// One SPEC of `backoff chain` (or of a config's chain layer) read from its text: the policy's
// SPEC, as `compare` reads one, and a budget after "@" (istio@envoy, aws-sdk@aws:cost=5,
// aws-sdk@none). Building the layer with the presets is the CLI's (cli/shared/chain-layers.ts).

/** A chain layer's SPEC read into what building the layer needs. */
export interface LayerSpec {
  /** The layer's name: the SPEC as written, trimmed. */
  readonly name: string;
  /** What its messages begin with: `chain "istio@envoy"`. */
  readonly label: string;
  /** The policy's SPEC to build (the text before the budget's "@"); attempts=0 written as attempts=1. */
  readonly policy: string;
  /** Whether the SPEC sets attempts (a strategy's count). */
  readonly attemptsGiven: boolean;
  /** attempts=0: a layer that passes each call on once. The schedule has no attempt 0, so the policy is built with one retry, never made. */
  readonly noRetries: boolean;
  /** The budget after "@" (a null budget: "none"), or null when the SPEC names none. */
  readonly given: GivenBudget | null;
  /** What the layer retries on when the SPEC says (retry-on=connection+502), else its preset's default, or not known. */
  readonly retryOn?: RetryOn;
}

/** A chain layer's SPEC; a bad budget or SPEC is refused as a UsageError after the label. */
export function readLayerSpec(text: string, command = "chain"): LayerSpec {
  const at = text.search(/@(?!\d)/); // a budget's "@"; a version's (grpc-retry@1.68) is followed by a digit
  const specText = at < 0 ? text : text.slice(0, at);
  const label = `${command} ${shown(text.trim())}`;
  const given = at < 0 ? null : { budget: budgetFromText(text.slice(at + 1), label) };
  const { policyText, retryOn } = withoutRetryOn(specText, label);
  const spec = parseSpec(policyText, command);
  const noRetries = spec.pairs.some(([key, value]) => key === "attempts" && value === "0");
  return {
    name: text.trim(),
    label,
    policy: noRetries ? withOneRetry(spec.text) : policyText,
    attemptsGiven: spec.pairs.some(([key]) => key === "attempts"),
    noRetries,
    given,
    ...(retryOn === null ? {} : { retryOn }),
  };
}

/** The SPEC without its retry-on=… pair (the chain's, not the policy's: names joined by "+"), and what it says. */
function withoutRetryOn(text: string, label: string): { policyText: string; retryOn: RetryOn | null } {
  const colon = text.indexOf(":");
  if (colon < 0) return { policyText: text, retryOn: null };
  const parts = text.slice(colon + 1).split(",");
  const found = parts.filter((part) => /^\s*retry-on\s*=/.test(part));
  if (found.length === 0) return { policyText: text, retryOn: null };
  if (found.length > 1) throw new UsageError(`${label}: retry-on is given twice`);
  const value = found[0]!.slice(found[0]!.indexOf("=") + 1);
  if (value.trim() === "") throw new UsageError(`${label}: retry-on needs a value, such as retry-on=connection+502+504`);
  const rest = parts.filter((part) => !found.includes(part));
  return { policyText: rest.length === 0 ? text.slice(0, colon) : `${text.slice(0, colon + 1)}${rest.join(",")}`, retryOn: retryOnFromNames(value.split("+"), label) };
}

/** The SPEC with attempts=0 written as attempts=1 (only to build a model whose waits are never used). */
function withOneRetry(text: string): string {
  const colon = text.indexOf(":");
  return `${text.slice(0, colon + 1)}${text
    .slice(colon + 1)
    .split(",")
    .map((part) => (/^\s*attempts\s*=\s*0\s*$/.test(part) ? "attempts=1" : part))
    .join(",")}`;
}
