import { OCC_COLUMNS, type OccReport } from "../../herd/occ.js";
import { jsonText } from "../../json-text.js";
import type { OccRenderer } from "../../renderer.js";

/** One JSON document: the experiment's set-up, then one row per client count and mode under the CSV's names. */
function occJson(report: OccReport): string {
  return (
    jsonText({
      model: "occ",
      experiment: {
        network_mean_ms: report.network.meanMs,
        network_sd_ms: report.network.sdMs,
        base_ms: report.baseMs,
        cap_ms: report.capMs,
        runs: report.runs,
        seed: report.seed,
      },
      rows: report.rows.map((row) => Object.fromEntries(OCC_COLUMNS.map((column) => [column.name, column.value(row)]))),
    }) + "\n"
  );
}

/** The AWS experiment as one JSON document: the set-up, then one row per client count and mode. */
export const renderer: OccRenderer = {
  render: (report) => ({ pieces: [occJson(report)] }),
};
