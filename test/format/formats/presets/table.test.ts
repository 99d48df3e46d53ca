import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/presets/table.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import type { PresetDescription } from "../../../../src/core/preset.js";
import { DEMO, DEMO_RELEASE_2, DEMO_WITH_CONDITIONS, FOREVER, presetsOutput } from "../../../support/preset-descriptions.js";

// The presets for people: the list of test/support/preset-descriptions.ts's GROUPS, or one preset with
// its overrides by the CLI's flags (FLAGS), through the renderer on a pipe (no width) or at `width` columns.
// (Moved from test/format/preset-text.test.ts with presetListText and presetDetailText, now this file's.)
const listText = async (width: number | null = null) => renderedText(renderer.render(presetsOutput(null), plainContext(width)));
const detailText = async (preset: PresetDescription, width: number | null = null) => renderedText(renderer.render(presetsOutput(preset), plainContext(width)));
const FOOTER = "2 presets. backoff presets <name> prints one in full (formula, defaults, jitter, source); backoff --preset <name> shows its schedule.";

describe("the presets for people: the list", () => {
  it("names the older releases in the footer, NAME@VERSION each, where a preset has any (issue 39, item 4)", async () => {
    const versioned = { ...DEMO, versions: [DEMO_RELEASE_2] };
    const output = { ...presetsOutput(null), presets: [versioned], groups: [{ title: "Queues", entries: [{ preset: versioned, label: "2.4.1", phrase: "doubling from 1 s, 3 retries" }] }] };
    const text = await renderedText(renderer.render(output, plainContext(null)));
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      "1 presets. backoff presets <name> prints one in full (formula, defaults, jitter, source); backoff --preset <name> shows its schedule. Older releases that compute otherwise are presets too: demo@2 (backoff presets <name> says what changed).",
    );
  });

  it("a line per preset under its group's title: the name and label in columns, then the phrase; the footer", async () => {
    expect(await listText()).toBe(
      ["Queues", "  demo         2.4.1  doubling from 1 s, 3 retries", "", "Other", "  forever-lib  any    500 ms forever", "", FOOTER, ""].join("\n"),
    );
    // 60 columns leave 38 beside the 22 of name and label: the same lines.
    expect((await listText(60)).split("\n").slice(0, 5)).toEqual(["Queues", "  demo         2.4.1  doubling from 1 s, 3 retries", "", "Other", "  forever-lib  any    500 ms forever"]);
  });

  it("too narrow for the phrase beside them (under 24 columns left): the label and phrase on a line of their own", async () => {
    expect((await listText(40)).split("\n")).toEqual([
      "Queues",
      "  demo",
      "    2.4.1  doubling from 1 s, 3 retries",
      "",
      "Other",
      "  forever-lib",
      "    any  500 ms forever",
      "",
      "2 presets. backoff presets <name> prints",
      "one in full (formula, defaults, jitter,",
      "source); backoff --preset <name> shows",
      "its schedule.",
      "",
    ]);
  });
});

describe("the presets for people: one preset in full, its overrides by the CLI's flags", () => {
  it("everything about one preset, the overrides by flag, the quirks", async () => {
    expect((await detailText(DEMO)).split("\n")).toEqual([
      "demo: demo-retry 2.4.1",
      "source:   https://example.org/demo src/backoff.ts",
      "formula:  base * 2^(a-1)   (a = the attempt that has just failed, from 1)",
      "defaults: base 1 s",
      "jitter:   none",
      "retries by default: 3",
      "stopping: maxRetries 3",
      "Retry-After: not read",
      "overrides:",
      "  --base        delay",
      "  --jitter      randomize",
      "quirks:",
      "  - the first retry waits the base",
      "",
    ]);
  });

  it("no count: unlimited, with the attempts the schedule shows (or the preset's own note); no stopping line", async () => {
    const lines = (await detailText(FOREVER)).split("\n");
    expect(lines[5]).toBe("retries by default: unlimited (the schedule shows 10)");
    expect(lines.slice(6)).toEqual(["Retry-After: read", "overrides:", "quirks:", ""]);
    expect((await detailText({ ...FOREVER, retriesNote: "until the job's TTL" })).split("\n")[5]).toBe("retries by default: until the job's TTL");
  });

  it("fitted: at 60 columns a long value wraps under the value column, at 40 two spaces in", async () => {
    expect((await detailText(DEMO, 60)).split("\n").slice(1, 5)).toEqual([
      "source:   https://example.org/demo src/backoff.ts",
      "formula:  base * 2^(a-1)   (a = the attempt that has just",
      "          failed, from 1)",
      "defaults: base 1 s",
    ]);
    expect((await detailText(DEMO, 40)).split("\n").slice(1, 3)).toEqual(["source:   https://example.org/demo", "  src/backoff.ts"]);
  });
});

// Issue 41, item 2: `backoff presets NAME` shows the library's default conditions.
describe("a preset's default conditions", () => {

  it("a line after the retries, the overload signals first; nothing for a preset without them", async () => {
    const lines = (await detailText(DEMO_WITH_CONDITIONS)).split("\n");
    expect(lines).toContain("retries on 429, 504, connection failures (the demo's default: statusCodes 429, 503, 504); methods GET, PUT");
    expect((await detailText(DEMO))).not.toContain("retries on");
  });
});

describe("a preset's older releases (issue 39, item 4)", () => {

  it("presets NAME lists each as name@version, with what changed and its sources, after the quirks", async () => {
    const lines = (await detailText({ ...DEMO, versions: [DEMO_RELEASE_2] })).split("\n");
    expect(lines.slice(-4)).toEqual([
      `versions: ${DEMO.name} models the newest; older releases where what backoff computes differs:`,
      `  ${DEMO.name}@2: demo 2.x: no jitter.`,
      "    source: src/backoff.ts at v2.9.0",
      "",
    ]);
    expect((await detailText(DEMO))).not.toContain("versions:");
  });
});
