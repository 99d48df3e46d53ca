import { overloadSignals, retriesEverything } from "../conditions/condition.js";
import type { Finding, PolicyRef } from "./finding.js";
import type { Location } from "./location.js";
import { humanDuration } from "../text/duration.js";
import { type FilePolicyReport, retriesForever } from "./policy.js";
import { deadlineName } from "./words.js";
import { RETRIES_EVERYTHING_RULE, RETRIES_OVERLOAD_RULE } from "./rules.js";

/**
 * Whether a retry budget governs a policy: a retry_budget (Envoy) or retryBudget (Istio) on
 * its destination that nothing overrides (config/tree/limit-matching.ts matched it), or one
 * its own configuration sets (gRPC's retryThrottling, a Linkerd budget). A circuit breaker's
 * max_retries caps retries in flight, not their share of the traffic: no budget.
 */
export function budgetOf(p: Pick<FilePolicyReport, "limits" | "retryOn">): string | null {
  const budget = (p.limits ?? []).find((l) => l.kind === "retry-budget" && l.overridden === undefined);
  if (budget !== undefined) return `${budget.source}'s retry budget`;
  return p.retryOn?.budget ?? null;
}

/** "(retryOn: connect-failure, unavailable, gateway-error)": where the conditions come from. */
function fromText(p: FilePolicyReport): string {
  const on = p.retryOn!;
  return on.words.length === 0 ? on.from : `${on.from}: ${on.words.join(", ")}`;
}

/**
 * The findings of what a policy retries on, each a warning at its place: retries-overload
 * when it retries an overload signal (503, 429, RESOURCE_EXHAUSTED, a throttling error) and no
 * retry budget governs it, unless it honours Retry-After and its only signal is 429;
 * retries-everything when it retries every error and the file could say otherwise (not where the
 * system fixes the conditions, as Knative's SelectiveRetry and Lambda's retries do: a warning on
 * every such file, with nothing in it to change, would only teach people to ignore the rule). The
 * message names the fix, in the file's keys.
 */
export function conditionFindings(p: FilePolicyReport, location: Location, policy: PolicyRef): Finding[] {
  const on = p.retryOn;
  if (on === undefined) return [];
  const findings: Finding[] = [];
  const levers = on.levers;
  const signals = overloadSignals(on);
  // A policy that retries forever (Argo without a limit) has no count to give: the attempts its rows were drawn to are not its.
  const forever = retriesForever(p);
  // Unless a deadline ends every run (the workflow's activeDeadlineSeconds): then it is tried until that.
  const endless = forever && p.result.worstTotalMs !== null ? `again and again until ${deadlineName(p.timeouts)} ends it, ${humanDuration(p.result.worstTotalMs)} at worst` : "again and again, without end";
  const honoured = on.retryAfter !== undefined && signals.every((s) => s === "429");
  if (signals.length > 0 && !honoured && budgetOf(p) === null) {
    const narrow = levers === undefined ? "retry 502, 504 and connection failures only" : (levers.narrow ?? `retry 502, 504 and connection failures only (${levers.conditions})`);
    const budget = levers?.budget === null || levers === undefined ? "" : `, or add a retry budget (${levers.budget})`;
    const message =
      `retries ${signals.join(", ")} (${fromText(p)}) and no retry budget governs it: a service that answers ${signals.length === 1 ? "this" : "these"} is overloaded, ` +
      `and each retry adds to its load (${forever ? `without a count: it retries ${endless}` : `${p.attempts + 1} times the traffic at worst`}); ${narrow}${budget}`;
    findings.push({ rule: RETRIES_OVERLOAD_RULE, kind: "lint", level: "warning", location, policy, message });
  }
  if (retriesEverything(on) && levers?.fixed !== true) {
    const fix = levers === undefined ? "retry only the errors that are transient" : `retry only the errors that are transient (${levers.conditions})`;
    const message = `retries every error (${fromText(p)}), permanent failures too: a request that cannot succeed is tried ${forever ? endless : `${p.attempts + 1} times`}; ${fix}`;
    findings.push({ rule: RETRIES_EVERYTHING_RULE, kind: "lint", level: "warning", location, policy, message });
  }
  return findings;
}
