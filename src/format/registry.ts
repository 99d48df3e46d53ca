import { closest } from "../core/text/closest.js";

/**
 * Every output format backoff writes, by name, as ESLint lists its formatters: the one
 * place a format is named. A command declares which of these names its --format takes
 * (`formats` in its command.ts); help, completion, "did you mean" and the --format error
 * read that list.
 */
interface FormatEntry {
  /** Other words that read as this format ("text": what check and presets called the table before). */
  readonly aliases?: readonly string[];
}

export const OUTPUT_FORMATS = {
  table: { aliases: ["text"] },
  csv: {},
  tsv: {},
  json: {},
  markdown: {},
  svg: {},
  html: {},
  sarif: {},
  junit: {},
  gitlab: {},
} as const satisfies Record<string, FormatEntry>;

export type FormatName = keyof typeof OUTPUT_FORMATS;

/** Every format's name, in the registry's order. */
export const FORMAT_NAMES = Object.keys(OUTPUT_FORMATS) as readonly FormatName[];

/** What a word given to --format names among a command's formats: the format, or the one it is closest to (null: none). */
export type FormatLookup<F extends FormatName> = { readonly format: F } | { readonly format: null; readonly near: F | null };

export function formatNamed<F extends FormatName>(word: string, takes: readonly F[]): FormatLookup<F> {
  const named = takes.find((name) => name === word || (OUTPUT_FORMATS[name] as FormatEntry).aliases?.includes(word));
  return named === undefined ? { format: null, near: closest(word, takes) as F | null } : { format: named };
}
