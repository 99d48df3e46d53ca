import { Help } from "commander";
import { wrapLine } from "../../format/wrap.js";

/**
 * Help that fits the terminal as the tables do (see width.ts): commander wraps an
 * option's description in the column beside it only while that column is at least 40
 * wide, and prints the text added after the options as written. Below that, each
 * description goes under its option, wrapped; the text after wraps at spaces (an
 * example's continuation indented under its `$`). For a pipe the width is 80 and
 * nothing changes.
 */

/** A description column narrower than this reads badly: the description goes under its term. */
const MIN_DESCRIPTION_COLUMN = 30;

export const fittedHelp = {
  formatItem(this: Help, term: string, termWidth: number, description: string, helper: Help): string {
    const width = this.helpWidth ?? 80;
    if (!description || width - termWidth - 4 >= MIN_DESCRIPTION_COLUMN) return Help.prototype.formatItem.call(this, term, termWidth, description, helper);
    return [`  ${term}`, ...wrapLine(`      ${description}`, width)].join("\n");
  },
};

/** Text commander writes (help, the version), fitted to `width`; null: as it is. */
export function fitHelpText(text: string, width: number | null): string {
  if (width === null) return text;
  return text
    .split("\n")
    .flatMap((line) => wrapLine(line, width, /^\s*\$ /.test(line) ? 4 : 0))
    .join("\n");
}
