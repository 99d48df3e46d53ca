import type { PresetDescription } from "../../src/core/preset.js";
import type { OverrideNames } from "../../src/format/preset-text.js";
import type { PresetListGroup, StoppingJson } from "../../src/format/preset-text.js";
import type { PresetsOutput } from "../../src/format/renderer.js";

/** Two made-up presets described as the registry describes its own, for the preset renderers' tests. */

export const DEMO: PresetDescription = {
  name: "demo",
  library: "demo-retry 2.4.1",
  repository: "https://example.org/demo",
  source: "src/backoff.ts",
  formula: "base * 2^(a-1)",
  defaults: "base 1 s",
  jitter: "none",
  defaultRetries: 3,
  stopping: "maxRetries 3",
  defaultAttempts: 3,
  parameters: { baseMs: "delay", jitter: "randomize" },
  quirks: ["the first retry waits the base"],
  retryAfter: "not read",
};

export const FOREVER: PresetDescription = {
  name: "forever-lib",
  library: "forever",
  repository: "https://example.org/forever",
  source: "lib/retry.go",
  formula: "base",
  defaults: "base 500 ms",
  jitter: "full",
  defaultRetries: null,
  defaultAttempts: 10,
  parameters: {},
  quirks: [],
  retryAfter: "read",
};

/**
 * DEMO with default conditions (issue 41, item 2), for the text and JSON of `backoff presets NAME`.
 * Shaped on got 14.6.6 source/core/options.ts: retry.statusCodes 408, 413, 429, 500, 502, 503, 504,
 * 521, 522, 524; methods GET, PUT, HEAD, DELETE, OPTIONS, TRACE.
 */
export const DEMO_WITH_CONDITIONS: PresetDescription = {
  ...DEMO,
  conditions: {
    words: ["statusCodes 429, 503, 504"],
    from: "the demo's default",
    isDefault: true,
    conditions: [{ kind: "status", code: 504 }, { kind: "status", code: 429 }, { kind: "connection" }],
    methods: ["GET", "PUT"],
  },
};

/** An older release of DEMO (issue 39, item 4): demo@2, without jitter. */
export const DEMO_RELEASE_2 = { version: "2", releases: "demo 2.x", changed: "no jitter", sources: ["src/backoff.ts at v2.9.0"], defaults: { jitter: "none" } };

/** The CLI's spelling of each override. */
export const FLAGS: OverrideNames = {
  baseMs: "--base",
  capMs: "--cap",
  factor: "--factor",
  jitter: "--jitter",
  retries: "--attempts",
  maxElapsedMs: "--max-elapsed",
  strategy: "--strategy",
  retryAfter: "--retry-after",
  maxRetryAfterMs: "--max-retry-after",
};

export const GROUPS: readonly PresetListGroup[] = [
  { title: "Queues", entries: [{ preset: DEMO, label: "2.4.1", phrase: "doubling from 1 s, 3 retries" }] },
  { title: "Other", entries: [{ preset: FOREVER, label: "any", phrase: "500 ms forever" }] },
];

export const STOPPING: Readonly<Record<string, StoppingJson>> = {
  demo: { kind: "count", retries: 3, max_elapsed_ms: null, fewest: null, most: null, text: "maxRetries 3", description: "demo stops after 3 retries (maxRetries 3)" },
  "forever-lib": { kind: "forever", retries: null, max_elapsed_ms: null, fewest: null, most: null, text: "no retry limit", description: "forever-lib retries forever (no retry limit)" },
};

export function presetsOutput(chosen: PresetDescription | null): PresetsOutput {
  return { presets: [DEMO, FOREVER], groups: GROUPS, chosen, stopping: (preset) => STOPPING[preset.name]!, flags: FLAGS };
}
