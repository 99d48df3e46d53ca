import type { ChalkInstance } from "chalk";
import type { ChainReport } from "../core/chain/chain.js";
import type { ComparedPolicy, CompareSummary } from "../core/compare.js";
import type { RetriesWithin } from "../core/deadline/fit.js";
import type { DeadlineInput } from "../core/deadline/input.js";
import type { RetryAfterView } from "../core/retry-after/model.js";
import type { DeadlineSolveContext } from "./deadline-solve.js";
import type { ScheduleModel } from "../core/model.js";
import type { PresetDescription } from "../core/preset.js";
import type { AttemptRange, ScheduleRow } from "../core/schedule.js";
import type { NoSolution } from "../core/solve.js";
import type { PlacedChainCheck } from "../core/check-report/chain.js";
import type { ConfigReport } from "../core/check-report/config-report.js";
import type { FilesReport } from "../core/check-report/files-report.js";
import type { ComparedPolicyJson } from "./compare.js";
import type { HerdCounts } from "./herd-chart.js";
import type { CapacityOutput } from "./herd/capacity.js";
import type { OccReport } from "./herd/occ.js";
import type { CalculatorPolicy } from "./html/page-data.js";
import type { ComparePage, SchedulePage } from "./html/page.js";
import type { SolvedPreset } from "./preset-solve.js";
import type { OverrideNames, PresetListGroup, StoppingJson } from "./preset-text.js";
import type { ScaleKind } from "./scale.js";
import type { ScheduleText } from "./schedule-text.js";
import type { Simulation } from "./simulate.js";
import type { Solution, SolveInputText, SolvedPolicy } from "./solve-report.js";

/**
 * What a renderer is (src/format/formats/<output>/<format>.ts, listed in registry.ts): the
 * text of one output in one format, from the data the command computed and the context
 * its io set up. Renderers are pure; the command writes what they give.
 */

/**
 * The output options: what shapes a rendering besides its data, each declared once here with its
 * value (the type of `refused`'s `value`) and the line that refuses it. A renderer lists in `takes`
 * those it applies; the command refuses one given to a renderer that does not take it, for every
 * format of every command (src/cli/shared/render.ts, outputRenderer), and hands those given over as
 * one value, RenderContext.options. Adding an output option is an entry here, `takes` in the
 * renderers that apply it, and its flag (named as its key: `--chart`) in the commands that offer it.
 */
export const OUTPUT_OPTIONS = {
  /** --chart: a chart drawn under the table. */
  chart: {
    refused: ({ format, takers, formats }: OptionRefusal<boolean>) =>
      `--chart draws under the table, so it needs ${takers.join(" or ")}, got --format ${format}${formats.includes("svg") ? " (for a picture file use --format svg)" : ""}`,
  },
  /** --scale: the value axis of a chart or a picture (left out: picked from the values). */
  scale: {
    refused: ({ value, takers }: OptionRefusal<ScaleKind>) => `--scale applies only to ${takers.join(" and ")}, got --scale ${value} with ${takers.length === 2 ? "neither" : "none of them"}`,
  },
} as const satisfies Record<string, { refused(refusal: never): string }>;

export type OutputOption = keyof typeof OUTPUT_OPTIONS;

/** The output options as given (absent: not given), handed to a renderer as one value. */
export type OutputOptions = { readonly [K in OutputOption]?: Parameters<(typeof OUTPUT_OPTIONS)[K]["refused"]>[0]["value"] };

/** What the line refusing an output option is worded from. */
export interface OptionRefusal<Value> {
  /** The value given. */
  readonly value: Value;
  /** The format chosen, whose renderer does not take it. */
  readonly format: string;
  /** Where it is taken instead: `--format table` for a renderer that takes it, `--chart` beside which one does. */
  readonly takers: readonly string[];
  /** Every format that writes this output. */
  readonly formats: readonly string[];
}

/**
 * How a renderer takes an output option: always (true), or only beside another one given with it
 * (the table takes --scale with --chart: the scale is the chart's).
 */
export type Takes = { readonly [K in OutputOption]?: true | { readonly with: OutputOption } };

/** What a renderer is handed besides its data: decided once from the command's io. */
export interface RenderContext {
  /** The width to fit: the terminal's columns or COLUMNS; null for a pipe or file, which get the full layout. */
  readonly width: number | null;
  /** The width a chart is drawn to: `width`, else the stream's own columns, else 80. */
  readonly drawWidth: number;
  /** A chart in plain ASCII: the terminal or the locale cannot show its block characters. */
  readonly ascii: boolean;
  /** Whether the output takes colour (--no-color, NO_COLOR, FORCE_COLOR, a terminal). */
  readonly colored: boolean;
  /** Chalk at the output's colour level: loaded when first asked for (the machine formats never pay for it). */
  paint(): Promise<ChalkInstance>;
  /** An HTML page with the bundled page script and the generator line, loaded when a page is written. */
  htmlPage(page: Omit<SchedulePage, "generator"> | Omit<ComparePage, "generator">): Promise<string>;
  /** backoff's version, for the documents that name their tool (SARIF). */
  readonly version: string;
  /** backoff's repository's web address (package.json's `repository`), for the documents that link to its docs (SARIF's rule help). */
  readonly repository: string;
  /** Aborted when the user interrupts: a renderer starts nothing more (the chart under a table). */
  readonly signal?: AbortSignal | undefined;
  /** The output options given, every one of them taken by this renderer (see OUTPUT_OPTIONS). */
  readonly options: OutputOptions;
  /** The repository the command ran in, for the documents that name files from its root (SARIF's %SRCROOT%); absent where not known. */
  readonly sourceRoot?: SourceRoot;
}

/**
 * The repository's root (the nearest folder at or above the working directory that holds
 * .git, else the working directory), as SARIF names it: its absolute file URI, ending in "/",
 * and the working directory from it as a URI reference ("" at the root, "deploy/prod/"), so
 * that a file named from the working directory is named from the root.
 */
export interface SourceRoot {
  readonly uri: string;
  readonly cwd: string;
}

/** What a renderer gives the command to write. */
export type Rendered =
  | {
      readonly pieces: Iterable<string>;
      /**
       * Streamed rows: the user's interrupt stops them after the last whole piece, and
       * `tail` (if any) closes what was cut short (a JSON document's brackets).
       */
      readonly interruptible?: { readonly tail?: () => string };
      /** Lines for standard error, written first (GitHub annotations beside a JSON document). */
      readonly stderr?: readonly string[];
    }
  | {
      /** Text partly already encoded (policies rendered as UTF-8 on worker threads), written without copying. */
      readonly bytes: Iterable<string | Uint8Array>;
      readonly stderr?: readonly string[];
    };

/** Pictures (and the chart under a table) are made from all their rows at once, so their range is bounded; the rest streams. */
export const MAX_PICTURE_ATTEMPTS = 1_000_000;

/** The most attempts a page draws: beyond, points merge and the page grows past what a browser opens quickly. */
export const MAX_PAGE_ATTEMPTS = 10_000;

/** A renderer of one output: `render`, and what the command checks before asking for it. */
interface RendererOf<Data> {
  render(data: Data, context: RenderContext): Rendered | Promise<Rendered>;
  /** The output options it applies (OUTPUT_OPTIONS); the command refuses any other one given. */
  readonly takes?: Takes;
  /** The format holds every row in memory (a picture, a page): more attempts than this are refused, pointing at the streamed formats. */
  readonly maxAttempts?: number;
  /** A box table, for reading: one of more rows than the command allows is refused, pointing at CSV and TSV (cli-table3 measures every cell). */
  readonly boxTable?: boolean;
}

/** A schedule over a range of attempts, the calculator's or a library's (the root command; solve shows its answer's). */
export interface ScheduleOutput {
  readonly model: ScheduleModel;
  /** The linear schedule shown for contrast. */
  readonly comparison: ScheduleModel;
  readonly range: AttemptRange;
  /** A seed draws one sampled sequence; null: none. */
  readonly seed: number | null;
  /**
   * With --attempt-time or --deadline, the deadline model's input: the rows (and `freshRows`)
   * then carry their timing, and every format appends start_ms and fires; null: neither given.
   */
  readonly deadline: DeadlineInput | null;
  /**
   * With --retry-after, what the client does with the header: the model's waits are already
   * those made with it, the rows carry what it did at each retry, and every format appends
   * retry_after_ms and retry_after_changed; null: not given.
   */
  readonly retryAfter: RetryAfterView | null;
  /** The rows in one pass; `freshRows` makes another one (the same sample, drawn again from the seed). */
  readonly rows: Iterable<ScheduleRow>;
  freshRows(range?: AttemptRange): Iterable<ScheduleRow>;
  /** The lines under a table or Markdown, and the JSON summary (after the rows: a sample's total is known then). */
  summaryLines(): readonly string[];
  summaryJson(): Record<string, unknown>;
  readonly text: ScheduleText;
  /**
   * A table of its own (a library's), streamed like the default one: `rows` twice, or once
   * with `lastRow` bounding the widths; fitted to `width` (null: the full table).
   */
  readonly renderTable?: (
    rows: () => Iterable<ScheduleRow>,
    summaryLines: () => readonly string[],
    paint: ChalkInstance,
    lastRow: ScheduleRow | undefined,
    width: number | null,
  ) => Iterable<string>;
  /** What the HTML page adds: the command line that prints this schedule, and its calculator's policy. */
  page(): Promise<{ readonly command: string; readonly calculator: CalculatorPolicy }>;
}

export interface ScheduleRenderer extends RendererOf<ScheduleOutput> {
  /** The format needs the totals up to the last attempt before its first row (a table sizes its columns from them). */
  readonly readsLastRow?: boolean;
}

/** Several policies side by side (`backoff compare`). */
export interface CompareOutput {
  readonly policies: readonly ComparedPolicy[];
  /** How each policy was given (its SPEC or config entry), in the JSON document. */
  readonly described: readonly ComparedPolicyJson[];
  readonly title: string;
  /** The comparison's summary (worked out once, when first asked for). */
  summary(): CompareSummary;
  /** The command line an HTML page shows. */
  commandLine(): Promise<string>;
}

export interface CompareRenderer extends RendererOf<CompareOutput> {
  /** The format adds every policy up to its last attempt (a summary, a table's widths); the others stream the rows. */
  readonly readsLastRow?: boolean;
}

/** A herd simulation, and the histograms of the chart under its table (null: no --chart). */
export interface SimulationOutput {
  readonly simulation: Simulation;
  readonly chart: HerdCounts | null;
}

export type SimulationRenderer = RendererOf<SimulationOutput>;

export interface OccRenderer extends RendererOf<OccReport> {
  /** It draws calls and time against the number of clients: it needs a sweep of at least two client counts. */
  readonly sweep?: boolean;
}

/**
 * `simulate --model capacity`: one run with its windows, or variants side by side; to a
 * renderer that `streams`, one run's windows as they are simulated (a long run is never held whole).
 */
export interface CapacityRenderer extends RendererOf<CapacityOutput> {
  /** It writes one run's windows as they come: it is handed `{ kind: "stream" }` for one run. */
  readonly streams?: boolean;
  /** It draws windows: variants side by side (--compare) are handed with each one's windows held. */
  readonly drawsWindows?: boolean;
  /** A table for reading: a run of more windows is refused, pointing at the formats that stream. */
  readonly maxWindows?: number;
}

/** What `backoff check` found: the policies of flags or a --config file, or those in files and directories (PATH). */
export type CheckOutput = { readonly kind: "config"; readonly report: ConfigReport } | { readonly kind: "files"; readonly report: FilesReport };

/** `backoff check --config FILE` when the file holds a chain: the calls reaching the backend against the limit, the stacked-retries warning. */
export type ChainCheckOutput = PlacedChainCheck;

interface ChainCheckRenderer {
  /** A chain's check in this format (absent: the format reports policies only, and a chain check refuses it). */
  renderChain?(chain: ChainCheckOutput, context: RenderContext): Rendered | Promise<Rendered>;
}

/**
 * A check format: one that renders whatever was checked (the text, JSON, annotations), or one
 * that places every finding at a line of a file (`atLines`: SARIF, JUnit, GitLab), which is
 * handed `check --config FILE`'s policies as a files report at the file's lines (and the
 * command refuses it for flags alone, which have no file).
 */
export type CheckRenderer = AnyCheckRenderer | AtLinesCheckRenderer;

/** A check format of whatever was checked. */
export interface AnyCheckRenderer extends RendererOf<CheckOutput>, ChainCheckRenderer {
  readonly atLines?: false;
}

/** A check format that places every finding at a line of a file. */
export interface AtLinesCheckRenderer extends RendererOf<FilesReport>, ChainCheckRenderer {
  readonly atLines: true;
}

/** What `backoff solve` found, for the calculator's policy or a library's (--preset), or why there is no answer. */
export type SolveOutput =
  | { readonly kind: "solution"; readonly solution: Solution<SolvedPolicy>; readonly shown: boolean }
  | { readonly kind: "no-solution"; readonly reason: NoSolution; readonly input: SolveInputText }
  | {
      readonly kind: "preset-solution";
      readonly solution: Solution<SolvedPreset>;
      /** The command line that prints the answer's schedule. */
      readonly command: string;
      readonly shown: boolean;
      /** The answer's delays and totals, for JSON (null: more attempts than are shown). */
      rows(): readonly { readonly attempt: number; readonly delay_ms: number; readonly cumulative_ms: number }[] | null;
    }
  | { readonly kind: "preset-no-solution"; readonly why: string }
  /** solve --deadline: how many retries fit before it, and the first that does not. */
  | { readonly kind: "deadline-solution"; readonly fit: Extract<RetriesWithin, { ok: true }>; readonly context: DeadlineSolveContext; readonly shown: boolean }
  | { readonly kind: "deadline-no-solution"; readonly fit: Extract<RetriesWithin, { ok: false }> };

export interface SolveRenderer extends RendererOf<SolveOutput> {
  /** The answer's schedule follows, as a table, when it is shown (the text for people). */
  readonly showsSchedule?: boolean;
}

/** Retries stacked across layers (`backoff chain`): every layer's figures and the whole chain's. */
export interface ChainOutput {
  readonly report: ChainReport;
}

/** A library as `backoff presets` describes it. */
type PresetDescribed = PresetDescription;

/** `backoff presets`: every library preset, or one (`chosen`). */
export interface PresetsOutput {
  readonly presets: readonly PresetDescribed[];
  /** The list's groups, each preset with its label and phrase (`backoff presets`). */
  readonly groups: readonly PresetListGroup[];
  readonly chosen: PresetDescribed | null;
  /** A preset's default stopping rule, as its JSON says it. */
  stopping(preset: PresetDescribed): StoppingJson;
  /** The flag each of a library's parameters is set with. */
  readonly flags: OverrideNames;
}

/** Every output and its renderers' interface: what a registry line can name. */
export interface Renderers {
  readonly schedule: ScheduleRenderer;
  readonly compare: CompareRenderer;
  readonly simulation: SimulationRenderer;
  /** `simulate --model occ`: the AWS experiment, per client count and mode. */
  readonly occ: OccRenderer;
  readonly capacity: CapacityRenderer;
  readonly check: CheckRenderer;
  readonly solve: SolveRenderer;
  readonly presets: RendererOf<PresetsOutput>;
  readonly chain: RendererOf<ChainOutput>;
}

export type Output = keyof Renderers;
