import { describe, expect, it } from "vitest";
import { offeredText, presetDetailText, presetJson, presetListText, presetVersion } from "../../src/format/preset-text.js";
import { DEMO, FLAGS, FOREVER, GROUPS, STOPPING } from "../support/preset-descriptions.js";

const FOOTER = "2 presets. backoff presets <name> prints one in full (formula, defaults, jitter, source); backoff --preset <name> shows its schedule.";

describe("offeredText and presetVersion", () => {
  it("the overrides a preset takes, by the caller's flags and the library's names", () => {
    expect(offeredText(DEMO, FLAGS)).toBe("--base (delay), --jitter (randomize)");
    expect(offeredText(FOREVER, FLAGS)).toBe("no overrides");
  });

  it("the version the library line names", () => {
    expect(presetVersion(DEMO)).toBe("2.4.1");
    expect(presetVersion({ ...DEMO, library: "sidekiq 8.x" })).toBe("8.x");
    expect(presetVersion({ ...DEMO, library: "bullmq 6.7" })).toBe("6.7");
    expect(presetVersion(FOREVER)).toBeNull();
  });
});

describe("presetJson", () => {
  it("every field, the parameters keyed by the caller's flags", () => {
    expect(presetJson(DEMO, STOPPING["demo"]!, FLAGS)).toEqual({
      name: "demo",
      library: "demo-retry 2.4.1",
      version: "2.4.1",
      repository: "https://example.org/demo",
      source: "src/backoff.ts",
      formula: "base * 2^(a-1)",
      defaults: "base 1 s",
      default_retries: 3,
      stopping: STOPPING["demo"],
      default_attempts_shown: 3,
      jitter: "none",
      parameters: { "--base": "delay", "--jitter": "randomize" },
      quirks: ["the first retry waits the base"],
      retry_after: "not read",
      versions: [],
    });
  });
});

describe("presetListText", () => {
  it("a line per preset under its group's title: the name and label in columns, then the phrase; the footer", () => {
    expect(presetListText(GROUPS)).toBe(
      ["Queues", "  demo         2.4.1  doubling from 1 s, 3 retries", "", "Other", "  forever-lib  any    500 ms forever", "", FOOTER, ""].join("\n"),
    );
    // 60 columns leave 38 beside the 22 of name and label: the same lines.
    expect(presetListText(GROUPS, 60).split("\n").slice(0, 5)).toEqual(["Queues", "  demo         2.4.1  doubling from 1 s, 3 retries", "", "Other", "  forever-lib  any    500 ms forever"]);
  });

  it("too narrow for the phrase beside them (under 24 columns left): the label and phrase on a line of their own", () => {
    expect(presetListText(GROUPS, 40).split("\n")).toEqual([
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

describe("presetDetailText", () => {
  it("everything about one preset, the overrides by flag, the quirks", () => {
    expect(presetDetailText(DEMO, FLAGS).split("\n")).toEqual([
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

  it("no count: unlimited, with the attempts the schedule shows (or the preset's own note); no stopping line", () => {
    const lines = presetDetailText(FOREVER, FLAGS).split("\n");
    expect(lines[5]).toBe("retries by default: unlimited (the schedule shows 10)");
    expect(lines.slice(6)).toEqual(["Retry-After: read", "overrides:", "quirks:", ""]);
    expect(presetDetailText({ ...FOREVER, retriesNote: "until the job's TTL" }, FLAGS).split("\n")[5]).toBe("retries by default: until the job's TTL");
  });

  it("fitted: at 60 columns a long value wraps under the value column, at 40 two spaces in", () => {
    expect(presetDetailText(DEMO, FLAGS, 60).split("\n").slice(1, 5)).toEqual([
      "source:   https://example.org/demo src/backoff.ts",
      "formula:  base * 2^(a-1)   (a = the attempt that has just",
      "          failed, from 1)",
      "defaults: base 1 s",
    ]);
    expect(presetDetailText(DEMO, FLAGS, 40).split("\n").slice(1, 3)).toEqual(["source:   https://example.org/demo", "  src/backoff.ts"]);
  });
});

// Issue 41, item 2: `backoff presets NAME` shows the library's default conditions, JSON gives them as retry_on.
describe("a preset's default conditions", () => {
  // got 14.6.6 source/core/options.ts: retry.statusCodes 408, 413, 429, 500, 502, 503, 504, 521, 522, 524; methods GET, PUT, HEAD, DELETE, OPTIONS, TRACE.
  const withConditions = {
    ...DEMO,
    conditions: {
      words: ["statusCodes 429, 503, 504"],
      from: "the demo's default",
      isDefault: true,
      conditions: [{ kind: "status" as const, code: 504 }, { kind: "status" as const, code: 429 }, { kind: "connection" as const }],
      methods: ["GET", "PUT"],
    },
  };

  it("a line after the retries, the overload signals first; nothing for a preset without them", () => {
    const lines = presetDetailText(withConditions, FLAGS).split("\n");
    expect(lines).toContain("retries on 429, 504, connection failures (the demo's default: statusCodes 429, 503, 504); methods GET, PUT");
    expect(presetDetailText(DEMO, FLAGS)).not.toContain("retries on");
  });

  it("JSON: retry_on, the words and the vocabulary", () => {
    expect(presetJson(withConditions, STOPPING["demo"]!, FLAGS)["retry_on"]).toEqual({
      from: "the demo's default",
      default: true,
      words: ["statusCodes 429, 503, 504"],
      conditions: ["429", "504", "connection failures"],
      overload: ["429"],
      everything: false,
      methods: ["GET", "PUT"],
    });
    expect(presetJson(DEMO, STOPPING["demo"]!, FLAGS)).not.toHaveProperty("retry_on");
  });
});

describe("a preset's older releases (issue 39, item 4)", () => {
  const version = { version: "2", releases: "demo 2.x", changed: "no jitter", sources: ["src/backoff.ts at v2.9.0"], defaults: { jitter: "none" } };

  it("presets NAME lists each as name@version, with what changed and its sources, after the quirks", () => {
    const lines = presetDetailText({ ...DEMO, versions: [version] }, FLAGS).split("\n");
    expect(lines.slice(-4)).toEqual([
      `versions: ${DEMO.name} models the newest; older releases where what backoff computes differs:`,
      `  ${DEMO.name}@2: demo 2.x: no jitter.`,
      "    source: src/backoff.ts at v2.9.0",
      "",
    ]);
    expect(presetDetailText(DEMO, FLAGS)).not.toContain("versions:");
  });

  it("JSON: a versions array, empty for a preset without older releases", () => {
    expect(presetJson({ ...DEMO, versions: [version] }, STOPPING["demo"]!, FLAGS)["versions"]).toEqual([{ name: `${DEMO.name}@2`, releases: "demo 2.x", changed: "no jitter", sources: ["src/backoff.ts at v2.9.0"] }]);
  });
});
