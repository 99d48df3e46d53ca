import type { AttemptRange } from "../../core/schedule.js";
import { groupDigits } from "../../core/text/digits.js";
import { type ComparePage, MAX_PAGE_ATTEMPTS, type SchedulePage, renderHtmlPage } from "../../format/html/page.js";
import { UsageError } from "./errors.js";
import { VERSION } from "./version.js";

// `--format html`: the page renderer (src/format/html) with the bundled page script.
// Built into dist/page.cjs, loaded only when a page is written (scripts/build.js).

/** The page script as scripts/build.js bundles it: inlined into dist/page.cjs at build time. */
declare const BACKOFF_PAGE_SCRIPT: string | undefined;

/** The page script: the inlined copy, or (running from source, as the tests do) the one the build wrote. */
export async function pageScript(): Promise<string> {
  if (typeof BACKOFF_PAGE_SCRIPT === "string") return BACKOFF_PAGE_SCRIPT;
  const { readFile } = await import("node:fs/promises");
  try {
    return await readFile(new URL("../../../dist/page-script.js", import.meta.url), "utf8");
  } catch {
    throw new Error("the page script is not built; run `node scripts/build.js` first");
  }
}

/** A page draws every attempt as a point: beyond MAX_PAGE_ATTEMPTS they would merge into a smear, and the page grow past what opens quickly. */
export function checkPageRange(ranges: readonly AttemptRange[], option: string): void {
  const first = Math.min(...ranges.map((range) => range.first));
  const last = Math.max(...ranges.map((range) => range.last));
  const count = last - first + 1;
  if (count > MAX_PAGE_ATTEMPTS) {
    throw new UsageError(
      `${option} draws at most ${groupDigits(MAX_PAGE_ATTEMPTS)} attempts, got ${groupDigits(count)}; use --format csv (or tsv, json, markdown), which stream any range`,
    );
  }
}

// The command line a page shows, loaded with the page writer rather than at every start.
export { commandLine, presetArguments, scheduleArguments } from "../../format/command-line.js";

type WithoutGenerator<T> = Omit<T, "generator">;

export async function schedulePageText(page: WithoutGenerator<SchedulePage>): Promise<string> {
  return renderHtmlPage({ ...page, generator: `backoff ${VERSION}` }, await pageScript());
}

export async function comparePageText(page: WithoutGenerator<ComparePage>): Promise<string> {
  return renderHtmlPage({ ...page, generator: `backoff ${VERSION}` }, await pageScript());
}
