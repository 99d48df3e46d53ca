import type { ChainReport } from "../chain/chain.js";
import type { ChainAssertion, ChainCheckResult, StackedRetries } from "../chain/check.js";
import { groupDigits } from "../text/digits.js";
import type { SwitchWords } from "./terms.js";

/** A chain's check as its reports need it (`check --config FILE` when FILE holds a chain): the check, and where the file's "chain" key is. */
export interface PlacedChainCheck {
  /** The config file's name, as the report's first line says it. */
  readonly name: string;
  /** Where its "chain" key is (1-based): the machine reports place the findings there. */
  readonly line: number;
  readonly column: number;
  readonly report: ChainReport;
  readonly result: ChainCheckResult;
  readonly strict: boolean;
  readonly exitCode: number;
  readonly words: SwitchWords;
}

/** The layers' names, outermost first: "aws-sdk, istio, resilience4j". */
export function layerNames(report: ChainReport): string {
  return report.layers.map((layer) => layer.layer.name).join(", ");
}

/** The chain as the machine reports name it: "chain (aws-sdk, istio, resilience4j)". */
export function chainWho(report: ChainReport): string {
  return `chain (${layerNames(report)})`;
}

/** "max-amplification 10". */
export function chainLimitText(a: ChainAssertion): string {
  return `${a.limit} ${groupDigits(a.limitValue)}`;
}

/** "27 calls reach the backend per call at the top when every call fails (3 × 3 × 3 tries)". */
export function amplificationDetail(report: ChainReport, a: ChainAssertion): string {
  const product = report.layers.map((layer) => groupDigits(layer.tries)).join(" × ");
  return `${groupDigits(a.actual)} calls reach the backend per call at the top when every call fails (${product} tries)`;
}

/** "layers 1, 2, 3 all retry; the AWS Builders' Library advises retrying at a single point in the stack". */
export function stackedRetriesText(w: StackedRetries): string {
  return `layers ${w.layers.map((k) => k + 1).join(", ")} all retry; the AWS Builders' Library advises retrying at a single point in the stack`;
}
