import { type Paint, PLAIN } from "../../format/check-report.js";
import { chalkAt } from "../shared/chalk.js";
import { colorLevel } from "../shared/color.js";
import type { Io } from "../shared/io.js";

/** The check report's colours: green, red and yellow on a terminal that takes colour, none otherwise. */
export async function checkPaint(color: boolean, io: Io): Promise<Paint> {
  const level = colorLevel(color, io.stdout.isTTY === true, io.env);
  if (level === 0) return PLAIN;
  const chalk = await chalkAt(level);
  return { ok: chalk.green, bad: chalk.red, warn: chalk.yellow };
}
