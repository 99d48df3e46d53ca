import { describe, expect, it } from "vitest";
import { offeredText, presetJson, presetVersion } from "../../src/format/preset-text.js";
import { DEMO, DEMO_RELEASE_2, DEMO_WITH_CONDITIONS, FLAGS, FOREVER, STOPPING } from "../support/preset-descriptions.js";

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

// Issue 41, item 2: `backoff presets NAME` shows the library's default conditions, JSON gives them as retry_on.
describe("a preset's default conditions", () => {

  it("JSON: retry_on, the words and the vocabulary", () => {
    expect(presetJson(DEMO_WITH_CONDITIONS, STOPPING["demo"]!, FLAGS)["retry_on"]).toEqual({
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

  it("JSON: a versions array, empty for a preset without older releases", () => {
    expect(presetJson({ ...DEMO, versions: [DEMO_RELEASE_2] }, STOPPING["demo"]!, FLAGS)["versions"]).toEqual([{ name: `${DEMO.name}@2`, releases: "demo 2.x", changed: "no jitter", sources: ["src/backoff.ts at v2.9.0"] }]);
  });
});
