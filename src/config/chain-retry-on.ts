import { UsageError, shown } from "./errors.js";
import type { Condition, RetryOn } from "../core/conditions/condition.js";
import { FAILURE_KINDS, findFailureKind } from "../core/chain/failure.js";

// What a chain layer retries on when the chain names it (issue 41, item 5): a SPEC's
// retry-on=connection+502 (chain-layer-spec.ts), a config layer's "retry-on"
// (chain-config.ts), read into the conditions' vocabulary (core/conditions/condition.ts)
// that `chain --failure` matches against.

/** The words retry-on takes beside the failures' names: every 5xx, every error, nothing. */
const RETRY_ON_WORDS: Readonly<Record<string, Condition | null>> = { "5xx": { kind: "5xx" }, every: { kind: "every-error" }, none: null };

/** What retry-on= takes, for its messages: the failures' names, 5xx, every, none. */
export const RETRY_ON_NAMES = [...FAILURE_KINDS.map((kind) => kind.name), ...Object.keys(RETRY_ON_WORDS)];

/**
 * A layer's conditions as a chain names them (a SPEC's retry-on=connection+502+504, a
 * config layer's "retry-on"): the failures --failure takes (core/chain/failure.ts, aliases
 * too), 5xx (every 5xx, 503 among them), every (every error) or none (nothing: the layer
 * passes every failure on).
 */
export function retryOnFromNames(names: readonly string[], label: string): RetryOn {
  const conditions: Condition[] = [];
  for (const name of names) {
    const word = name.trim().toLowerCase();
    const kind = findFailureKind(word);
    if (kind !== undefined) conditions.push(kind.condition);
    else if (Object.hasOwn(RETRY_ON_WORDS, word)) {
      const condition = RETRY_ON_WORDS[word]!;
      if (condition !== null) conditions.push(condition);
      else if (names.length > 1) throw new UsageError(`${label}: retry-on none stands alone`);
    } else throw new UsageError(`${label}: retry-on takes ${RETRY_ON_NAMES.join(", ")}; got ${shown(name.trim())}`);
  }
  return { words: names.map((name) => name.trim()), from: "retry-on", isDefault: false, conditions };
}
