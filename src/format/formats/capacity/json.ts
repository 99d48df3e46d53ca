import { type CapacityDescription, type CapacityReport, type CapacityVariant, WINDOW_COLUMNS, heldReport, three } from "../../herd/capacity.js";
import { jsonText } from "../../json-text.js";
import type { CapacityRenderer } from "../../renderer.js";

function setupJson(setup: CapacityDescription): Record<string, unknown> {
  return {
    rps: setup.rps,
    arrivals: setup.arrivals,
    capacity: three(setup.capacity),
    concurrency: setup.concurrency,
    service_ms: setup.serviceMs,
    queue: setup.queue,
    timeout_ms: Number.isFinite(setup.timeoutMs) ? setup.timeoutMs : null,
    outage: setup.outage === null ? null : { start_ms: setup.outage.startMs, end_ms: setup.outage.endMs, kind: setup.outage.kind },
    duration_ms: setup.durationMs,
    window_ms: setup.windowMs,
    retries: setup.retries,
    // Expected counts (--expected) draw nothing: no seed, and the method named instead.
    // figures: what every count is (issue 39, item 6), as the cohort's JSON says it: the flow model's expectation, or one run drawn with the seed.
    ...(setup.expected === true ? { method: "expected", figures: "expected" } : { seed: setup.seed, figures: setup.drawn === false ? "exact" : "sample" }),
  };
}

function variantJson(variant: CapacityVariant): Record<string, unknown> {
  const { totals, recovery, peakCalls, peakCallsAtMs } = variant.result;
  return {
    variant: variant.name,
    totals: {
      arrivals: totals.arrivals,
      calls: totals.calls,
      retries: totals.retries,
      succeeded: totals.succeeded,
      failed: totals.failed,
      outage_failures: totals.outageFailures,
      rejected: totals.rejected,
      timed_out: totals.timedOut,
      refused: totals.refused,
      denied: totals.denied,
      gave_up: totals.gaveUp,
      unfinished: totals.unfinished,
      denied_by: totals.deniedBy.map((d) => ({ limit: d.name, denied: d.denied })),
    },
    peak_calls: peakCalls,
    peak_calls_at_ms: peakCallsAtMs,
    // snake_case as every other key of the document (sinceOutageMs → since_outage_ms).
    recovery: Object.fromEntries(Object.entries(recovery).map(([key, value]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value])),
  };
}

/** One JSON document: the set-up, then the run's totals, verdict and windows, or each variant's. */
function capacityJson(report: CapacityReport): string {
  const body =
    report.kind === "compare"
      ? { model: "capacity", setup: setupJson(report.setup), variants: report.variants.map(variantJson) }
      : {
          model: "capacity",
          setup: setupJson(report.setup),
          ...variantJson(report.variant),
          windows: report.windows.map((w) => Object.fromEntries(WINDOW_COLUMNS.map((column) => [column.name, column.value(w)]))),
        };
  return jsonText(body) + "\n";
}

/** The capacity model as one JSON document: the set-up, the totals and verdict, then the windows (or each variant's). */
export const renderer: CapacityRenderer = {
  render: (output) => ({ pieces: [capacityJson(heldReport(output))] }),
};
