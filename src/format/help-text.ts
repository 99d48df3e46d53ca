import { wrapLine } from "./wrap.js";

/**
 * The text of help fitted to a width (the CLI's help-fit.ts fits commander's option list):
 * paragraphs re-flowed, lists hung under their terms, examples kept pasteable.
 */

/** The width help is fitted to where there is no terminal (a pipe, a file): lines stay readable anywhere. */
export const PIPED_HELP_WIDTH = 80;

const indentOf = (line: string) => /^ */.exec(line)![0].length;
/** A command line to paste: "  $ backoff …", or after a short label ("  bash  $ echo …"). */
const isExample = (line: string) => /^\s*(?:[\w-]+\s+)?\$ /.test(line);

/**
 * Examples are pasted, so they are never wrapped as text is. When the block as written (comments
 * aligned beside the commands) does not fit, every comment goes on the line above its command;
 * a command still wider than the line is continued as a shell continues it (see continued).
 */
function fittedExamples(lines: readonly string[], width: number): string[] {
  if (lines.every((line) => line.length <= width)) return [...lines];
  return lines.flatMap((line) => {
    const comment = isExample(line) ? /^(\s*(?:[\w-]+\s+)?\$ .*?\S)\s+(# .*)$/.exec(line) : null;
    if (comment === null) return isExample(line) ? continued(line, width) : fittedItem(line, width);
    return [...wrapLine(`${" ".repeat(indentOf(line))}${comment[2]!}`, width, 2), ...continued(comment[1]!, width)];
  });
}

/** The words of a command line, a quoted string ('…' or "…") kept whole with what touches it. */
const shellWords = (command: string): string[] => command.match(/(?:'[^']*'|"(?:\\.|[^"\\])*"|[^\s'"])+/g) ?? [];

/**
 * A command wider than the line, broken where a shell lets it be: at a space outside quotes,
 * with " \\" at the end of each line but the last, so that it pastes as one command in
 * bash, zsh and fish. An option stays on the line of its value where it can (a break comes
 * before a word starting with "-", "|" or ">"); a single word wider than the line stays whole.
 */
function continued(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const head = /^(\s*(?:[\w-]+\s+)?\$) (.*)$/.exec(line)!;
  const hang = " ".repeat(indentOf(line) + 4);
  const room = width - 2; // " \\" ends every line but the last
  // The pieces a break may come between: an option with its values, a pipe with its command;
  // a piece too wide for a line of its own is broken between its words.
  const pieces: string[][] = [];
  for (const word of shellWords(head[2]!)) {
    if (pieces.length === 0 || /^[-|>]/.test(word)) pieces.push([word]);
    else pieces.at(-1)!.push(word);
  }
  const units = pieces.flatMap((words) => (hang.length + words.join(" ").length > room ? words : [words.join(" ")]));
  const out: string[] = [];
  let current = head[1]!;
  units.forEach((unit, i) => {
    const limit = i === units.length - 1 ? width : room;
    if (i > 0 && current.length + 1 + unit.length > limit) {
      out.push(`${current} \\`);
      current = `${hang}${unit}`;
    } else current = `${current} ${unit}`;
  });
  return [...out, current];
}

/** A list item ("  1  a check found …"): continuation lines go under its description. */
function fittedItem(line: string, width: number): string[] {
  // A short term only ("0  ", "--cap  "): a long one is text with wide spaces in it (a JSON example).
  const term = /^(\s*\S+(?: \S+)*?\s{2,})\S/.exec(line);
  const hang = term === null || term[1]!.length > Math.min(24, width / 2) ? 0 : term[1]!.length - indentOf(line);
  return wrapLine(line, width, hang);
}

/**
 * One block of lines (between blank lines), fitted: a list (after a heading ending in ":") and
 * examples line by line, a paragraph re-flowed as one, so that it wraps evenly rather than
 * breaking each of its written lines again (its continuation lines keep their hanging indent).
 */
function fittedBlock(lines: readonly string[], width: number): string[] {
  const paragraph = lines.length > 1 && !lines[0]!.trimEnd().endsWith(":") && !lines.some(isExample);
  if (!paragraph) return lines.some(isExample) ? fittedExamples(lines, width) : lines.flatMap((line) => fittedItem(line, width));
  const lead = indentOf(lines[0]!);
  const hang = Math.max(0, indentOf(lines[1]!) - lead);
  return wrapLine(lines.map((line, i) => (i === 0 ? line.trimEnd() : line.trim())).join(" "), width, hang);
}

/** Text commander writes (help, the version), fitted to `width`, or to 80 columns where there is no terminal. */
export function fitHelpText(text: string, width: number | null): string {
  const fit = width ?? PIPED_HELP_WIDTH;
  const out: string[] = [];
  let block: string[] = [];
  const flush = () => {
    if (block.length > 0) out.push(...fittedBlock(block, fit));
    block = [];
  };
  for (const line of text.split("\n")) {
    if (line.trim() === "") {
      flush();
      out.push(line);
    } else block.push(line);
  }
  flush();
  return out.join("\n");
}
