/**
 * The text of docs/presets.md, generated from the preset registry so the reference
 * cannot drift from the code (`npm run docs` writes it, test/docs/presets-doc.test.ts
 * fails when the file differs).
 *
 * It lives in scripts/ rather than src/format: it is a build-time tool that is never
 * shipped, and it needs the CLI's spelling of each option (--base, --attempts, …),
 * which the pure layers below the CLI must not know. Pure: no file or process access.
 */
import { retryOnText } from "../src/core/conditions/condition.js";
import { groupDigits } from "../src/core/text/digits.js";
import { OVERRIDE_FLAGS } from "../src/cli/shared/preset-flags.js";
import { PRESETS } from "../src/presets/registry.js";
import type { OverrideName, Preset, PresetOverrides } from "../src/presets/types.js";

/**
 * Text that Markdown would otherwise read as markup, written so it renders as itself:
 * backslashes, emphasis stars, HTML-like tags, underscores at a word's edge
 * (underscores inside a word, as in retry_backoff_max, are literal in GitHub Markdown)
 * and, in table cells, the column bar.
 */
export function markdownText(text: string, options: { inTable?: boolean } = {}): string {
  let escaped = text
    .replace(/\\/g, "\\\\")
    .replace(/\*/g, "\\*")
    .replace(/<(?=[A-Za-z/!?])/g, "&lt;")
    .replace(/(^|[^\p{L}\p{N}_])_/gu, "$1\\_")
    .replace(/_(?=[^\p{L}\p{N}_]|$)/gu, "\\_");
  if (options.inTable) escaped = escaped.replace(/\|/g, "\\|");
  return escaped;
}

/** A code span that holds any text, backticks included. */
export function codeSpan(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

function retriesText(preset: Preset): string {
  if (preset.defaultRetries === 0) return `0 (the schedule shows attempts 1..${preset.defaultAttempts})`;
  if (preset.defaultRetries !== null) return String(preset.defaultRetries);
  if (preset.retriesNote !== undefined) return preset.retriesNote;
  return `unlimited (the schedule shows ${preset.defaultAttempts})`;
}

function overrideNames(preset: Preset): OverrideName[] {
  return Object.keys(preset.parameters) as OverrideName[];
}

/**
 * Example settings for the jitter table: the library's defaults, or the least it takes
 * to switch its jitter on (and a cap where the interesting part is the cap). The
 * numbers are computed from each preset's own model, the one `--preset` draws.
 */
const JITTER_EXAMPLES: readonly { readonly preset: string; readonly overrides: PresetOverrides }[] = [
  { preset: "echomq", overrides: {} },
  { preset: "bullmq", overrides: { jitter: "0.5" } },
  { preset: "node-retry", overrides: { jitter: "on", capMs: 5000 } },
  { preset: "p-retry", overrides: { jitter: "on", capMs: 5000 } },
  { preset: "exponential-backoff", overrides: { jitter: "full", capMs: 5000 } },
  { preset: "cockatiel", overrides: {} },
  { preset: "aws-sdk", overrides: {} },
  { preset: "grpc", overrides: {} },
  { preset: "grpc-core", overrides: {} },
  { preset: "grpc-js", overrides: {} },
  { preset: "sidekiq", overrides: {} },
  { preset: "celery", overrides: {} },
  { preset: "cenkalti", overrides: {} },
  { preset: "polly", overrides: { strategy: "linear", jitter: "on", capMs: 10000 } },
  { preset: "resilience4j", overrides: { capMs: 5000 } },
];

/** The command-line spelling of an example's overrides, e.g. `--jitter on --cap 5000`. */
function overrideFlags(overrides: PresetOverrides): string {
  return (Object.entries(overrides) as [OverrideName, string | number][]).map(([name, value]) => `${OVERRIDE_FLAGS[name]} ${value}`).join(" ");
}

function rangeText(bounds: { minMs: number; maxMs: number }): string {
  return bounds.minMs === bounds.maxMs ? `exactly ${groupDigits(bounds.minMs)} ms` : `${groupDigits(bounds.minMs)} – ${groupDigits(bounds.maxMs)} ms`;
}

function jitterTable(presets: readonly Preset[]): string[] {
  const rows = JITTER_EXAMPLES.map(({ preset: name, overrides }) => {
    const preset = presets.find((candidate) => candidate.name === name);
    if (preset === undefined) throw new Error(`presets doc: the jitter example names "${name}", which is not in the registry`);
    const model = preset.build(overrides);
    const capAt = model.capReachedAt();
    // One attempt after the un-jittered delay first reaches the cap; without a cap, attempt 10.
    const later =
      capAt === null
        ? `no cap; attempt 10: ${rangeText(model.bounds(10))}`
        : `attempt ${capAt + 1}: ${rangeText(model.bounds(capAt + 1))} (cap ${groupDigits(model.capMs ?? 0)} ms)`;
    const flags = overrideFlags(overrides);
    return `| [${codeSpan(name)}](#${name})${flags === "" ? "" : ` ${codeSpan(flags)}`} | ${rangeText(model.bounds(1))} | ${later} |`;
  });
  return ["| preset and options | attempt 1 | the attempt after the cap is reached |", "|---|---|---|", ...rows];
}

const INTRO = `# Library presets

<!-- Generated from src/presets/registry.ts by \`npm run docs\` (scripts/presets-doc.ts). Do not edit by hand: change the preset, then run \`npm run docs\`. -->

People rarely configure a formula; they configure a library. \`--preset <name>\` shows the
schedule that a real retry library produces, to the millisecond, with the library's own
defaults, attempt counting, rounding, cap and jitter. The other options become that
library's own parameters.

A preset models the library's newest release. Where an older release computes differently,
it is a variant named \`NAME@VERSION\` (\`--preset grpc-retry@1.68\`, \`backoff compare grpc-retry
grpc-retry@1.68\`, \`backoff chain grpc-retry@1.68@envoy\`: the same on every command and in
completion); \`backoff presets NAME\` lists its versions, what changed and where that is read.

\`\`\`sh
backoff presets                        # every preset: formula, defaults, source
backoff presets grpc-js                # one preset in full, quirks included
backoff presets --format json          # every preset as data: defaults, stopping rule, parameters
backoff --preset bullmq --base 1s --jitter 0.5 --attempts 5
backoff --preset grpc --format csv     # min_ms/max_ms are gRPC's exact bounds
backoff --preset cenkalti              # ends where MaxElapsedTime (15 min) stops it
backoff --preset p-retry --max-elapsed 10s --jitter on
backoff --preset polly --strategy exponential --jitter on --cap 30s
backoff check --preset sidekiq --max-total 1d   # sidekiq's own 25 retries, against a limit
backoff simulate --preset cenkalti --clients 10000
backoff solve --preset sidekiq --total 1d      # how many retries fit a day
\`\`\`
`;

const RULES = `## How a preset reads the options

- **Attempts** are always the calculator's: attempt 1 is the first failure, whatever index the library uses inside.
- **Attempt range**: by default, the library's own default retry count (node-retry 10, sidekiq 25, aws-sdk 2, …). Where the library retries forever (grpc, grpc-core, grpc-js, cockatiel, tenacity, kubernetes, echomq) a fixed range is shown, and where it retries nothing by default (bullmq: \`attempts: 1\`) the summary says so. \`--attempts N\` sets the library's own count where it has one (\`retries\`, \`attempts − 1\`, \`maxAttempts − 1\`, \`numOfAttempts − 1\`, …); \`--attempts A..B\` shows A..B with count B.
- **Overrides**: \`--base\`, \`--cap\`, \`--factor\`, \`--jitter\`, \`--attempts\`, \`--max-elapsed\` and \`--strategy\` map onto the library's own parameters, where it has them (each preset's **Options** below). \`--jitter\` is read by the library's own rules: \`--jitter 0.5\` under bullmq is BullMQ's \`jitter: 0.5\` (downward), under cenkalti the RandomizationFactor, under cockatiel the generator name, under node-retry/p-retry/celery/polly an on/off switch; \`--jitter none\` (or \`0\`) turns the jitter off under every library that has a setting for it (grpc-js ignores a jitter of 0, and says so; aws-sdk and sidekiq always jitter, and refuse it). An option the library does not have is an error that names what it does offer, and an unknown preset name suggests the closest one: one line on stderr, exit code 2 (examples in the README's [exit codes](../README.md#exit-codes)).
- **Units**: libraries that count seconds (sidekiq, celery, tenacity, kubernetes) are converted to milliseconds exactly; cenkalti's nanoseconds and Polly's 100-ns ticks are computed as the library does and then reported in whole ms.
- **Whole milliseconds**: a library value that is not a whole number of milliseconds (cenkalti's 1687.5 ms, gRPC's 6553.6 ms, cockatiel's decorrelated waits, exponential-backoff with a fractional factor) is reported **rounded half up**, exactly for the double the library computed — the same convention as the calculator's own delays. Each total is the previous total plus the row's \`delay_ms\`, wherever both are whole ms: the shown delays add up to the shown totals. Where a library keeps finer time and stops by it (cenkalti's nanoseconds), each total is instead the library's own sum rounded half up and each delay the step from the total before it, and the summary says so once. \`min_ms\`/\`max_ms\` are the exact range of that reported value: each is computed from the library's own arithmetic at its extreme random draws (0 and the largest value its generator returns: 1 − 2^-52 for V8's \`Math.random\`, 1 − 2^-53 for Go, Python, Java and .NET), including the library's own rounding (\`Math.floor\`, \`Math.round\`, Java's \`(long)\`, Go's \`time.Duration\` truncation). Where the library's value is an integer, the bounds are exact integers with no further rounding (bullmq at attempt 1 with jitter 0.5: 500–999).
- **\`delay_ms\`** (and \`raw_ms\`) has one meaning under every preset and strategy: the jitter-free value the formula gives, the library's delay with its random term taken out (a ±j jitter's middle, a full jitter's top: celery's \`randrange(countdown + 1)\` reaches it, aws-sdk's \`floor(r × U)\` and Envoy's \`random() % interval\` never do; an additive noise's bottom: sidekiq's \`rand(10) × (count + 1)\`, got's noise, axios-retry's 20 %; bullmq's downward jitter's top; for decorrelated jitter, cockatiel's default and Polly exponential + UseJitter, the formula with every draw at 0, t = a − 1). \`min_ms\`, \`max_ms\` and \`mean_ms\` stand beside it whenever a draw is involved; \`cumulative_ms\` adds up \`delay_ms\`, so where no wait takes the jitter-free value the total may lie outside the totals' range.
- **\`mean_ms\`** is the expected wait: exact for uniform draws (including the effect of floor/round), numerically integrated for decorrelated jitter and estimated by quantile propagation for grpc-js's compounding jitter.
- **Sampling** (\`--seed\`, when present) draws from the library's own distribution, quantised to the library's random-number grid, so a sample always lies inside \`min_ms\`..\`max_ms\`; grpc-js and decorrelated samples carry the previous draw, as the libraries do.
- **Past the cap**: where jitter can exceed the cap (grpc, grpc-js, cenkalti) the summary states the worst case (\`the worst case is 144,000 ms against a 120,000 ms cap\`) and JSON has \`"may_exceed_cap": true\`.
- **Stopping rule**: each library stops by count (its retry count), by elapsed time (cenkalti: elapsed + next > MaxElapsedTime, 15 min; p-retry: once \`maxRetryTime\` has elapsed, the last wait cut to the time left), or never (**Stops** in each section; \`backoff presets --format json\` gives it as data). The schedule, \`check\`, \`solve\` and \`simulate\` all use that rule, and \`--attempts\`/\`--max-elapsed\` (config keys \`attempts\`, \`max-elapsed\`) override it everywhere: \`check --preset sidekiq\` checks sidekiq's 25 retries, \`check --preset aws-sdk\` its 2, and \`check\` of a library that retries forever says so and fails \`--max-total\`, naming the rule.
- **Stopping by time**: the schedule ends where the library stops without jitter; with jitter the stop moves between the all-high and the all-low run (cenkalti: 19 to 39 retries, 24 without jitter), which the summary says in one line (JSON: \`policy.stop\`). Every total covers every run under the library's rule and none passes the limit; a wait's range and mean (\`min_ms\`, \`max_ms\`, \`mean_ms\`, the mean integrated numerically over the elapsed time) are over the runs that make that retry, for a run that has stopped makes no wait (it is not a wait of 0 ms); \`runs_stopped\`, the last column of CSV, TSV, JSON and Markdown (\`none\`, \`some\`, \`all\`), and ⊘ in the table say from which attempt some runs have stopped (cenkalti: from 20); \`check\` takes the most retries any run makes. An \`--attempts\` range that goes further is cut, with a note on stderr. The operations' own run time is taken as 0.
- **Where a library's source and its usual description differ**, the presets follow the source (each preset's quirks say where): kubernetes restarts at once after the first crash (0, 10, 20, 40 … s per crash), celery's factor is \`int(max(1.0, retry_backoff))\` since 5.3.1 (\`int(retry_backoff)\` before), tenacity's \`wait_random_exponential\` is \`uniform(0, v)\`, resilience4j draws \`min + r × (max − min + 1)\` and waits at least 1 ms since 2.3.0 (its top value at attempt 1 is 751 ms: 250 + (1 − 2^-53) × 501 rounds to 751 in doubles), node-retry/p-retry jitter reaches 2d inclusive, the kubelet lowers its initial back-off to a max below it, and gRPC C-core jitters the first wait too (grpc-core).

`;

function overview(presets: readonly Preset[]): string[] {
  return [
    "## All presets",
    "",
    "| preset | library | retries by default | options |",
    "|---|---|---|---|",
    ...presets.map((preset) => {
      const options = overrideNames(preset).map((name) => codeSpan(OVERRIDE_FLAGS[name])).join(" ");
      return `| [${codeSpan(preset.name)}](#${preset.name}) | ${markdownText(preset.library, { inTable: true })} | ${markdownText(retriesText(preset), { inTable: true })} | ${options || "none"} |`;
    }),
  ];
}

function section(preset: Preset): string[] {
  const options = overrideNames(preset);
  return [
    `## ${preset.name}`,
    "",
    `**Library:** ${markdownText(preset.library)}  `,
    `**Source:** [${codeSpan(preset.repository)}](https://github.com/${preset.repository}) ${markdownText(preset.source)}  `,
    `**Formula** (a = the attempt that has just failed, from 1): ${codeSpan(preset.formula)}  `,
    `**Defaults:** ${markdownText(preset.defaults)}  `,
    `**Jitter:** ${markdownText(preset.jitter)}  `,
    `**Retries by default:** ${markdownText(retriesText(preset))}  `,
    ...(preset.stopping === undefined ? [] : [`**Stops:** ${markdownText(preset.stopping)}  `]),
    // The default conditions, as `backoff presets NAME` prints its 'retries on' line (issue 41, item 2).
    ...(preset.conditions === undefined ? [] : [`**Retries on:** ${markdownText(retryOnText(preset.conditions).replace(/^retries on /, ""))}  `]),
    `**Retry-After:** ${markdownText(preset.retryAfter)}`,
    "",
    "Options:",
    "",
    "| option | library parameter |",
    "|---|---|",
    ...(options.length === 0 ? ["| none | the library has no overrides |"] : options.map((name) => `| ${codeSpan(OVERRIDE_FLAGS[name])} | ${markdownText(preset.parameters[name] ?? "", { inTable: true })} |`)),
    "",
    "Quirks:",
    "",
    ...preset.quirks.map((quirk) => `- ${markdownText(quirk)}`),
    ...((preset.versions ?? []).length === 0
      ? []
      : [
          "",
          `Versions (the preset models the newest; each older release is \`--preset ${preset.name}@VERSION\`):`,
          "",
          ...(preset.versions ?? []).map(
            (version) => `- ${codeSpan(`${preset.name}@${version.version}`)}: ${markdownText(version.releases)}: ${markdownText(version.changed)}. Sources: ${version.sources.map((source) => markdownText(source)).join("; ")}.`,
          ),
        ]),
  ];
}

/** docs/presets.md, from the given presets (the registry's by default). */
export function presetsMarkdown(presets: readonly Preset[] = PRESETS): string {
  const parts = [
    INTRO,
    overview(presets).join("\n"),
    "",
    RULES,
    "## Jitter ranges at a glance",
    "",
    "The range a wait can take at attempt 1 and at the attempt after the un-jittered delay first reaches the cap, computed from each preset's model with the options shown (its defaults where none are shown):",
    "",
    jitterTable(presets).join("\n"),
    "",
    ...presets.map((preset) => `${section(preset).join("\n")}\n`),
  ];
  return `${parts.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd()}\n`;
}
