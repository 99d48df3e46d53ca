import { closest } from "../core/text/closest.js";
import type { Output, Renderers } from "./renderer.js";

/**
 * Every output format backoff writes, by name, as ESLint lists its formatters: a format's
 * name, its aliases, and its renderer for each output it can write
 * (src/format/formats/<output>/<format>.ts), loaded by name when used. A command declares
 * the outputs it writes (`output` in its command.ts) and takes every format with a
 * renderer of them (formatsWriting); help, completion, "did you mean" and the --format
 * error read that list. Adding a format is a renderer file and a line here.
 */
interface FormatEntry {
  /** Other words that read as this format ("text": what check and presets called the table before). */
  readonly aliases?: readonly string[];
  readonly renderers: { readonly [O in Output]?: () => Promise<{ readonly renderer: Renderers[O] }> };
  /**
   * Written beside the chosen format, never chosen with --format: check's GitHub
   * annotations, which the job's log shows in place under GITHUB_ACTIONS (src/cli/check/report.ts).
   */
  readonly beside?: true;
}

export const OUTPUT_FORMATS = {
  table: {
    aliases: ["text"],
    renderers: {
      schedule: () => import("./formats/schedule/table.js"),
      compare: () => import("./formats/compare/table.js"),
      simulation: () => import("./formats/simulation/table.js"),
      occ: () => import("./formats/occ/table.js"),
      capacity: () => import("./formats/capacity/table.js"),
      check: () => import("./formats/check/table.js"),
      solve: () => import("./formats/solve/table.js"),
      presets: () => import("./formats/presets/table.js"),
      chain: () => import("./formats/chain/table.js"),
    },
  },
  csv: {
    renderers: {
      schedule: () => import("./formats/schedule/csv.js"),
      compare: () => import("./formats/compare/csv.js"),
      simulation: () => import("./formats/simulation/csv.js"),
      chain: () => import("./formats/chain/csv.js"),
      occ: () => import("./formats/occ/csv.js"),
      capacity: () => import("./formats/capacity/csv.js"),
    },
  },
  tsv: {
    renderers: {
      schedule: () => import("./formats/schedule/tsv.js"),
      compare: () => import("./formats/compare/tsv.js"),
      simulation: () => import("./formats/simulation/tsv.js"),
      chain: () => import("./formats/chain/tsv.js"),
      occ: () => import("./formats/occ/tsv.js"),
      capacity: () => import("./formats/capacity/tsv.js"),
    },
  },
  json: {
    renderers: {
      schedule: () => import("./formats/schedule/json.js"),
      compare: () => import("./formats/compare/json.js"),
      simulation: () => import("./formats/simulation/json.js"),
      occ: () => import("./formats/occ/json.js"),
      capacity: () => import("./formats/capacity/json.js"),
      check: () => import("./formats/check/json.js"),
      solve: () => import("./formats/solve/json.js"),
      presets: () => import("./formats/presets/json.js"),
      chain: () => import("./formats/chain/json.js"),
    },
  },
  markdown: {
    renderers: {
      schedule: () => import("./formats/schedule/markdown.js"),
      compare: () => import("./formats/compare/markdown.js"),
      simulation: () => import("./formats/simulation/markdown.js"),
      chain: () => import("./formats/chain/markdown.js"),
      occ: () => import("./formats/occ/markdown.js"),
      capacity: () => import("./formats/capacity/markdown.js"),
    },
  },
  svg: {
    renderers: {
      schedule: () => import("./formats/schedule/svg.js"),
      compare: () => import("./formats/compare/svg.js"),
      occ: () => import("./formats/occ/svg.js"),
      capacity: () => import("./formats/capacity/svg.js"),
    },
  },
  html: {
    renderers: {
      schedule: () => import("./formats/schedule/html.js"),
      compare: () => import("./formats/compare/html.js"),
    },
  },
  sarif: {
    renderers: {
      check: () => import("./formats/check/sarif.js"),
    },
  },
  junit: {
    renderers: {
      check: () => import("./formats/check/junit.js"),
    },
  },
  gitlab: {
    renderers: {
      check: () => import("./formats/check/gitlab.js"),
    },
  },
  github: {
    beside: true,
    renderers: {
      check: () => import("./formats/check/github.js"),
    },
  },
} as const satisfies Record<string, FormatEntry>;

export type FormatName = keyof typeof OUTPUT_FORMATS;

/** The formats with a renderer for every one of `O`: what a command writing those outputs can list. */
export type FormatOf<O extends Output> = { [F in FormatName]: [O] extends [keyof (typeof OUTPUT_FORMATS)[F]["renderers"]] ? F : never }[FormatName];

/** Every format's name, in the registry's order. */
export const FORMAT_NAMES = Object.keys(OUTPUT_FORMATS) as readonly FormatName[];

/** What a word given to --format names among a command's formats: the format, or the one it is closest to (null: none). */
export type FormatLookup<F extends FormatName> = { readonly format: F } | { readonly format: null; readonly near: F | null };

export function formatNamed<F extends FormatName>(word: string, takes: readonly F[]): FormatLookup<F> {
  const aliasesOf = (name: F) => (OUTPUT_FORMATS[name] as FormatEntry).aliases ?? [];
  const named = takes.find((name) => name === word || aliasesOf(name).includes(word));
  if (named !== undefined) return { format: named };
  return { format: null, near: closest(word, takes, new Map(takes.flatMap((name) => aliasesOf(name).map((alias) => [alias, name] as const)))) };
}

/** Whether `format` can write `output`. */
export function writes(format: FormatName, output: Output): boolean {
  return (OUTPUT_FORMATS[format] as FormatEntry).renderers[output] !== undefined;
}

/**
 * The formats with a renderer of `output`, in the registry's order (table first, the
 * default): what a command writing that output takes. A command's --format list is read
 * from here, so a new renderer's registry line is all a command needs to offer it. A format
 * written beside the chosen one (`beside`) is not among them.
 */
export function formatsWriting<O extends Output>(output: O): FormatOf<O>[] {
  return FORMAT_NAMES.filter((format) => writes(format, output) && (OUTPUT_FORMATS[format] as FormatEntry).beside !== true) as FormatOf<O>[];
}

/** The formats of `output` written beside the chosen one (`beside`), in the registry's order: check's GitHub annotations. */
export function formatsBeside<O extends Output>(output: O): FormatOf<O>[] {
  return FORMAT_NAMES.filter((format) => writes(format, output) && (OUTPUT_FORMATS[format] as FormatEntry).beside === true) as FormatOf<O>[];
}

/**
 * The renderer of `output` in `format`, loaded. A command only asks for the formats it
 * lists, and test/format/registry.test.ts loads each of them: a missing one is a bug in
 * backoff, not bad input.
 */
export async function rendererFor<O extends Output>(output: O, format: FormatName): Promise<Renderers[O]> {
  const load = (OUTPUT_FORMATS[format] as FormatEntry).renderers[output];
  if (load === undefined) throw new Error(`no ${format} renderer for the ${output} output`);
  return (await load()).renderer;
}
