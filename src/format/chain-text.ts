import type { ChainReport } from "../core/chain/chain.js";
import type { MissingInput } from "../core/chain/budgets/context.js";
import type { TimeSpan } from "../core/chain/give-up.js";
import type { ChainVerdict } from "../core/chain/verdicts.js";
import { budgetText } from "./chain-budget.js";
import { callsText } from "./chain.js";
import { humanDuration } from "../core/text/duration.js";
import { rangeText } from "./duration.js";
import { groupDigits } from "../core/text/digits.js";
import { ratioText } from "./numbers.js";
import { conditionTexts } from "../core/conditions/condition.js";

// The sentences under `backoff chain`'s table (and its Markdown): what reaches the backend,
// in what units, what the budgets do, when the top gives up, and the verdicts.

const OPTION_OF: Record<MissingInput, string> = { rps: "--rps", "attempt-time": "--attempt-time" };

const percentText = (share: number) => `${ratioText(share * 100)}%`;
const layerList = (layers: readonly number[]) => layers.map((k) => String(k + 1)).join(", ");

function spanText(span: TimeSpan): string {
  const range = spanRange(span);
  return span.minMs === span.maxMs ? range : `${range} under jitter`;
}

/** A time, or its range under jitter when the two ends read differently (2,000 and 2,024 ms are both "2 s"). */
export function spanRange(span: TimeSpan): string {
  if (span.minMs === span.maxMs) return humanDuration(span.nominalMs);
  const low = humanDuration(span.minMs);
  const high = humanDuration(span.maxMs);
  return low === high ? low : rangeText(span.minMs, span.maxMs);
}

/** "1 call", "1.003 calls", "243 calls". */
function callsPhrase(calls: number): string {
  const text = callsText(calls);
  return `${text} ${text === "1" ? "call" : "calls"}`;
}

export function verdictText(verdict: ChainVerdict, report: ChainReport): string {
  switch (verdict.kind) {
    case "stacked-retries":
      return `More than one layer retries (layers ${layerList(verdict.layers)}): the AWS Builders' Library advises retrying at a single point in the stack.`;
    case "single-retry-point":
      return `Only layer ${verdict.layer + 1} retries: a single retry point.`;
    case "no-retries":
      return "No layer retries.";
    case "budget-binds": {
      const budget = report.layers[verdict.layer]!.layer.budget!;
      return `The budget that binds: layer ${verdict.layer + 1}'s ${budgetText(budget)}, ${callsText(verdict.triesWithout)} → ${callsText(verdict.triesWith)} tries per call.`;
    }
    case "no-budget-binds":
      return "No budget binds at this failure rate.";
  }
}

function budgetLines(report: ChainReport): string[] {
  const needs = new Map(report.steady.kind === "missing" ? report.steady.missing.map((entry) => [entry.layer, entry.inputs] as const) : []);
  const lines: string[] = [];
  report.layers.forEach((layer, k) => {
    const budget = layer.layer.budget;
    if (budget === null) return;
    const parts: string[] = [];
    const bucket = layer.budget!.fullBucketRetries;
    if (bucket !== null) parts.push(`a full bucket allows ${groupDigits(bucket)} ${bucket === 1 ? "retry" : "retries"} at a full outage`);
    const need = needs.get(k);
    if (need !== undefined) parts.push(`its steady state needs ${need.map((input) => OPTION_OF[input]).join(" and ")}`);
    else if (layer.limited !== null) parts.push(`in steady state it lets ${layer.limited.grant === 1 ? "every retry" : `${percentText(layer.limited.grant)} of the retries`} through`);
    lines.push(`Layer ${k + 1}: ${budgetText(budget)}${layer.layer.budgetByDefault ? ", the library's default" : ""}: ${parts.join("; ")}.`);
  });
  if (report.steady.kind === "unsettled") lines.push("The budgets' steady state did not settle; no figure is given for it.");
  return lines;
}

/**
 * Which layers retry the failure --failure names: "With 503 Service Unavailable at the
 * bottom: layer 1 retries it (5xx); layer 2 does not (it retries on connection failures):
 * one try, passing it up; …". Null without --failure.
 */
function failureLine(report: ChainReport): string | null {
  const failure = report.options.failure;
  if (failure === undefined || failure === null) return null;
  const parts = report.layers.map((layer, k) => {
    const retried = layer.retried!;
    switch (retried.retried) {
      case "yes":
        return `layer ${k + 1} retries it (${retried.by})`;
      case "no": {
        const on = conditionTexts(layer.layer.retryOn!);
        return `layer ${k + 1} does not (it retries on ${on.length === 0 ? "no condition" : on.join(", ")}): one try, passing it up`;
      }
      case "assumed":
        return `layer ${k + 1} is counted as retrying it (${retried.why})`;
    }
  });
  return `With ${failure.text} at the bottom: ${parts.join("; ")}.`;
}

/** The lines under the table. */
export function chainSummaryLines(report: ChainReport): string[] {
  const lines: string[] = [];
  const { bottom, options } = report;
  const product = report.layers.map((layer) => groupDigits(layer.tries)).join(" × ");
  const failing = options.failure === undefined || options.failure === null ? "" : ` with ${options.failure.text}`;
  lines.push(`${callsText(bottom.worstCase)} ${bottom.worstCase === 1n ? "call reaches" : "calls reach"} the backend for each call at the top when every call fails${failing}: ${product} ${report.layers.length === 1 && report.layers[0]!.tries === 1 ? "try" : "tries"}.`);
  const retried = failureLine(report);
  if (retried !== null) lines.push(retried);
  const retrying = report.layers.find((layer) => layer.retries > 0);
  if (retrying !== undefined) {
    lines.push(`Counted in tries, 1 + retries: a layer that retries ${groupDigits(retrying.retries)} ${retrying.retries === 1 ? "time" : "times"} makes ${groupDigits(retrying.tries)} tries.`);
  }
  if (options.failureRate < 1) {
    lines.push(`At a failure rate of ${percentText(options.failureRate)} (each try at the bottom failing on its own): ${callsPhrase(bottom.expected)} expected at the backend.`);
  }
  lines.push(...budgetLines(report));
  if (bottom.limited !== null && report.layers.some((layer) => layer.layer.budget !== null)) {
    lines.push(`With the budgets, in steady state: ${callsPhrase(bottom.limited)} at the backend.`);
  }
  const top = report.layers[0]!.giveUp;
  const instant = options.attemptMs === null ? ", counting each try at the bottom as instant (give --attempt-time)" : "";
  const budgeted = report.layers.some((layer) => layer.layer.budget !== null);
  const refused = report.layers.some((layer) => layer.limited !== null && layer.limited.grant < 1);
  const topCall = report.layers[0]!.limited?.callMs ?? null;
  if (budgeted && refused && topCall !== null) {
    // The give-up time lets every retry through; a budget that refuses some makes calls shorter.
    const mean = humanDuration(Math.round(topCall));
    const outage = options.failureRate === 1 ? "gives up" : "takes";
    lines.push(`When every retry goes ahead the top gives up after ${spanText(top.giveUp)}; with the budgets, in steady state, a call at the top ${outage} after ${mean} on average.`);
  } else {
    lines.push(`The top gives up after ${spanText(top.giveUp)}${instant}.`);
  }
  report.layers.forEach((layer, k) => {
    if (layer.giveUp.cutByTimeout) lines.push(`Layer ${k + 1}'s per-try timeout (${humanDuration(layer.layer.tryTimeoutMs!)}) ends its tries before the layer below gives up.`);
  });
  lines.push(...report.verdicts.map((verdict) => verdictText(verdict, report)));
  return lines;
}
