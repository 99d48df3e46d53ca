import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { htmlPageText, pageScript } from "../../../src/cli/shared/html-output.js";
import { VERSION } from "../../../src/cli/shared/version.js";
import { ROOT } from "../../support/paths.js";

// Run from source, the page script is the one the build wrote (global-setup builds dist/ first).

describe("pageScript", () => {
  it("the built dist/page-script.js", async () => {
    expect(await pageScript()).toBe(readFileSync(join(ROOT, "dist/page-script.js"), "utf8"));
  });
});

describe("htmlPageText", () => {
  it("a page naming this version as its generator, with the command line it shows", async () => {
    const page = await htmlPageText({
      kind: "schedule",
      title: "exponential · base 100 ms",
      command: "backoff --base 100 --attempts 2",
      summaryLines: ["Total wait after attempt 2: 300 ms."],
      scale: null,
      series: { name: "exponential · base 100 ms", rows: [], capMs: null, jittered: false, sampled: false },
      calculator: { strategy: "exponential", baseMs: 100, factor: 2, stepMs: 100, capMs: null, stepFollowsBase: true, lastAttempt: 2, note: null },
    });
    expect(page.startsWith("<!DOCTYPE html>") || page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toContain(`backoff ${VERSION}`);
    expect(page).toContain("backoff --base 100 --attempts 2");
  });
});
