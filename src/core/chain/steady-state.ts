import { type MissingInput, type BudgetContext } from "./budgets/context.js";
import { budgetGrant } from "./budgets/budget.js";
import { weightedPowerSum } from "./geometric.js";
import { callOutcome } from "./granted.js";
import type { ChainLayer } from "./layer.js";

/** A layer in steady state under every budget of the chain. */
export interface SteadyLayer {
  /** The share of this layer's retries its budget lets through (1 without one). */
  readonly grant: number;
  /** The chance one try of this layer fails, and that a call to it does. */
  readonly tryFailure: number;
  readonly callFailure: number;
  /** Expected tries per call to this layer. */
  readonly triesPerCall: number;
  /** Expected calls this layer sends down per call at the top. */
  readonly callsSent: number;
  /** Calls per second entering this layer (null without a request rate). */
  readonly callsPerSecond: number | null;
  /** The mean time of one try of this layer (null without an attempt time). */
  readonly tryMs: number | null;
  /**
   * The mean time of one call to this layer, its tries and the waits of the retries that went
   * ahead (null without an attempt time): at a full outage, how long it takes to give up when
   * the budgets refuse what they refuse in steady state.
   */
  readonly callMs: number | null;
}

export type SteadyState =
  | { readonly kind: "solved"; readonly layers: readonly SteadyLayer[] }
  /** A budget needs an input that was not given (the request rate, the attempt time): layer indexes from 0. */
  | { readonly kind: "missing"; readonly missing: ReadonlyArray<{ readonly layer: number; readonly inputs: readonly MissingInput[] }> }
  /** The budgets' shares did not settle (never seen; reported rather than guessed). */
  | { readonly kind: "unsettled" };

export interface SteadyOptions {
  /** The chance a try at the bottom fails (1: a full outage). */
  readonly failureRate: number;
  /** Calls per second entering the top; null when not known. */
  readonly rps: number | null;
  /** How long a try at the bottom lasts (ms); null when not known. */
  readonly attemptMs: number | null;
}

const MAX_ROUNDS = 200;
/** From this round on, each share moves halfway to the budget's answer (damping, should two budgets pull against each other). */
const DAMPED_FROM = 50;
const SETTLED = 1e-13;

const bounded = (ms: number, timeoutMs: number | null) => (timeoutMs === null ? ms : Math.min(ms, timeoutMs));

/**
 * The chain in steady state with its budgets. Each budget answers, from what its layer sees
 * (how often its tries fail, how fast calls arrive, how long a try lasts), the share of the
 * retries it lets through; but each of those depends on the other budgets: budgets below
 * change how often a try fails and how long it lasts, budgets above how fast calls
 * arrive. So the shares are found together: start from every retry let through, work out
 * the chain (failures and try times from the bottom up, rates from the top down), ask every
 * budget again, until no share changes. A chain with one budget settles in the second
 * round. Times are means (Little's law): a per-try timeout bounds the mean try time.
 */
export function steadyState(layers: readonly ChainLayer[], options: SteadyOptions): SteadyState {
  const tries = layers.map((layer) => layer.retries + 1);
  const waited = layers.map((layer) => (x: number) => weightedPowerSum(x, layer.retries, (i) => layer.model.meanMs(i), layer.model.steadyFrom()));
  let grants = layers.map(() => 1);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const state = chainAt(layers, tries, waited, grants, options);
    const next = [...grants];
    const missing: Array<{ layer: number; inputs: readonly MissingInput[] }> = [];
    layers.forEach((layer, k) => {
      if (layer.budget === null) return;
      const answer = budgetGrant(layer.budget, contextOf(state[k]!, tries[k]!, waited[k]!));
      if (answer.grant === null) missing.push({ layer: k, inputs: answer.missing });
      else next[k] = answer.grant;
    });
    if (missing.length > 0) return { kind: "missing", missing };
    if (next.every((grant, k) => Math.abs(grant - grants[k]!) <= SETTLED)) return { kind: "solved", layers: chainAt(layers, tries, waited, next, options) };
    grants = round < DAMPED_FROM ? next : next.map((grant, k) => (grant + grants[k]!) / 2);
  }
  return { kind: "unsettled" };
}

function contextOf(layer: SteadyLayer, tries: number, waitedMs: (x: number) => number): BudgetContext {
  return { tries, tryFailure: layer.tryFailure, callsPerSecond: layer.callsPerSecond, tryMs: layer.tryMs, waitedMs };
}

/** The chain under fixed shares: failures and mean try times from the bottom up, rates and calls from the top down. */
function chainAt(layers: readonly ChainLayer[], tries: readonly number[], waited: ReadonlyArray<(x: number) => number>, grants: readonly number[], options: SteadyOptions): SteadyLayer[] {
  const n = layers.length;
  const below = new Array<{ tryFailure: number; callFailure: number; triesPerCall: number; tryMs: number | null; callMs: number | null }>(n);
  let failure = options.failureRate;
  let innerMs = options.attemptMs;
  for (let k = n - 1; k >= 0; k--) {
    const layer = layers[k]!;
    const outcome = callOutcome(tries[k]!, failure, grants[k]!);
    const tryMs = innerMs === null ? null : bounded(innerMs, layer.tryTimeoutMs);
    // A call lasts its tries and the waits before the retries that went ahead.
    innerMs = tryMs === null ? null : outcome.tries * tryMs + waited[k]!(failure * grants[k]!);
    below[k] = { tryFailure: failure, callFailure: outcome.failure, triesPerCall: outcome.tries, tryMs, callMs: innerMs };
    failure = outcome.failure;
  }
  let sent = 1;
  let rate = options.rps;
  return below.map((layer, k) => {
    const callsPerSecond = rate;
    sent *= layer.triesPerCall;
    rate = rate === null ? null : rate * layer.triesPerCall;
    return { grant: grants[k]!, ...layer, callsSent: sent, callsPerSecond };
  });
}
