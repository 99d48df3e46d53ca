import { type ComparePage, type SchedulePage, renderHtmlPage } from "../../format/html/page.js";
import { VERSION } from "./version.js";

// `--format html`: the page renderer (src/format/html) with the bundled page script.
// Bundled into dist/commands.cjs, loaded only when a page is written (scripts/build.js).

/** The page script as scripts/build.js bundles it: inlined into dist/commands.cjs at build time. */
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

// The command line a page shows, loaded with the page writer rather than at every start.
export { commandLine, presetArguments, scheduleArguments } from "../../format/command-line.js";

/** A page (the renderers' RenderContext.htmlPage): the page script bundled, and this version as its generator. */
export async function htmlPageText(page: Omit<SchedulePage, "generator"> | Omit<ComparePage, "generator">): Promise<string> {
  return renderHtmlPage({ ...page, generator: `backoff ${VERSION}` } as SchedulePage | ComparePage, await pageScript());
}
