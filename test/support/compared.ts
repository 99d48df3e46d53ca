import { type ComparedPolicy, type ComparedStop, compareSummary } from "../../src/core/compare.js";
import { jitteredPolicyModel } from "../../src/core/jitter/index.js";
import { normalizePolicy, type PolicyInput } from "../../src/core/policy.js";
import type { AttemptRange } from "../../src/core/schedule.js";
import type { CompareOutput } from "../../src/format/renderer.js";

/**
 * Policies of a comparison as `backoff compare` hands them to its renderers, on the
 * calculator's own models (their rows worked by hand in each test), with hand-set names and
 * stopping rules.
 */

const count = (retries: number, words: string | null = null): ComparedStop => ({ kind: "count", retries, words });

export function compared(name: string, input: PolicyInput, range: AttemptRange | null, stop: ComparedStop, jitter: "none" | "full" = "none"): ComparedPolicy {
  return { name, model: jitteredPolicyModel(normalizePolicy(input), { kind: jitter }), range, stop };
}

/** 2 s every time, attempts 1..3, gives up after 3 retries: 2000, 4000, 6000 ms in all. */
export const FIXED = compared("fixed:base=2s", { strategy: "fixed", baseMs: 2000 }, { first: 1, last: 3 }, count(3));
/** Doubling from 1 s, capped at 10 s, attempts 1..3 shown of its 5 retries: 1 + 2 + 4 + 8 + 10 = 25 s in all. */
export const DOUBLING = compared("exponential:cap=10s", { baseMs: 1000, capMs: 10_000 }, { first: 1, last: 3 }, count(5));
/** Doubling from 1 s with full jitter, 2 retries: un-jittered 1 s + 2 s = 3 s, every run between 0 and 3 s. */
export const JITTERED = compared("full-jitter", { baseMs: 1000, capMs: 10_000 }, { first: 1, last: 2 }, count(2), "full");
/** Retries forever (attempts 1..2 shown). */
export const FOREVER = compared("forever", { strategy: "fixed", baseMs: 500 }, { first: 1, last: 2 }, { kind: "forever", words: "connection backoff never gives up" });
/** Makes no retry: no rows. */
export const NO_RETRY = compared("none", { strategy: "fixed", baseMs: 1000 }, null, count(0, "attempts: 1, no retries"));

/** The compare output of these policies, described by their names alone. */
export function compareOutput(policies: readonly ComparedPolicy[], extra: Partial<CompareOutput> = {}): CompareOutput {
  return {
    policies,
    described: policies.map((policy) => ({ name: policy.name, description: { spec: policy.name } })),
    title: "backoff compare",
    summary: () => compareSummary(policies),
    commandLine: async () => "backoff compare",
    ...extra,
  };
}
