import { jitteredPolicyModel } from "../../src/core/jitter/index.js";
import type { Jitter } from "../../src/core/jitter/mode.js";
import { linearComparison, normalizePolicy, type PolicyInput } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import { type AttemptRange, scheduleRows } from "../../src/core/schedule.js";
import type { ScheduleOutput } from "../../src/format/renderer.js";
import { policyScheduleText } from "../../src/format/schedule-text.js";
import { seededRandom } from "./random.js";

/**
 * A schedule as the root command hands it to a renderer, for the calculator's own policy:
 * its real rows (worked by hand in each test), with the summary given as fixed lines and a
 * fixed JSON object so a renderer's test sees only what the renderer does with them.
 */
export function scheduleOutput(
  input: PolicyInput,
  range: AttemptRange,
  options: { readonly jitter?: Jitter; readonly seed?: number; readonly summaryLines?: readonly string[]; readonly summaryJson?: Record<string, unknown> } = {},
): ScheduleOutput {
  const policy = normalizePolicy(input);
  const jitter = options.jitter ?? { kind: "none" };
  const seed = options.seed ?? null;
  const model = jitteredPolicyModel(policy, jitter);
  const comparison = policyModel(linearComparison(policy));
  const rows = (at: AttemptRange = range) => scheduleRows(model, comparison, at, seed === null ? null : seededRandom(seed));
  return {
    model,
    comparison,
    range,
    seed,
    deadline: null,
    retryAfter: null,
    rows: rows(),
    freshRows: rows,
    summaryLines: () => options.summaryLines ?? ["Total wait: a summary line."],
    summaryJson: () => options.summaryJson ?? { total_ms: 0 },
    text: policyScheduleText(policy, range, jitter, seed),
    page: async () => {
      throw new Error("no page in these tests");
    },
  };
}
