import type { ChainReport } from "../../../core/chain/chain.js";
import type { TimeSpan } from "../../../core/chain/give-up.js";
import type { SteadyState } from "../../../core/chain/steady-state.js";
import type { ChainVerdict } from "../../../core/chain/verdicts.js";
import { budgetJson } from "../../chain-budget.js";
import { EXPECTED_DIGITS, countValue, expectedNumber, solvedNumber } from "../../chain.js";
import { jsonText } from "../../json-text.js";
import { msJson } from "../../numbers.js";
import type { Renderers } from "../../renderer.js";

function steadyJson(steady: SteadyState): Record<string, unknown> {
  switch (steady.kind) {
    case "solved":
      return { solved: true };
    case "missing":
      return { solved: false, needs: steady.missing.map((entry) => ({ layer: entry.layer + 1, inputs: entry.inputs })) };
    case "unsettled":
      return { solved: false, unsettled: true };
  }
}

/** A verdict for JSON, its layers counted from 1 as everywhere else. */
function verdictJson(verdict: ChainVerdict): Record<string, unknown> {
  switch (verdict.kind) {
    case "stacked-retries":
      return { kind: verdict.kind, layers: verdict.layers.map((k) => k + 1) };
    case "single-retry-point":
      return { kind: verdict.kind, layer: verdict.layer + 1 };
    case "budget-binds":
      return { kind: verdict.kind, layer: verdict.layer + 1, tries_per_call_without: verdict.triesWithout, tries_per_call_with: verdict.triesWith };
    default:
      return { kind: verdict.kind };
  }
}

function giveUpJson(span: TimeSpan): Record<string, unknown> {
  return { give_up_ms: msJson(span.nominalMs), give_up_min_ms: msJson(span.minMs), give_up_max_ms: msJson(span.maxMs) };
}

/**
 * Whether a layer retries the failure --failure names: null without one; else yes (and the
 * condition that retries it), no (and the retries its policy would make), or assumed (why
 * it is counted as retrying).
 */
function retriedJson(layer: ChainReport["layers"][number]): Record<string, unknown> | null {
  const retried = layer.retried;
  if (retried === null) return null;
  switch (retried.retried) {
    case "yes":
      return { retried: "yes", by: retried.by };
    case "no":
      return { retried: "no", policy_retries: layer.layer.retries };
    case "assumed":
      return { retried: "assumed", why: retried.why };
  }
}

/** The inputs, every layer, the total, whether the budgets could be worked out, and the verdicts. */
function chainJson(report: ChainReport): string {
  const { options } = report;
  const value = {
    counting: "tries = 1 + retries; calls per call entering the top",
    failure_rate: options.failureRate,
    rps: options.rps,
    attempt_time_ms: options.attemptMs,
    failure: options.failure === undefined || options.failure === null ? null : { name: options.failure.name, text: options.failure.text },
    layers: report.layers.map((layer, k) => ({
      layer: k + 1,
      policy: layer.layer.name,
      tries: layer.tries,
      retries: layer.retries,
      worst_case_calls: countValue(layer.worstCaseCalls, EXPECTED_DIGITS),
      expected_calls: expectedNumber(layer.expected.callsSent),
      call_failure: expectedNumber(layer.expected.callFailure),
      budget:
        layer.layer.budget === null
          ? null
          : { ...budgetJson(layer.layer.budget), by_default: layer.layer.budgetByDefault === true, binds: layer.budget!.binds, full_bucket_retries: layer.budget!.fullBucketRetries, grant: solvedNumber(layer.limited?.grant ?? null) },
      budget_limited_calls: solvedNumber(layer.limited?.callsSent ?? null),
      per_try_timeout_ms: layer.layer.tryTimeoutMs,
      ...giveUpJson(layer.giveUp.giveUp),
      retried: retriedJson(layer),
    })),
    total: {
      worst_case_calls: countValue(report.bottom.worstCase, EXPECTED_DIGITS),
      expected_calls: expectedNumber(report.bottom.expected),
      budget_limited_calls: solvedNumber(report.bottom.limited),
      ...giveUpJson(report.layers[0]!.giveUp.giveUp),
    },
    budgets: steadyJson(report.steady),
    verdicts: report.verdicts.map(verdictJson),
  };
  return `${jsonText(value, 2)}\n`;
}

/** The chain as one JSON document: the inputs, every layer, the total, the budgets' state and the verdicts. */
export const renderer: Renderers["chain"] = {
  render: ({ report }) => ({ pieces: [chainJson(report)] }),
};
