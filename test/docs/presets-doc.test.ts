import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { codeSpan, markdownText, presetsMarkdown } from "../../scripts/presets-doc.js";
import { PRESETS } from "../../src/presets/registry.js";
import type { OverrideName, Preset } from "../../src/presets/types.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const generated = presetsMarkdown();

/** The part of the document about one preset: from its heading to the next. */
function sectionOf(preset: Preset): string {
  const start = generated.indexOf(`\n## ${preset.name}\n`);
  expect(start, `a section for ${preset.name}`).toBeGreaterThan(0);
  const end = generated.indexOf("\n## ", start + 1);
  return generated.slice(start, end === -1 ? undefined : end);
}

describe("docs/presets.md", () => {
  it("is what the registry generates", () => {
    const onDisk = readFileSync(`${root}/docs/presets.md`, "utf8");
    expect(onDisk === generated, "docs/presets.md is out of date: run npm run docs").toBe(true);
  });

  it("has a section for every preset, in the registry's order", () => {
    const headings = [...generated.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    const presetHeadings = headings.filter((heading) => PRESETS.some((preset) => preset.name === heading));
    expect(presetHeadings).toEqual(PRESETS.map((preset) => preset.name));
  });

  for (const preset of PRESETS) {
    it(`${preset.name}: every field of the registry appears`, () => {
      const section = sectionOf(preset);
      expect(section).toContain(`**Library:** ${markdownText(preset.library)}`);
      expect(section).toContain(`[${codeSpan(preset.repository)}](https://github.com/${preset.repository}) ${markdownText(preset.source)}`);
      expect(section).toContain(codeSpan(preset.formula));
      expect(section).toContain(`**Defaults:** ${markdownText(preset.defaults)}`);
      expect(section).toContain(`**Jitter:** ${markdownText(preset.jitter)}`);
      const retries = preset.defaultRetries === null ? (preset.retriesNote ?? `unlimited (the schedule shows ${preset.defaultAttempts})`) : String(preset.defaultRetries);
      expect(section).toContain(`**Retries by default:** ${markdownText(retries)}`);
      for (const name of Object.keys(preset.parameters) as OverrideName[]) {
        expect(section).toContain(`| ${markdownText(preset.parameters[name]!, { inTable: true })} |`);
      }
      for (const quirk of preset.quirks) expect(section).toContain(`- ${markdownText(quirk)}`);
      if (preset.conditions === undefined) expect(section).not.toContain("**Retries on:**");
    });
  }

  it("bullmq: the formula includes type 'fixed' and --strategy is among its options (the drift the hand-kept README had)", () => {
    const section = sectionOf(PRESETS.find((preset) => preset.name === "bullmq")!);
    expect(section).toContain("`round(2^(a−1) × delay); type 'fixed': delay`");
    expect(section).toContain("| `--strategy` | backoff.type: exponential (default) or fixed |");
    expect(section).toContain("| `--attempts` | attempts − 1 (attempts counts the first try) |");
    expect(section).toContain("**Retries by default:** 0 (the schedule shows attempts 1..10)");
  });

  it("a preset's default conditions: the 'retries on' line of backoff presets NAME (issue 41, item 2)", () => {
    // Knative's SelectiveRetry (knative-v1.22.0 pkg/kncloudevents/retries.go): the overload signals 5xx and 429 first.
    expect(sectionOf(PRESETS.find((preset) => preset.name === "knative")!)).toContain(
      "**Retries on:** 5xx, 429, connection failures, timeouts, 404, 408, 409 (Knative's SelectiveRetry: errors, 5xx, 404, 408, 409, 429)  \n",
    );
    // Spring Cloud Gateway 5.0.3's RetryConfig: its methods after the conditions.
    expect(sectionOf(PRESETS.find((preset) => preset.name === "spring-gateway")!)).toContain(
      "**Retries on:** 5xx, IOException, TimeoutException (the Retry filter's default: series SERVER_ERROR, exceptions IOException and TimeoutException); methods GET  \n",
    );
  });

  it("the jitter table: values worked out from the libraries' formulas", () => {
    // bullmq, jitter 0.5, delay 1000: floor(r × 1000 × 0.5 + 500), r in [0, 1 − 2^-52] → 500..999.
    expect(generated).toContain("| [`bullmq`](#bullmq) `--jitter 0.5` | 500 – 999 ms |");
    // grpc: MAX_BACKOFF 120 s first reached at attempt 12 (1000 × 1.6^11 ≈ 175,922 ms); ±20% around it.
    expect(generated).toContain("| [`grpc`](#grpc) | exactly 1,000 ms | attempt 13: 96,000 – 144,000 ms (cap 120,000 ms) |");
    // aws-sdk: floor(r × 50) → 0..49; the 20 s cap is reached at 50 × 2^9 = 25,600 → attempt 10.
    expect(generated).toContain("| [`aws-sdk`](#aws-sdk) | 0 – 49 ms | attempt 11: 0 – 19,999 ms (cap 20,000 ms) |");
  });
});

describe("markdownText and codeSpan", () => {
  it("escape what Markdown would read as markup, and nothing else", () => {
    expect(markdownText("retry_backoff_max _x y_ 2 * 3 <b> a < b [0, d] a|b")).toBe("retry_backoff_max \\_x y\\_ 2 \\* 3 &lt;b> a < b [0, d] a|b");
    expect(markdownText("a|b", { inTable: true })).toBe("a\\|b");
    expect(markdownText("C:\\path")).toBe("C:\\\\path");
  });

  it("a code span holds backticks", () => {
    expect(codeSpan("x")).toBe("`x`");
    expect(codeSpan("a`b")).toBe("``a`b``");
    expect(codeSpan("`a")).toBe("`` `a ``");
  });
});
