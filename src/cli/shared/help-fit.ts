import { Help } from "commander";
import { wrapLine } from "../../format/wrap.js";

/**
 * Help that fits the terminal as the tables do (see width.ts): commander wraps an
 * option's description in the column beside it only while that column is at least 40
 * wide, and prints the text added after the options as written. Below that, each
 * description goes under its option, wrapped; the text after wraps at spaces (an
 * example never broken: src/format/help-text.ts, fitHelpText). For a pipe the width is 80.
 */

/** A description column narrower than this reads badly: the description goes under its term. */
const MIN_DESCRIPTION_COLUMN = 30;

export const fittedHelp = {
  // Commander leaves a description column narrower than 40 unwrapped (its default minWidthToWrap):
  // 107-character lines in a pipe. It wraps down to the column this module keeps.
  minWidthToWrap: MIN_DESCRIPTION_COLUMN,
  formatItem(this: Help, term: string, termWidth: number, description: string, helper: Help): string {
    const width = this.helpWidth ?? 80;
    if (!description || width - termWidth - 4 >= MIN_DESCRIPTION_COLUMN) return Help.prototype.formatItem.call(this, term, termWidth, description, helper);
    return [`  ${term}`, ...wrapLine(`      ${description}`, width)].join("\n");
  },
};
